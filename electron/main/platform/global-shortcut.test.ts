import { beforeEach, describe, expect, it, vi } from 'vitest';

const electron = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  /** The desktop's shortcuts: the ones another app holds cannot be had. */
  const held = new Set<string>(['Alt+Space']);
  const pressed = new Map<string, () => void>();
  const globalShortcut = {
    register: vi.fn((accelerator: string, callback: () => void) => {
      if (accelerator === 'Hyper+Nothing') throw new Error(`conversion failure: ${accelerator}`);
      if (held.has(accelerator) || pressed.has(accelerator)) return false;
      pressed.set(accelerator, callback);
      return true;
    }),
    unregisterAll: vi.fn(() => pressed.clear()),
  };
  return { app: new EventEmitter(), globalShortcut, pressed };
});
vi.mock('electron', () => ({ app: electron.app, globalShortcut: electron.globalShortcut }));

const { createGlobalShortcuts } = await import('./global-shortcut');

beforeEach(() => {
  electron.app.removeAllListeners();
  electron.pressed.clear();
  vi.clearAllMocks();
});

describe('global shortcuts', () => {
  it('registers a free shortcut, and pressing it anywhere on the desktop reaches the app', () => {
    const shortcuts = createGlobalShortcuts();
    const onPress = vi.fn();
    expect(shortcuts.register('pushToTalk', 'CommandOrControl+Shift+Space', onPress)).toBe('registered');
    expect(shortcuts.current('pushToTalk')).toBe('CommandOrControl+Shift+Space');
    electron.pressed.get('CommandOrControl+Shift+Space')!();
    expect(onPress).toHaveBeenCalledOnce();
  });

  it('reports a shortcut another app holds as taken, names no keys for it, and keeps the others working', () => {
    const shortcuts = createGlobalShortcuts();
    expect(shortcuts.register('quickAsk', 'Alt+Space', vi.fn())).toBe('taken');
    const onCaptions = vi.fn();
    expect(shortcuts.register('liveCaptions', 'CommandOrControl+Alt+Shift+Space', onCaptions)).toBe('registered');
    expect(shortcuts.current('quickAsk')).toBeNull();
    expect(shortcuts.current('liveCaptions')).toBe('CommandOrControl+Alt+Shift+Space');
    electron.pressed.get('CommandOrControl+Alt+Shift+Space')!();
    expect(onCaptions).toHaveBeenCalledOnce();
  });

  it('reports a shortcut this platform refuses as taken instead of failing', () => {
    const shortcuts = createGlobalShortcuts();
    expect(shortcuts.register('pushToTalk', 'Hyper+Nothing', vi.fn())).toBe('taken');
    expect(shortcuts.current('pushToTalk')).toBeNull();
  });

  it('lets go of every shortcut when asked, and names none after', () => {
    const shortcuts = createGlobalShortcuts();
    shortcuts.register('pushToTalk', 'CommandOrControl+Shift+Space', vi.fn());
    shortcuts.register('quickAsk', 'Alt+Shift+Space', vi.fn());
    shortcuts.unregisterAll();
    expect(electron.pressed.size).toBe(0);
    expect(shortcuts.current('pushToTalk')).toBeNull();
    expect(shortcuts.current('quickAsk')).toBeNull();
  });

  it('gives the keys back to the desktop when the app quits', () => {
    const shortcuts = createGlobalShortcuts();
    shortcuts.register('pushToTalk', 'CommandOrControl+Shift+Space', vi.fn());
    expect(electron.globalShortcut.unregisterAll).not.toHaveBeenCalled();
    electron.app.emit('will-quit');
    expect(electron.globalShortcut.unregisterAll).toHaveBeenCalledOnce();
    expect(electron.pressed.size).toBe(0);
  });
});
