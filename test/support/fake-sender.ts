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
