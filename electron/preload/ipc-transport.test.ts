import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { buildApi } from '../../shared/ipc/api';
import { contract } from '../../shared/ipc/contract';
import { createIpcTransport, type IpcRendererLike } from './ipc-transport';

/** An ipcRenderer: invoke records calls; main's events are emitted with an IpcRendererEvent first, as Electron does. */
function fakeIpcRenderer() {
  const emitter = new EventEmitter();
  const invoke = vi.fn(async (_channel: string, ..._args: unknown[]) => ({ ok: true, value: {} }));
  const ipc = {
    invoke,
    on: (channel: string, listener: (...args: unknown[]) => void) => emitter.on(channel, listener),
    removeListener: (channel: string, listener: (...args: unknown[]) => void) => emitter.removeListener(channel, listener),
  } as unknown as IpcRendererLike;
  const ipcEvent = { sender: { send: vi.fn() }, senderId: 0, ports: [] };
  const fromMain = (channel: string, payload: unknown) => emitter.emit(channel, ipcEvent, payload);
  return { ipc, invoke, emitter, fromMain };
}

describe('preload IPC transport', () => {
  it('invokes the channel with the input and returns main reply', async () => {
    const { ipc, invoke } = fakeIpcRenderer();
    const transport = createIpcTransport(ipc);
    expect(await transport.invoke('settings:get', {})).toEqual({ ok: true, value: {} });
    expect(invoke).toHaveBeenCalledWith('settings:get', {});
  });

  it('gives listeners the payload only, never the IPC event', () => {
    const { ipc, fromMain } = fakeIpcRenderer();
    const listener = vi.fn();
    createIpcTransport(ipc).subscribe('oracle:progress', listener);
    fromMain('oracle:progress', { requestId: 'r1', data: { done: 3 } });
    expect(listener).toHaveBeenCalledWith({ requestId: 'r1', data: { done: 3 } });
    expect(listener.mock.calls[0]).toHaveLength(1);
  });

  it('unsubscribe removes exactly that listener', () => {
    const { ipc, emitter, fromMain } = fakeIpcRenderer();
    const transport = createIpcTransport(ipc);
    const kept = vi.fn();
    const dropped = vi.fn();
    transport.subscribe('oracle:progress', kept);
    const unsubscribe = transport.subscribe('oracle:progress', dropped);
    unsubscribe();
    fromMain('oracle:progress', { n: 1 });
    expect(dropped).not.toHaveBeenCalled();
    expect(kept).toHaveBeenCalledOnce();
    expect(emitter.listenerCount('oracle:progress')).toBe(1);
  });

  it('window.api built on it calls main through the channel named by the contract', async () => {
    const { ipc, invoke } = fakeIpcRenderer();
    const api = buildApi(contract, createIpcTransport(ipc));
    await api.secrets.set({ name: 'gemini.apiKey', value: 'k' });
    await api.settings.get();
    expect(invoke.mock.calls).toEqual([
      ['secrets:set', { name: 'gemini.apiKey', value: 'k' }],
      ['settings:get', {}],
    ]);
  });
});
