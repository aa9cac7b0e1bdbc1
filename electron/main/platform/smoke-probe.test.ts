import type { Menu } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { err, type Result } from '../../../shared/result';
import { createMemorySecretStore } from '../secrets/memory-secret-store';
import { createSmokeProbe, exposeSmokeProbe, SMOKE_PROBE_KEY, type ProbeSecretStore } from './smoke-probe';

function fakeMenu(items: Array<{ id?: string; label?: string; type?: string; enabled?: boolean; click?: () => void }>): Menu {
  return { items: items.map((item) => ({ type: 'normal', enabled: true, id: '', label: '', click: vi.fn(), ...item })) } as unknown as Menu;
}

describe('RD1 the smoke probe', () => {
  it("lists the tray's entries without separators and clicks one by what it does", () => {
    const ask = vi.fn();
    const menu = fakeMenu([{ id: 'open', label: 'Open' }, { type: 'separator' }, { id: 'ask', label: 'Ask…', click: ask }]);
    const probe = createSmokeProbe({ trayMenu: () => menu, keychain: createMemorySecretStore(), startup: () => null });
    expect(probe.trayItems()).toEqual([
      { id: 'open', label: 'Open', enabled: true },
      { id: 'ask', label: 'Ask…', enabled: true },
    ]);
    expect(probe.clickTray('ask')).toBe(true);
    expect(ask).toHaveBeenCalledOnce();
    expect(probe.clickTray('nothing')).toBe(false);
  });

  it('round-trips a value through the keychain and leaves nothing behind', async () => {
    const keychain = createMemorySecretStore();
    const probe = createSmokeProbe({ trayMenu: () => null, keychain, startup: () => null });
    expect(await probe.keychainRoundTrip()).toEqual({ stored: true, readBack: true, removed: true });
    expect(await keychain.status()).toMatchObject({ ok: true, value: { 'gemini.apiKey': false } });
  });

  it('says which step failed when the keychain refuses', async () => {
    const refused: Result<never> = err('NOT_CONFIGURED', 'The system keychain is not available.');
    const keychain: ProbeSecretStore = { get: async () => refused, set: async () => refused, delete: async () => refused };
    const probe = createSmokeProbe({ trayMenu: () => null, keychain, startup: () => null });
    expect(await probe.keychainRoundTrip()).toEqual({ stored: false, readBack: false, removed: false });
  });

  it('forgets every secret the app stored during the run, and says when one stayed', async () => {
    const appSecrets = createMemorySecretStore();
    await appSecrets.set('gemini.apiKey', 'AIzaSy-typed-in-settings');
    await appSecrets.set('zoho.refreshToken', '1000.refresh');
    const probe = createSmokeProbe({ trayMenu: () => null, keychain: appSecrets, startup: () => null });
    expect(await probe.forgetSecrets()).toBe(true);
    expect(await appSecrets.status()).toEqual({ ok: true, value: { 'gemini.apiKey': false, 'zoho.clientId': false, 'zoho.clientSecret': false, 'zoho.refreshToken': false } });

    const locked = createSmokeProbe({
      trayMenu: () => null,
      keychain: { ...createMemorySecretStore(), delete: async () => err('NOT_CONFIGURED', 'The system keychain is not available.') },
      startup: () => null,
    });
    expect(await locked.forgetSecrets()).toBe(false);
  });

  it('is only there in a smoke run', () => {
    const make = () => createSmokeProbe({ trayMenu: () => null, keychain: createMemorySecretStore(), startup: () => null });
    const ordinary: Record<string, unknown> = {};
    expect(exposeSmokeProbe(null, make, ordinary)).toBe(false);
    const smoke: Record<string, unknown> = {};
    expect(exposeSmokeProbe({ upstreams: {}, keychainService: 'Staff Desk (smoke test)' }, make, smoke)).toBe(true);
    expect(Object.keys(ordinary)).toEqual([]);
    expect(smoke[SMOKE_PROBE_KEY]).toBeDefined();
  });
});
