import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { expect, it } from 'vitest';
import { ok } from '../../shared/result';
import { allowOrigins } from '../../electron/main/app/app-origin';
import { createCore } from '../../electron/main/core';
import { createMemoryLogger } from '../../electron/main/log/logger';
import { createMemorySecretStore } from '../../electron/main/secrets/memory-secret-store';
import { openDatabase } from '../../electron/main/store/open-database';
import { closedLoginPort } from '../support/auth-test-kit';
import { APP_ORIGIN, fakeSender } from '../support/fake-sender';
import { fakePromptFiles, fakeTranscriptFiles, UNREACHABLE_GEMINI_URL } from '../support/test-core';
import { medianMs, record } from './measure';

function startCore(file: string) {
  const dir = join(file, '..');
  const opened = openDatabase(file);
  if (!opened.ok) throw new Error(opened.error.message);
  return createCore({
    db: opened.db,
    secrets: createMemorySecretStore(),
    log: createMemoryLogger(),
    appInfo: { version: 'bench', dataPath: file, platform: process.platform, updates: 'development' },
    openExternal: async () => {},
    copyText: () => {},
    isTrustedSender: allowOrigins([APP_ORIGIN]),
    windowOf: () => 'main',
    gemini: { baseUrl: UNREACHABLE_GEMINI_URL },
    auth: { login: closedLoginPort(), notify: () => {} },
    // An empty knowledge base: the start measured here is the core's own, not a first indexing pass.
    knowledge: {
      defaultFolder: join(file, '..', 'empty-knowledge-base'),
      chooseFolder: async () => null,
      openNote: async () => ({ ok: false, reason: 'no_app_for_notes', message: 'not in a bench' }),
      watch: () => ({ close() {} }),
    },
    assistant: { promptFiles: fakePromptFiles().port },
    translate: { transcriptFiles: fakeTranscriptFiles().port },
    diagnostics: {
      host: { osRelease: 'bench', arch: process.arch, versions: process.versions, packaged: false },
      logDir: dir,
      files: { save: async () => ok(false) },
    },
    broadcast: () => {},
  });
}

it('measures core start and IPC overhead', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'staff-desk-bench-'));
  const file = join(dir, 'staff-desk.sqlite3');
  try {
    // First open creates the file and applies migrations; the measured starts find them applied.
    startCore(file).close();
    const coreStartMs = await medianMs(30, () => startCore(file), (core) => core.close());

    const core = startCore(file);
    const { sender } = fakeSender();
    const calls = 20_000;
    for (let i = 0; i < 2_000; i++) await core.registry.call('app:info', {}, sender);
    const start = performance.now();
    for (let i = 0; i < calls; i++) await core.registry.call('app:info', {}, sender);
    const ipcOverheadUs = ((performance.now() - start) * 1000) / calls;
    const check = await core.registry.call('app:info', {}, sender);
    core.close();
    expect(check.ok).toBe(true);

    record({ name: 'core_start_ms', value: coreStartMs, target: '<= 50' });
    record({ name: 'ipc_overhead_us', value: ipcOverheadUs, target: '<= 50' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
