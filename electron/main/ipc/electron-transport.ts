import {
  ipcMain,
  type IpcMainInvokeEvent,
  type WebContents,
  type WebContentsDidStartNavigationEventParams,
} from 'electron';
import type { Contract } from '../../../shared/ipc/define';
import type { Registry } from './registry';
import type { Sender } from './sender';

/** Describes who invoked: the registry's sender policy decides whether to trust it. */
export function senderFromEvent(event: IpcMainInvokeEvent): Sender {
  const contents = event.sender;
  const frame = event.senderFrame;
  return {
    id: String(contents.id),
    // A frame that navigated away or died while its call was in flight is null: it is trusted with nothing.
    url: frame?.url ?? '',
    isMainFrame: frame !== null && frame === contents.mainFrame,
    send(name, payload) {
      if (!contents.isDestroyed()) contents.send(name, payload);
    },
  };
}

interface Watched {
  readonly contents: WebContents;
  readonly release: () => void;
  readonly onDestroyed: () => void;
  readonly onNavigation: (details: WebContentsDidStartNavigationEventParams) => void;
}

/**
 * The product's transport: one ipcMain handler per contract channel, each a straight pass into the registry,
 * which checks the sender and the input and always answers with a Result. Work a window started is aborted when
 * that window closes, crashes, reloads or navigates. Returns the function that removes the handlers.
 */
export function registerElectronTransport<C extends Contract>(registry: Registry<C>): () => void {
  const watched = new Map<number, Watched>();

  function unwatch(entry: Watched) {
    watched.delete(entry.contents.id);
    entry.contents.removeListener('destroyed', entry.onDestroyed);
    entry.contents.removeListener('render-process-gone', entry.release);
    entry.contents.removeListener('did-start-navigation', entry.onNavigation);
  }

  function watch(contents: WebContents) {
    if (watched.has(contents.id)) return;
    const senderId = String(contents.id);
    const entry: Watched = {
      contents,
      release: () => registry.releaseSender(senderId),
      onDestroyed: () => {
        registry.releaseSender(senderId);
        unwatch(entry);
      },
      onNavigation: (details) => {
        // A new document replaces the page that started the work; hash and history changes keep it.
        if (details.isMainFrame && !details.isSameDocument) registry.releaseSender(senderId);
      },
    };
    watched.set(contents.id, entry);
    contents.on('destroyed', entry.onDestroyed);
    contents.on('render-process-gone', entry.release);
    contents.on('did-start-navigation', entry.onNavigation);
  }

  for (const channel of registry.channels) {
    ipcMain.handle(channel, (event, input: unknown) => {
      watch(event.sender);
      return registry.call(channel, input, senderFromEvent(event));
    });
  }

  return () => {
    for (const channel of registry.channels) ipcMain.removeHandler(channel);
    for (const entry of [...watched.values()]) unwatch(entry);
  };
}
