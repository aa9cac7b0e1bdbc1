import type { ShortcutName } from '../../../shared/shortcuts';

/**
 * The desktop's global shortcuts, as the Electron adapter offers them. globalShortcut fires on key-down only: the
 * push-to-talk shortcut starts a question and the next press stops it. Each shortcut is registered on its own, so
 * one that another app holds leaves the others working.
 */
export interface ShortcutPort {
  /** 'taken' when the system or another app holds the accelerator already. */
  register(name: ShortcutName, accelerator: string, onPress: () => void): 'registered' | 'taken';
  /** Releases every shortcut this port registered. */
  unregisterAll(): void;
}
