import { join } from 'node:path';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { contract } from '../../../shared/ipc/contract';
import { DEFAULT_SETTINGS } from '../../../shared/settings';
import { fakeSender } from '../../../test/support/fake-sender';
import { expectOpened, makeTempDir } from '../../../test/support/store-helpers';
import { createSignedInTestCore } from '../../../test/support/signed-in-core';
import { createTestCore, type TestCore } from '../../../test/support/test-core';
import type { CallContext } from '../ipc/registry';
import { openDatabase } from '../store/open-database';
import { settingsHandlers } from './settings-handlers';
import { createSettingsStore } from './settings-store';

const ctx: CallContext = {
  sender: { id: 'window-1', url: 'app://staff-desk/index.html', isMainFrame: true, send: () => undefined },
  signal: new AbortController().signal,
  member: null,
};

function handlers() {
  const db = expectOpened(openDatabase(join(makeTempDir(), 'app.db')));
  // No machine policy: nothing is locked.
  return settingsHandlers({ settings: { ...createSettingsStore(db), locked: () => [] } });
}

/** settings:update as a signed-in member's window calls it, on a core made for each test that asks and disposed after it. */
function signedInUpdates() {
  const made: { test: TestCore | null } = { test: null };
  afterEach(() => {
    made.test?.dispose();
    made.test = null;
  });
  return {
    async call(input: unknown) {
      made.test ??= await createSignedInTestCore();
      return made.test.core.registry.call('settings:update', input, fakeSender().sender);
    },
    /** The core the last call made. */
    core: () => made.test!.core,
  };
}

describe('settings handlers', () => {
  it('returns the current settings in the shape the contract promises', async () => {
    const result = await handlers()['settings:get']({}, ctx);

    expect(result).toEqual({ ok: true, value: DEFAULT_SETTINGS });
    if (result.ok) expect(contract['settings:get'].output.safeParse(result.value).success).toBe(true);
  });

  it('applies an update and reads it back', async () => {
    const h = handlers();

    const updated = await h['settings:update']({ language: 'ru' }, ctx);

    expect(updated).toEqual({ ok: true, value: { ...DEFAULT_SETTINGS, language: 'ru' } });
    if (updated.ok) expect(contract['settings:update'].output.safeParse(updated.value).success).toBe(true);
    expect(await h['settings:get']({}, ctx)).toEqual({ ok: true, value: { ...DEFAULT_SETTINGS, language: 'ru' } });
  });
});

describe('the knowledge base folder over settings:update', () => {
  // Signed in: the folder is a member's to change (SEC-5).
  const { call, core } = signedInUpdates();

  // The folder is the system picker's to set (oracle:chooseFolder): a page could otherwise point main at a network
  // share (and Windows would hand it the member's credentials) or at any folder, with no one signed in.
  it.each(['\\\\attacker.example\\share', '//attacker.example/share', '/etc', 'C:\\Users\\ana\\.ssh'])(
    'refuses %s with a typed error and keeps the folder',
    async (path) => {
      expect(await call({ knowledgeBase: { path } })).toMatchObject({
        ok: false,
        error: { code: 'INVALID_INPUT', field: 'knowledgeBase.path' },
      });
      await expect(core().registry.call('settings:get', {}, fakeSender().sender)).resolves.toMatchObject({
        ok: true,
        value: { knowledgeBase: { path: null } },
      });
    },
  );

  it('still takes the member back to the guide shipped with the app, and the floors', async () => {
    expect(await call({ knowledgeBase: { path: null, floors: { 'gemini-embedding-001': 0.5 } } })).toMatchObject({
      ok: true,
      value: { knowledgeBase: { path: null, floors: { 'gemini-embedding-001': 0.5 } } },
    });
  });
});

describe('settings:changed', () => {
  it("tells every window what was stored, so a page's copy of the settings never goes stale", async () => {
    const test = await createSignedInTestCore();
    try {
      const stored = await test.core.registry.call('settings:update', { voice: { spokenAnswers: false } }, fakeSender().sender);
      const told = test.broadcasts.filter(({ event }) => event === 'settings:changed').map(({ payload }) => payload);
      expect(stored.ok && told).toEqual([stored.ok ? stored.value : null]);
      expect(told[0]).toMatchObject({ voice: { spokenAnswers: false } });
    } finally {
      test.dispose();
    }
  });

  it('says nothing when an update is refused', async () => {
    const test = createTestCore();
    try {
      await test.core.registry.call('settings:update', { knowledgeBase: { path: '/etc' } }, fakeSender().sender);
      expect(test.broadcasts.filter(({ event }) => event === 'settings:changed')).toEqual([]);
    } finally {
      test.dispose();
    }
  });
});

describe('RD3 crash reports over settings:update', () => {
  const SERVER = 'https://crashes.example.com/submit?token=team';
  const { call } = signedInUpdates();

  it('RD3 refuses sending on with nowhere to send to, and keeps it off', async () => {
    expect(await call({ crashReports: { upload: true } })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', reason: 'crash_report_url_required', field: 'crashReports.url' },
    });
    expect(await call({ crashReports: { upload: true, url: SERVER } })).toMatchObject({ ok: true, value: { crashReports: { upload: true, url: SERVER } } });
    // Nor can the address go while sending is on.
    expect(await call({ crashReports: { url: null } })).toMatchObject({ ok: false, error: { reason: 'crash_report_url_required' } });
    expect(await call({ crashReports: { upload: false, url: null } })).toMatchObject({ ok: true, value: { crashReports: { upload: false, url: null } } });
  });

  it('RD3 refuses a server that is not https, in one sentence naming the field', async () => {
    expect(await call({ crashReports: { url: 'http://crashes.example.com/submit' } })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', field: 'crashReports.url', message: expect.stringContaining('https') },
    });
  });

  it('RD3 waits for sign-in: with no member, nothing is sent on anyone’s behalf', async () => {
    const test = createTestCore();
    onTestFinished(() => test.dispose());
    expect(await test.core.registry.call('settings:update', { crashReports: { upload: true, url: SERVER } }, fakeSender().sender)).toMatchObject({
      ok: false,
      error: { code: 'UNAUTHENTICATED', reason: 'sign_in_required', field: 'crashReports' },
    });
  });
});
