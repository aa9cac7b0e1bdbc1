import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { SECRET_NAMES } from '../../../shared/secrets';
import { createKeytarSecretStore, loadKeytar } from './keytar-secret-store';

// Talks to a real Secret Service, so it runs only inside scripts/with-keyring.sh (a private, throwaway keyring).
describe.runIf(process.env.STAFF_DESK_KEYRING === '1')('keytar secret store on a real keychain', () => {
  const services: string[] = [];

  function storeFor(label: string) {
    const service = `staff-desk-test-${label}-${randomUUID()}`;
    services.push(service);
    return createKeytarSecretStore({ keytar: loadKeytar, service, platform: process.platform });
  }

  afterEach(async () => {
    const keytar = await loadKeytar();
    for (const service of services.splice(0)) {
      for (const name of SECRET_NAMES) await keytar.deletePassword(service, name);
    }
  });

  it('stores, reads back, overwrites and deletes a key', async () => {
    const store = storeFor('round-trip');
    expect(await store.set('gemini.apiKey', 'AIza-first-key\n')).toEqual({ ok: true, value: undefined });
    expect(await store.get('gemini.apiKey')).toEqual({ ok: true, value: 'AIza-first-key' });
    expect(await store.set('gemini.apiKey', 'AIza-second-key')).toEqual({ ok: true, value: undefined });
    expect(await store.get('gemini.apiKey')).toEqual({ ok: true, value: 'AIza-second-key' });
    expect(await store.delete('gemini.apiKey')).toEqual({ ok: true, value: undefined });
    expect(await store.get('gemini.apiKey')).toEqual({ ok: true, value: null });
    expect(await store.delete('gemini.apiKey')).toEqual({ ok: true, value: undefined });
  });

  it('keeps non-ASCII values intact', async () => {
    const store = storeFor('unicode');
    await store.set('zoho.clientSecret', 'clé-ключ-鍵-🔑');
    expect(await store.get('zoho.clientSecret')).toEqual({ ok: true, value: 'clé-ключ-鍵-🔑' });
  });

  it('reports which keys are configured', async () => {
    const store = storeFor('status');
    expect(await store.status()).toEqual({
      ok: true,
      value: { 'gemini.apiKey': false, 'zoho.clientId': false, 'zoho.clientSecret': false, 'zoho.refreshToken': false },
    });
    await store.set('zoho.clientId', 'client-id-1');
    await store.set('zoho.refreshToken', 'refresh-token-1');
    expect(await store.status()).toEqual({
      ok: true,
      value: { 'gemini.apiKey': false, 'zoho.clientId': true, 'zoho.clientSecret': false, 'zoho.refreshToken': true },
    });
  });

  it('keeps apps with different service names apart', async () => {
    const mine = storeFor('mine');
    const theirs = storeFor('theirs');
    await mine.set('gemini.apiKey', 'my-key-123');
    expect(await theirs.get('gemini.apiKey')).toEqual({ ok: true, value: null });
    await theirs.set('gemini.apiKey', 'their-key-456');
    await theirs.delete('gemini.apiKey');
    expect(await mine.get('gemini.apiKey')).toEqual({ ok: true, value: 'my-key-123' });
  });
});
