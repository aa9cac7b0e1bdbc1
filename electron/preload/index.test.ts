import { describe, expect, it, vi } from 'vitest';
import { appManifest } from '../../shared/ipc/app-api';
import { contract } from '../../shared/ipc/contract';

const electron = vi.hoisted(() => ({
  contextBridge: { exposeInMainWorld: vi.fn() },
  ipcRenderer: {
    invoke: vi.fn(async () => ({ ok: true, value: { version: '1.0.0' } })),
    on: vi.fn(),
    removeListener: vi.fn(),
  },
}));
vi.mock('electron', () => electron);
// The build writes the manifest in (electron.vite.config.ts); here it comes from the same function.
vi.stubGlobal('__IPC_MANIFEST__', appManifest());

await import('./index');

function exposed() {
  expect(electron.contextBridge.exposeInMainWorld).toHaveBeenCalledOnce();
  const [key, api] = electron.contextBridge.exposeInMainWorld.mock.calls[0] as [string, Record<string, unknown>];
  return { key, api };
}

describe('preload', () => {
  it('exposes one thing to the page: window.api', () => {
    expect(exposed().key).toBe('api');
  });

  it('gives the page one method per contract channel and an event subscription, nothing else', () => {
    const { api } = exposed();
    const methods = Object.entries(api).flatMap(([domain, group]) =>
      domain === 'on' ? [] : Object.keys(group as object).map((action) => `${domain}:${action}`),
    );
    expect(methods.sort()).toEqual(Object.keys(contract).sort());
    expect(typeof api.on).toBe('function');
    for (const name of ['ipcRenderer', 'process', 'require', 'env', 'invoke', 'send']) expect(api).not.toHaveProperty(name);
  });

  it('calls go through ipcRenderer.invoke on the named channel', async () => {
    const api = exposed().api as { app: { info(): Promise<unknown> } };
    expect(await api.app.info()).toEqual({ ok: true, value: { version: '1.0.0' } });
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledWith('app:info', {});
  });

  it('refuses to subscribe to events the contract does not define', () => {
    const api = exposed().api as { on(event: string, listener: () => void): () => void };
    expect(() => api.on('ipc:anything', () => {})).toThrow(/Unknown event/);
    expect(electron.ipcRenderer.on).not.toHaveBeenCalled();
  });
});
