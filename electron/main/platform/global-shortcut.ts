import { app, globalShortcut } from 'electron';
import type { ShortcutPort } from '../voice/shortcut-port';

export interface GlobalShortcuts extends ShortcutPort {
  /** The accelerator that works right now, for texts that tell the member which keys to press; null when none. */
  current(): string | null;
}

/**
 * The ShortcutPort over Electron's globalShortcut. Call once the app is ready. Shortcuts are the system's, not the
 * process's: they are released when the app quits, so a crashed window never leaves the keys dead elsewhere.
 */
export function createGlobalShortcuts(): GlobalShortcuts {
  let current: string | null = null;
  const unregisterAll = () => {
    globalShortcut.unregisterAll();
    current = null;
  };
  app.on('will-quit', unregisterAll);
  return {
    register(accelerator, onPress) {
      let registered: boolean;
      try {
        registered = globalShortcut.register(accelerator, onPress);
      } catch {
        // Settings only store accelerators shared/accelerator.ts accepts; one this platform still refuses cannot
        // be pressed either, which is what the member needs to hear.
        registered = false;
      }
      if (!registered) return 'taken';
      current = accelerator;
      return 'registered';
    },
    unregisterAll,
    current: () => current,
  };
}
