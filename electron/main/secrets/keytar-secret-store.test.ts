import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger, createRedactor } from '../log/logger';
import { createFailingKeytar, createFakeKeytar } from '../../../test/support/fake-keytar';
import { createKeytarSecretStore, type KeytarSecretStoreDeps } from './keytar-secret-store';

const VALUE = 'AIza-secret-value-42';

describe('createKeytarSecretStore', () => {
  it("files each secret under the app's service, with the secret's name as the account", async () => {
    const keytar = createFakeKeytar();
    const store = createKeytarSecretStore({ keytar, service: 'staff-desk', platform: 'linux' });
    await store.set('zoho.clientId', ` ${VALUE}\r\n`);
    expect([...keytar.entries]).toEqual([['staff-desk/zoho.clientId', VALUE]]);
  });

  it('masks values it reads from the keychain, not only the ones it writes', async () => {
    const keytar = createFakeKeytar();
    await keytar.setPassword('staff-desk', 'zoho.refreshToken', 'refresh-from-last-run');
    const redactor = createRedactor();
    const lines: string[] = [];
    const store = createKeytarSecretStore({ keytar, service: 'staff-desk', platform: 'linux', redactor });
    expect(await store.get('zoho.refreshToken')).toEqual({ ok: true, value: 'refresh-from-last-run' });
    createLogger([{ write: (line) => lines.push(line) }], redactor).warn('refresh failed', { body: 'refresh-from-last-run' });
    expect(lines.join('\n')).not.toContain('refresh-from-last-run');
  });

  it('treats a blank entry left in the keychain as no key', async () => {
    const keytar = createFakeKeytar();
    await keytar.setPassword('staff-desk', 'gemini.apiKey', '\n');
    const store = createKeytarSecretStore({ keytar, service: 'staff-desk', platform: 'linux' });
    expect(await store.status()).toMatchObject({ ok: true, value: { 'gemini.apiKey': false } });
  });

  it('loads keytar only when first needed, and only once', async () => {
    const loader = vi.fn(async () => createFakeKeytar());
    const store = createKeytarSecretStore({ keytar: loader, service: 'staff-desk', platform: 'linux' });
    expect(loader).not.toHaveBeenCalled();
    await store.set('gemini.apiKey', VALUE);
    expect(await store.get('gemini.apiKey')).toEqual({ ok: true, value: VALUE });
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('works again once the keychain comes back (e.g. the member unlocked it)', async () => {
    const keytar = createFakeKeytar();
    const locked = vi.spyOn(keytar, 'setPassword').mockRejectedValueOnce(new Error('Cannot create an item in a locked collection'));
    const store = createKeytarSecretStore({ keytar, service: 'staff-desk', platform: 'linux' });
    expect(await store.set('gemini.apiKey', VALUE)).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED' } });
    expect(await store.set('gemini.apiKey', VALUE)).toEqual({ ok: true, value: undefined });
    expect(locked).toHaveBeenCalledTimes(2);
  });
});

describe('createKeytarSecretStore without a usable keychain', () => {
  let sandbox: string;
  let cwd: string;

  beforeEach(() => {
    sandbox = mkdtempSync(join(tmpdir(), 'staff-desk-secrets-'));
    cwd = process.cwd();
    vi.stubEnv('HOME', sandbox);
    process.chdir(sandbox);
  });

  afterEach(() => {
    process.chdir(cwd);
    vi.unstubAllEnvs();
    rmSync(sandbox, { recursive: true, force: true });
  });

  const unreachable: [string, KeytarSecretStoreDeps['keytar']][] = [
    ['no D-Bus session', createFailingKeytar(() => 'Cannot autolaunch D-Bus without X11 $DISPLAY')],
    [
      'no Secret Service on the bus',
      createFailingKeytar(() => 'The name org.freedesktop.secrets was not provided by any .service files'),
    ],
    ['an error that echoes the password', createFailingKeytar((password) => `Could not store "${password}" in keyring`)],
    [
      'a native module that fails to load',
      () => Promise.reject(new Error('libsecret-1.so.0: cannot open shared object file: No such file or directory')),
    ],
    [
      'a loader that throws',
      () => {
        throw new Error("Cannot find module '../build/Release/keytar.node'");
      },
    ],
  ];

  it.each(unreachable)('with %s, every method says the keychain is unavailable and how to fix it', async (_case, keytar) => {
    const store = createKeytarSecretStore({ keytar, service: 'staff-desk', platform: 'linux' });
    const results = [
      await store.set('gemini.apiKey', VALUE),
      await store.get('gemini.apiKey'),
      await store.delete('gemini.apiKey'),
      await store.status(),
    ];
    for (const result of results) {
      expect(result).toEqual({
        ok: false,
        error: {
          code: 'NOT_CONFIGURED',
          message: 'The system keychain is not available, so keys cannot be stored safely.',
          reason: 'keychain_unavailable',
          hint: expect.stringMatching(/GNOME Keyring or KWallet.*desktop session/),
        },
      });
      expect(JSON.stringify(result)).not.toContain(VALUE);
    }
    expect(readdirSync(sandbox, { recursive: true })).toEqual([]);
  });

  it('refuses to store when the keyring is locked, even though reads quietly find nothing', async () => {
    // What gnome-keyring does with a locked login collection and no way to prompt: reads give null, writes fail.
    const keytar = createFakeKeytar();
    vi.spyOn(keytar, 'setPassword').mockRejectedValue(
      new Error('Object does not exist at path “/org/freedesktop/secrets/collection/login”'),
    );
    const store = createKeytarSecretStore({ keytar, service: 'staff-desk', platform: 'linux' });
    expect(await store.set('gemini.apiKey', VALUE)).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED' } });
    expect(await store.status()).toMatchObject({ ok: true, value: { 'gemini.apiKey': false } });
    expect(readdirSync(sandbox, { recursive: true })).toEqual([]);
  });

  it.each([
    ['darwin', /login keychain/],
    ['win32', /Windows Credential Manager/],
    ['linux', /GNOME Keyring or KWallet/],
    ['freebsd', /Secret Service/],
  ] as const)('on %s, the hint names what to fix there', async (platform, hint) => {
    const keytar = createFailingKeytar(() => 'keychain error');
    const store = createKeytarSecretStore({ keytar, service: 'staff-desk', platform });
    const result = await store.set('gemini.apiKey', VALUE);
    expect(result.ok ? undefined : result.error.hint).toMatch(hint);
  });
});
