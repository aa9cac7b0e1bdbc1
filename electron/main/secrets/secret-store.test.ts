import { describe, expect, it } from 'vitest';
import { SECRET_NAMES, type SecretName } from '../../../shared/secrets';
import { createLogger, createRedactor, type Redactor } from '../log/logger';
import { createFakeKeytar } from '../../../test/support/fake-keytar';
import { createKeytarSecretStore } from './keytar-secret-store';
import { createMemorySecretStore } from './memory-secret-store';
import type { SecretStore } from './secret-store';

const NOTHING_CONFIGURED = Object.fromEntries(SECRET_NAMES.map((name) => [name, false]));

const stores: [string, (redactor?: Redactor) => SecretStore][] = [
  ['memory', (redactor) => createMemorySecretStore({}, redactor)],
  [
    'keytar',
    (redactor) => createKeytarSecretStore({ keytar: createFakeKeytar(), service: 'staff-desk', redactor, platform: 'linux' }),
  ],
];

describe.each(stores)('%s secret store', (_kind, makeStore) => {
  it('starts with nothing configured', async () => {
    const store = makeStore();
    expect(await store.status()).toEqual({ ok: true, value: NOTHING_CONFIGURED });
    expect(await store.get('gemini.apiKey')).toEqual({ ok: true, value: null });
  });

  it('keeps a key without the whitespace a paste brings along', async () => {
    const store = makeStore();
    expect(await store.set('gemini.apiKey', '  AIza-key-123\n')).toEqual({ ok: true, value: undefined });
    expect(await store.get('gemini.apiKey')).toEqual({ ok: true, value: 'AIza-key-123' });
    expect(await store.status()).toEqual({ ok: true, value: { ...NOTHING_CONFIGURED, 'gemini.apiKey': true } });
  });

  it('replaces a key with a new one', async () => {
    const store = makeStore();
    await store.set('zoho.clientSecret', 'first-secret');
    await store.set('zoho.clientSecret', 'second-secret');
    expect(await store.get('zoho.clientSecret')).toEqual({ ok: true, value: 'second-secret' });
  });

  it('refuses a blank key and keeps the one it had', async () => {
    const store = makeStore();
    await store.set('zoho.clientId', 'client-id-1');
    const blank = await store.set('zoho.clientId', ' \n\t ');
    expect(blank).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'value' } });
    expect(await store.get('zoho.clientId')).toEqual({ ok: true, value: 'client-id-1' });
  });

  it('forgets a deleted key, and deleting a missing one is fine', async () => {
    const store = makeStore();
    await store.set('zoho.refreshToken', 'refresh-token-1');
    expect(await store.delete('zoho.refreshToken')).toEqual({ ok: true, value: undefined });
    expect(await store.delete('zoho.refreshToken')).toEqual({ ok: true, value: undefined });
    expect(await store.get('zoho.refreshToken')).toEqual({ ok: true, value: null });
    expect(await store.status()).toEqual({ ok: true, value: NOTHING_CONFIGURED });
  });

  it('refuses names it does not know, even from untyped callers', async () => {
    const store = makeStore();
    const unknown = 'openai.apiKey' as SecretName;
    for (const result of [await store.set(unknown, 'value-1'), await store.get(unknown), await store.delete(unknown)]) {
      expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'name' } });
    }
    expect(await store.status()).toEqual({ ok: true, value: NOTHING_CONFIGURED });
  });

  it('never lets a key it stored reach a log line', async () => {
    const redactor = createRedactor();
    const lines: string[] = [];
    const log = createLogger([{ write: (line) => lines.push(line) }], redactor);
    const store = makeStore(redactor);
    await store.set('gemini.apiKey', 'AIza-very-secret\n');
    log.error('request failed', { header: 'x-goog-api-key: AIza-very-secret' });
    expect(lines.join('\n')).not.toContain('AIza-very-secret');
    expect(lines.join('\n')).toContain('[redacted]');
  });
});
