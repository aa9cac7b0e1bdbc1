import type { BrowserWindowConstructorOptions, Rectangle } from 'electron';
import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectElectronChecklist } from '../../../test/support/electron-checklist';
import { fakeSender } from '../../../test/support/fake-sender';
import { allowOrigins, APP_ENTRY_URL, rendererSource } from '../app/app-origin';
import { createMemoryLogger } from '../log/logger';
import { WINDOW_BACKGROUND } from './main-window-options';
import { QUICK_ASK_SIZE, quickAskPageUrl } from './quick-ask-window-options';

const electron = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  class FakeBrowserWindow extends EventEmitter {
    static created: FakeBrowserWindow[] = [];
    visible = false;
    focused = false;
    readonly webContents = { id: 42, send: vi.fn() };
    // As Electron's: 'show' when a hidden window comes on screen.
    readonly show = vi.fn(() => {
      const wasHidden = !this.visible;
      this.visible = true;
      this.focused = true;
      if (wasHidden) this.emit('show');
    });
    readonly focus = vi.fn();
    readonly hide = vi.fn(() => {
      this.visible = false;
      this.focused = false;
    });
    readonly setBounds = vi.fn();
    readonly setAlwaysOnTop = vi.fn();
    readonly setVisibleOnAllWorkspaces = vi.fn();
    readonly loadURL = vi.fn((_url: string) => Promise.resolve());
    isVisible = () => this.visible;
    isFocused = () => this.focused;
    destroyed = false;
    isDestroyed = () => this.destroyed;
    constructor(readonly options: BrowserWindowConstructorOptions) {
      super();
      FakeBrowserWindow.created.push(this);
    }
  }
  /** Two displays side by side; the pointer is on the second. */
  const displays = [
    { workArea: { x: 0, y: 0, width: 1920, height: 1040 } },
    { workArea: { x: 1920, y: 0, width: 1280, height: 760 } },
  ];
  const screen = {
    cursor: { x: 2500, y: 300 },
    getCursorScreenPoint: vi.fn(() => screen.cursor),
    getDisplayNearestPoint: vi.fn(({ x }: { x: number }) => (x >= 1920 ? displays[1]! : displays[0]!)),
  };
  return { BrowserWindow: FakeBrowserWindow, nativeTheme: { shouldUseDarkColors: false }, screen };
});
vi.mock('electron', () => electron);

const { createQuickAskWindow } = await import('./quick-ask-window');

const PRELOAD = '/app/out/preload/index.cjs';

function open(overrides: { quitting?: boolean; dark?: boolean; packaged?: boolean } = {}) {
  electron.nativeTheme.shouldUseDarkColors = overrides.dark ?? false;
  /** What quick ask's time to visible was told, in order. */
  const timed: string[] = [];
  const quickAsk = createQuickAskWindow({
    preload: PRELOAD,
    appUrl: APP_ENTRY_URL,
    isPackaged: overrides.packaged ?? true,
    isQuitting: () => overrides.quitting ?? false,
    timeToVisible: { asked: () => timed.push('asked'), visible: () => timed.push('visible') },
    log: createMemoryLogger(),
  });
  const window = electron.BrowserWindow.created.at(-1)!;
  return { quickAsk, window, timed };
}

function closeEvent() {
  return Object.assign(new EventEmitter(), { preventDefault: vi.fn() });
}

beforeEach(() => {
  electron.BrowserWindow.created = [];
  electron.screen.cursor = { x: 2500, y: 300 };
});

