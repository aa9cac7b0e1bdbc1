import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { createCore, type AppBroadcast, type Core, type CoreDeps } from '../../electron/main/core';
import { allowOrigins } from '../../electron/main/ipc/sender';
import { createMemoryLogger } from '../../electron/main/log/logger';
import { createMemorySecretStore } from '../../electron/main/secrets/memory-secret-store';
import { openDatabase } from '../../electron/main/store/open-database';
import { closedLoginPort } from './auth-test-kit';
import { APP_ORIGIN } from './fake-sender';

/**
 * Gemini for a core that was given none: a port nothing listens on (the discard port), so a test that forgot
 * to start the double gets "no network" rather than reaching Google.
 */
export const UNREACHABLE_GEMINI_URL = 'http://127.0.0.1:9';

/**
 * The real core over a real database in a temp folder, with in-memory secrets and logs. Pass
 * `gemini: { baseUrl: double.baseUrl }` to talk to the Gemini double, and `auth` (see auth-test-kit.ts) to sign in;
 * by default every sign-in window is closed by hand.
 */
export interface TestCore {
  core: Core;
  db: Database.Database;
  dir: string;
  file: string;
  log: ReturnType<typeof createMemoryLogger>;
  /** URLs handed to the system browser. */
  opens: string[];
  /** Texts put on the clipboard. */
  copies: string[];
  /** Events the core broadcast, in order (unless `broadcast` was overridden). */
  broadcasts: Array<{ event: AppBroadcast; payload: unknown }>;
  dispose(): void;
}

export function createTestCore(overrides: Partial<CoreDeps> = {}): TestCore {
  const dir = mkdtempSync(join(tmpdir(), 'staff-desk-core-'));
  const file = join(dir, 'staff-desk.sqlite3');
  const opened = openDatabase(file);
  if (!opened.ok) throw new Error(opened.error.message);
  const log = createMemoryLogger();
  const opens: string[] = [];
  const copies: string[] = [];
  const broadcasts: TestCore['broadcasts'] = [];
  const core = createCore({
    db: opened.db,
    secrets: createMemorySecretStore(),
    log,
    appInfo: { version: '0.0.0-test', dataPath: dir, platform: 'linux' },
    openExternal: async (url) => {
      opens.push(url);
    },
    copyText: (text) => copies.push(text),
    isTrustedSender: allowOrigins([APP_ORIGIN]),
    gemini: { baseUrl: UNREACHABLE_GEMINI_URL },
    auth: { login: closedLoginPort(), notify: () => {} },
    broadcast: (event, payload) => broadcasts.push({ event, payload }),
    ...overrides,
  });
  return {
    core,
    db: opened.db,
    dir,
    file,
    log,
    opens,
    copies,
    broadcasts,
    dispose() {
      core.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
