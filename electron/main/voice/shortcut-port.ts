/**
 * The desktop's global shortcuts, as the Electron adapter offers them (globalShortcut fires on key-down only:
 * the voice shortcut starts a question and the next press stops it).
 */
export interface ShortcutPort {
  /** 'taken' when the system or another app holds the accelerator already. */
  register(accelerator: string, onPress: () => void): 'registered' | 'taken';
  /** Releases every shortcut this port registered. */
  unregisterAll(): void;
}
