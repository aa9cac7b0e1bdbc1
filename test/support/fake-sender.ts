import type { Contract } from '../../shared/ipc/define';
import type { RegistryDeps } from '../../electron/main/ipc/registry';
import type { Sender } from '../../electron/main/ipc/sender';

export const APP_ORIGIN = 'app://staff-desk';

/** A sender as the Electron transport would describe the app's own window, recording what it is sent. */
export function fakeSender(overrides: Partial<Omit<Sender, 'send'>> = {}) {
  const events: Array<{ event: string; payload: unknown }> = [];
  const sender: Sender = {
    id: 'window-1',
    url: `${APP_ORIGIN}/index.html`,
    isMainFrame: true,
    send: (event, payload) => events.push({ event, payload }),
    ...overrides,
  };
  return { sender, events };
}

/**
 * A registry's windows where every page is the main window's and may call every channel of `contract`: for tests of
 * one capability's channels, where which window calls is not the question (the registry's own test covers it).
 */
export function asMainWindowOnly<C extends Contract>(contract: C): Pick<RegistryDeps<C>, 'windowChannels' | 'windowOf'> {
  const every = Object.keys(contract) as (keyof C & string)[];
  return { windowChannels: { main: every, quickAsk: [], indicator: [], signIn: [] }, windowOf: () => 'main' };
}
