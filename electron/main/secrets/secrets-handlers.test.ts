import { describe, expect, it } from 'vitest';
import { contract } from '../../../shared/ipc/contract';
import { IPC } from '../../../shared/limits';
import { err, ok, type Result } from '../../../shared/result';
import type { Member } from '../../../shared/member';
import type { KeyCheck } from '../../../shared/secrets';
import { createRegistry } from '../ipc/registry';
import type { Sender } from '../ipc/sender';
import { createMemoryLogger } from '../log/logger';
import { createFailingKeytar } from '../../../test/support/fake-keytar';
import { asMainWindowOnly } from '../../../test/support/fake-sender';
import type { KeyCheckStore } from './key-check-store';
import { createKeytarSecretStore } from './keytar-secret-store';
import { createMemorySecretStore } from './memory-secret-store';
import type { SecretStore } from './secret-store';
import { secretsHandlers } from './secrets-handlers';

const VALUE = 'AIza-handler-secret-7';
/** Signed in unless a test says otherwise: past the first run's key, secrets are a member's to change (SEC-5). */
const ANA: Member = { email: 'ana@example.com' };
const sender: Sender = { id: 'window-1', url: 'app://staff-desk/index.html', isMainFrame: true, send: () => {} };
const CHECKED_AT = Date.UTC(2026, 11, 1, 9, 30);
const WORKS: KeyCheck = { outcome: 'works', checkedAt: CHECKED_AT };

function memoryKeyChecks(): KeyCheckStore {
  let kept: KeyCheck | null = null;
  return {
    get: () => kept,
    set: (check) => void (kept = check),
    clear: () => void (kept = null),
  };
}

type Vet = (key: string) => Promise<Result<KeyCheck>>;

function setup(secrets: SecretStore = createMemorySecretStore(), vet: Vet = async () => ok(WORKS), member: Member | null = ANA) {
  const log = createMemoryLogger();
  const tried: string[] = [];
  const keyChecks = memoryKeyChecks();
  const secretsContract = {
    'secrets:set': contract['secrets:set'],
    'secrets:delete': contract['secrets:delete'],
    'secrets:status': contract['secrets:status'],
  };
  const registry = createRegistry({
    contract: secretsContract,
    ...asMainWindowOnly(secretsContract),
    handlers: secretsHandlers({
      secrets,
      keyChecks,
      vetGeminiKey: (key) => {
        tried.push(key);
        return vet(key);
      },
    }),
    isTrustedSender: () => true,
    currentMember: () => member,
    log,
  });
  return { log, secrets, tried, keyChecks, call: (channel: string, input: unknown) => registry.call(channel, input, sender) };
}

