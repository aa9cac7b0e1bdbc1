import type { Core } from '../../electron/main/core';
import { buildAppApi, type AppApi } from '../../shared/ipc/app-api';
import { fakeSender } from './fake-sender';

/**
 * The page's side of the registry, in process: window.api built from the contract as the preload builds it over
 * ipcRenderer, with the window's events reaching its subscribers synchronously, as IPC would deliver them.
 */
export function inProcessApi(core: Pick<Core, 'registry'>): AppApi {
  const window = fakeSender();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  window.sender.send = (event, payload) => {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  };
  return buildAppApi({
    invoke: (channel, input) => core.registry.call(channel, input, window.sender),
    subscribe(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  });
}
