import { app, globalShortcut } from 'electron';
import type { ShortcutName } from '../../../shared/shortcuts';
import type { ShortcutPort } from '../desktop/shortcut-port';

export interface GlobalShortcuts extends ShortcutPort {
  /** The accelerator that works right now for `name`, for texts that tell the member which keys to press; null when none. */
  current(name: ShortcutName): string | null;
}

/**
 * The ShortcutPort over Electron's globalShortcut. Call once the app is ready. Shortcuts are the system's, not the
 * process's: they are released when the app quits, so a crashed window never leaves the keys dead elsewhere.
 */
export function createGlobalShortcuts(): GlobalShortcuts {
  const registered = new Map<ShortcutName, string>();
  const unregisterAll = () => {
    globalShortcut.unregisterAll();
    registered.clear();
  };
  app.on('will-quit', unregisterAll);
  return {
    register(name, accelerator, onPress) {
      let done: boolean;
      try {
        done = globalShortcut.register(accelerator, onPress);
      } catch {
        // Settings only store accelerators shared/accelerator.ts accepts; one this platform still refuses cannot
        // be pressed either, which is what the member needs to hear.
        done = false;
      }
      if (!done) return 'taken';
      registered.set(name, accelerator);
      return 'registered';
    },
    unregisterAll,
    current: (name) => registered.get(name) ?? null,
  };
}
