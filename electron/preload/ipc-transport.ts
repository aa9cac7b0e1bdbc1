import type { IpcRenderer, IpcRendererEvent } from 'electron';
import type { ApiTransport } from '../../shared/ipc/api';

export type IpcRendererLike = Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>;

/**
 * window.api's transport over Electron IPC. The page's listeners get the payload only: the IpcRendererEvent
 * (which carries `sender`, an ipcRenderer) must never reach the page.
 */
export function createIpcTransport(ipc: IpcRendererLike): ApiTransport {
  return {
    invoke: (channel, input) => ipc.invoke(channel, input),
    subscribe(event, listener) {
      const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
      ipc.on(event, forward);
      return () => {
        ipc.removeListener(event, forward);
      };
    },
  };
}