describe('quick-ask window', () => {
  it('has the main window’s security: the checklist, its typed preload, DevTools only in development', () => {
    const prefs = open().window.options.webPreferences!;
    expectElectronChecklist(prefs);
    expect(prefs.preload).toBe(PRELOAD);
    expect(prefs.devTools).toBe(false);
    expect(open({ packaged: false }).window.options.webPreferences!.devTools).toBe(true);
  });

  it('is a small frameless window above the others and off the taskbar, painted in the OS theme', () => {
    const { window } = open({ dark: true });
    expect(window.options).toMatchObject({ ...QUICK_ASK_SIZE, frame: false, alwaysOnTop: true, skipTaskbar: true, resizable: false, show: false });
    expect(window.options.backgroundColor).toBe(WINDOW_BACKGROUND.dark);
    expect(window.setVisibleOnAllWorkspaces).toHaveBeenCalledWith(true, { visibleOnFullScreen: true });
  });

  it('loads the quick-ask page beside the app’s, which the registry’s sender check trusts', () => {
    const { window } = open();
    expect(window.loadURL).toHaveBeenCalledWith('app://staff-desk/quick-ask.html');
    const trusted = allowOrigins(rendererSource({ devServerUrl: undefined, isPackaged: true }).origins);
    expect(trusted(fakeSender({ url: quickAskPageUrl(APP_ENTRY_URL) }).sender)).toBe(true);
  });

  it('is created once, hidden, and a press before its page is painted opens it as soon as it is', () => {
    const { quickAsk, window } = open();
    quickAsk.show();
    expect(window.show).not.toHaveBeenCalled();
    window.emit('ready-to-show');
    expect(window.show).toHaveBeenCalledOnce();
    expect(window.focus).toHaveBeenCalledOnce();
    quickAsk.hide();
    quickAsk.show();
    expect(electron.BrowserWindow.created).toHaveLength(1);
    expect(window.show).toHaveBeenCalledTimes(2);
  });

  it('opens centred in the upper part of the display the pointer is on', () => {
    const { quickAsk, window } = open();
    window.emit('ready-to-show');
    quickAsk.show();
    const bounds = window.setBounds.mock.calls.at(-1)![0] as Rectangle;
    expect(bounds.x).toBe(1920 + (1280 - QUICK_ASK_SIZE.width) / 2);
    expect(bounds.y).toBeGreaterThan(0);
    expect(bounds.y + bounds.height / 2).toBeLessThan(760 / 2);

    electron.screen.cursor = { x: 100, y: 100 };
    quickAsk.show();
    expect((window.setBounds.mock.calls.at(-1)![0] as Rectangle).x).toBe((1920 - QUICK_ASK_SIZE.width) / 2);
  });

  it('hides when it loses focus, and its shortcut pressed again hides it', () => {
    const { quickAsk, window } = open();
    window.emit('ready-to-show');
    quickAsk.toggle();
    expect(window.isVisible()).toBe(true);
    quickAsk.toggle();
    expect(window.isVisible()).toBe(false);
    quickAsk.toggle();
    window.emit('blur');
    expect(window.isVisible()).toBe(false);
  });

  it('RD4 is timed from the member’s command to on screen, a press before its page is painted waiting with it', () => {
    const { quickAsk, window, timed } = open();
    quickAsk.show();
    expect(timed).toEqual(['asked']);
    window.emit('ready-to-show');
    expect(timed).toEqual(['asked', 'visible']);
    // Pressed while it is on screen already: nothing to time.
    window.focused = false;
    quickAsk.toggle();
    expect(timed).toEqual(['asked', 'visible']);
    quickAsk.hide();
    quickAsk.toggle();
    expect(timed).toEqual(['asked', 'visible', 'asked', 'visible']);
  });

  it('only hides when closed (Alt+F4), unless the app is quitting', () => {
    const kept = closeEvent();
    open().window.emit('close', kept);
    expect(kept.preventDefault).toHaveBeenCalledOnce();
    const closed = closeEvent();
    open({ quitting: true }).window.emit('close', closed);
    expect(closed.preventDefault).not.toHaveBeenCalled();
  });

  it('knows its own page among IPC senders: not the main window, not a frame inside it', () => {
    const { quickAsk } = open();
    const url = quickAskPageUrl(APP_ENTRY_URL);
    expect(quickAsk.isQuickAsk(fakeSender({ id: '42', url }).sender)).toBe(true);
    expect(quickAsk.isQuickAsk(fakeSender({ id: '1', url: APP_ENTRY_URL }).sender)).toBe(false);
    expect(quickAsk.isQuickAsk(fakeSender({ id: '42', url, isMainFrame: false }).sender)).toBe(false);
  });

  it("hears main's broadcasts while hidden, so it never shows a sign-in that has ended; gone, it hears nothing", () => {
    const { quickAsk, window } = open();
    quickAsk.send('auth:changed', { state: 'signed_out' });
    expect(window.webContents.send).toHaveBeenCalledWith('auth:changed', { state: 'signed_out' });
    window.destroyed = true;
    quickAsk.send('auth:changed', { state: 'signed_out' });
    expect(window.webContents.send).toHaveBeenCalledOnce();
  });
});