describe('secrets handlers', () => {
  it('stores a key and answers with which keys are configured, never the key itself', async () => {
    const { call, log, secrets } = setup();
    const saved = await call('secrets:set', { name: 'gemini.apiKey', value: `${VALUE}\n` });
    const status = await call('secrets:status', {});
    const configured = { 'gemini.apiKey': true, 'zoho.clientId': false, 'zoho.clientSecret': false, 'zoho.refreshToken': false };
    expect(saved).toEqual({ ok: true, value: { configured, geminiCheck: WORKS } });
    expect(status).toEqual({ ok: true, value: { configured, geminiCheck: WORKS } });
    expect(JSON.stringify([saved, status])).not.toContain(VALUE);
    expect(log.lines.join('\n')).not.toContain(VALUE);
    expect(await secrets.get('gemini.apiKey')).toEqual({ ok: true, value: VALUE });
  });

  it('tries a Gemini key before storing it, and stores none that Google refuses', async () => {
    const refused = err('NOT_CONFIGURED', 'Google refused the Gemini API key. Check it in Settings.', { reason: 'invalid_key' });
    const { call, secrets, tried, keyChecks } = setup(createMemorySecretStore({ 'gemini.apiKey': 'the-old-key' }), async () => refused);
    keyChecks.set(WORKS);
    expect(await call('secrets:set', { name: 'gemini.apiKey', value: ` ${VALUE} ` })).toEqual(refused);
    expect(tried).toEqual([VALUE]);
    // The key that was there stays, and so does what was known about it.
    expect(await secrets.get('gemini.apiKey')).toEqual({ ok: true, value: 'the-old-key' });
    expect(await call('secrets:status', {})).toMatchObject({ ok: true, value: { geminiCheck: WORKS } });
  });

  it('stores a key Google could not be asked about, and says it is not verified', async () => {
    const unverified: KeyCheck = {
      outcome: 'unverified',
      checkedAt: CHECKED_AT,
      error: { code: 'UPSTREAM', message: 'Could not reach Google Gemini. Check your internet connection.', reason: 'network' },
    };
    const { call, secrets } = setup(createMemorySecretStore(), async () => ok(unverified));
    expect(await call('secrets:set', { name: 'gemini.apiKey', value: VALUE })).toMatchObject({
      ok: true,
      value: { configured: { 'gemini.apiKey': true }, geminiCheck: unverified },
    });
    expect(await secrets.get('gemini.apiKey')).toEqual({ ok: true, value: VALUE });
  });

  it('tries only the Gemini key, and forgets its check once it is removed', async () => {
    const { call, tried } = setup();
    await call('secrets:set', { name: 'zoho.clientId', value: 'client-1' });
    expect(tried).toEqual([]);
    await call('secrets:set', { name: 'gemini.apiKey', value: VALUE });
    expect(await call('secrets:delete', { name: 'gemini.apiKey' })).toMatchObject({
      ok: true,
      value: { configured: { 'gemini.apiKey': false }, geminiCheck: null },
    });
  });

  it('deletes a key and answers with the new status', async () => {
    const { call } = setup(createMemorySecretStore({ 'zoho.clientId': 'client-1', 'zoho.clientSecret': 'secret-1' }));
    const deleted = await call('secrets:delete', { name: 'zoho.clientSecret' });
    expect(deleted).toMatchObject({ ok: true, value: { configured: { 'zoho.clientId': true, 'zoho.clientSecret': false } } });
  });

  it('SEC-5: signed out, stores and removes the Gemini key only: the Zoho client waits for sign-in', async () => {
    const secrets = createMemorySecretStore({ 'zoho.clientId': 'client-1' });
    const { call } = setup(secrets, async () => ok(WORKS), null);
    expect(await call('secrets:set', { name: 'gemini.apiKey', value: VALUE })).toMatchObject({ ok: true });
    for (const [channel, input] of [
      ['secrets:set', { name: 'zoho.clientSecret', value: 'secret-2' }],
      ['secrets:delete', { name: 'zoho.clientId' }],
    ] as const) {
      expect(await call(channel, input)).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED', reason: 'sign_in_required' } });
    }
    expect(await secrets.status()).toMatchObject({ ok: true, value: { 'gemini.apiKey': true, 'zoho.clientId': true, 'zoho.clientSecret': false } });
  });

  it.each([
    ['an unknown secret', { name: 'openai.apiKey', value: VALUE }],
    ['the refresh token, which only the connect flow writes', { name: 'zoho.refreshToken', value: VALUE }],
    ['a blank value', { name: 'gemini.apiKey', value: ' \n' }],
    ['an extra field', { name: 'gemini.apiKey', value: VALUE, echo: true }],
  ])('refuses %s as invalid input, storing nothing', async (_case, input) => {
    const { call } = setup();
    const result = await call('secrets:set', input);
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(JSON.stringify(result)).not.toContain(VALUE);
    expect(await call('secrets:status', {})).toMatchObject({
      ok: true,
      value: { configured: { 'gemini.apiKey': false, 'zoho.refreshToken': false } },
    });
  });

  it('refuses to delete the refresh token from Settings', async () => {
    const { call, secrets } = setup(createMemorySecretStore({ 'zoho.refreshToken': 'refresh-1' }));
    expect(await call('secrets:delete', { name: 'zoho.refreshToken' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', field: 'name' },
    });
    expect(await secrets.get('zoho.refreshToken')).toEqual({ ok: true, value: 'refresh-1' });
  });

  it.each(['AIza\u00a0key', 'AIza“key”', 'clé-ключ', 'AIza key'])(
    'refuses %j, which no key contains, and stores nothing',
    async (value) => {
      const { call, secrets } = setup();
      expect(await call('secrets:set', { name: 'gemini.apiKey', value })).toMatchObject({
        ok: false,
        error: { code: 'INVALID_INPUT', field: 'value', reason: 'key_characters' },
      });
      expect(await secrets.get('gemini.apiKey')).toEqual({ ok: true, value: null });
    },
  );

  it('refuses a value longer than any real key', async () => {
    const { call } = setup();
    const result = await call('secrets:set', { name: 'gemini.apiKey', value: 'k'.repeat(IPC.secretValueMaxChars + 1) });
    expect(result).toMatchObject({ ok: false, error: { code: 'TOO_LARGE', field: 'value' } });
  });

  it('passes on how to fix an unavailable keychain', async () => {
    const keytar = createFailingKeytar(() => 'Cannot autolaunch D-Bus without X11 $DISPLAY');
    const { call } = setup(createKeytarSecretStore({ keytar, service: 'staff-desk', platform: 'darwin' }));
    for (const result of [
      await call('secrets:set', { name: 'gemini.apiKey', value: VALUE }),
      await call('secrets:delete', { name: 'gemini.apiKey' }),
      await call('secrets:status', {}),
    ]) {
      expect(result).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED', hint: expect.stringMatching(/keychain/) } });
      expect(JSON.stringify(result)).not.toContain(VALUE);
    }
  });
});
