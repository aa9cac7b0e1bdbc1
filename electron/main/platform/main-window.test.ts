import { EventEmitter } from 'node:events';
import type { BrowserWindowConstructorOptions } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryLogger } from '../log/logger';
import type { Placement } from '../desktop/window-placement';
import type { WindowPlacementStore } from '../desktop/window-placement-store';
import { WINDOW_BACKGROUND } from './main-window-options';
import { expectElectronChecklist } from '../../../test/support/electron-checklist';

const electron = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  class FakeBrowserWindow extends EventEmitter {
    static created: FakeBrowserWindow[] = [];
    readonly show = vi.fn(() => this.emit('show'));
    readonly hide = vi.fn();
    readonly maximize = vi.fn();
    readonly isMaximized = vi.fn(() => false);
    readonly getNormalBounds = vi.fn(() => ({ x: 100, y: 80, width: 1000, height: 700 }));
    readonly loadURL = vi.fn((_url: string) => FakeBrowserWindow.loadResult);
    static loadResult: Promise<void> = Promise.resolve();
    constructor(readonly options: BrowserWindowConstructorOptions) {
      super();
      FakeBrowserWindow.created.push(this);
    }
  }
  /** One laptop screen, its taskbar at the bottom. */
  const laptop = { id: 7, bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 0, width: 1920, height: 1040 } };
  const screen = { displays: [laptop], getAllDisplays: () => screen.displays, getDisplayMatching: vi.fn(() => laptop) };
  return { BrowserWindow: FakeBrowserWindow, nativeTheme: { shouldUseDarkColors: false }, screen };
});
vi.mock('electron', () => electron);

const { createMainWindow } = await import('./main-window');

const LAPTOP_KEY = '7@0,0,1920x1080';

function memoryPlacements(saved: Placement[] = []): WindowPlacementStore & { saved: Placement[] } {
  return { saved, all: () => saved, save: (placement) => saved.unshift(placement) };
}

function open(
  overrides: { quitting?: boolean; dark?: boolean; packaged?: boolean; hidden?: boolean; placements?: Placement[] } = {},
) {
  electron.nativeTheme.shouldUseDarkColors = overrides.dark ?? false;
  const log = createMemoryLogger();
  const placements = memoryPlacements(overrides.placements);
  const closedToTray = vi.fn();
  const shown = vi.fn();
  createMainWindow({
    preload: '/app/out/preload/index.cjs',
    url: 'app://staff-desk/',
    isPackaged: overrides.packaged ?? true,
    isQuitting: () => overrides.quitting ?? false,
    placements,
    startHidden: overrides.hidden ?? false,
    closedToTray,
    shown,
    log,
  });
  const window = electron.BrowserWindow.created.at(-1)!;
  return { window, log, placements, closedToTray, shown };
}

function closeEvent() {
  return Object.assign(new EventEmitter(), { preventDefault: vi.fn() });
}

beforeEach(() => {
  electron.BrowserWindow.created = [];
  electron.BrowserWindow.loadResult = Promise.resolve();
});

describe('main window', () => {
  it('runs the page sandboxed, isolated and without Node', () => {
    const prefs = open().window.options.webPreferences!;
    expectElectronChecklist(prefs);
    expect(prefs.preload).toBe('/app/out/preload/index.cjs');
  });

  it('keeps recording and speaking while hidden: a voice question asked from anywhere is not throttled', () => {
    expect(open().window.options.webPreferences!.backgroundThrottling).toBe(false);
  });

  it('cannot open DevTools once packaged; `npm run dev` can', () => {
    expect(open({ packaged: true }).window.options.webPreferences!.devTools).toBe(false);
    expect(open({ packaged: false }).window.options.webPreferences!.devTools).toBe(true);
  });

  it('loads the app page and stays hidden until its first frame is ready', () => {
    const { window } = open();
    expect(window.options).toMatchObject({ show: false, title: 'Staff Desk' });
    expect(window.options.minWidth).toBeLessThanOrEqual(window.options.width!);
    expect(window.options.minHeight).toBeLessThanOrEqual(window.options.height!);
    expect(window.loadURL).toHaveBeenCalledWith('app://staff-desk/');
    expect(window.show).not.toHaveBeenCalled();
    window.emit('ready-to-show');
    expect(window.show).toHaveBeenCalledOnce();
  });

  it('paints the background of the OS theme', () => {
    expect(open({ dark: true }).window.options.backgroundColor).toBe(WINDOW_BACKGROUND.dark);
    expect(open({ dark: false }).window.options.backgroundColor).toBe(WINDOW_BACKGROUND.light);
  });

  it('hides instead of closing while the app keeps running in the tray, and says so', () => {
    const { window, closedToTray } = open();
    const event = closeEvent();
    window.emit('close', event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(window.hide).toHaveBeenCalled();
    expect(closedToTray).toHaveBeenCalledOnce();
  });

  it('really closes when the app is quitting', () => {
    const { window, closedToTray } = open({ quitting: true });
    const event = closeEvent();
    window.emit('close', event);
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(window.hide).not.toHaveBeenCalled();
    expect(closedToTray).not.toHaveBeenCalled();
  });

  it('D4 started at login, stays hidden in the tray when its page is ready', () => {
    const { window, shown } = open({ hidden: true });
    window.emit('ready-to-show');
    expect(window.show).not.toHaveBeenCalled();
    expect(shown).not.toHaveBeenCalled();
  });

  it('RD4 says when it first comes on screen, for the start’s figures, and only the first time', () => {
    const { window, shown } = open();
    expect(shown).not.toHaveBeenCalled();
    window.emit('ready-to-show');
    expect(shown).toHaveBeenCalledOnce();
    window.hide();
    window.show();
    expect(shown).toHaveBeenCalledOnce();
  });

  it('D4 opens where it was on a display that is there, maximized again once shown', () => {
    const bounds = { x: 300, y: 200, width: 1000, height: 700 };
    const { window } = open({ placements: [{ display: LAPTOP_KEY, bounds, maximized: true }], hidden: true });
    expect(window.options).toMatchObject(bounds);
    expect(window.maximize).not.toHaveBeenCalled();
    window.show();
    expect(window.maximize).toHaveBeenCalledOnce();
  });

  it('D4 opens at its default size when its display is gone, and inside the screen when it was partly off', () => {
    const gone = open({ placements: [{ display: '9@1920,0,2560x1440', bounds: { x: 2000, y: 0, width: 1200, height: 900 }, maximized: false }] });
    expect(gone.window.options).toMatchObject({ width: 1100, height: 760 });
    expect(gone.window.options.x).toBeUndefined();
    const off = open({ placements: [{ display: LAPTOP_KEY, bounds: { x: 1500, y: 900, width: 1000, height: 700 }, maximized: false }] });
    expect(off.window.options).toMatchObject({ x: 920, y: 340, width: 1000, height: 700 });
  });

  it('D4 remembers where it was on its display when closed, hidden or quitting', () => {
    for (const quitting of [false, true]) {
      const { window, placements } = open({ quitting });
      window.isMaximized.mockReturnValue(true);
      window.emit('close', closeEvent());
      expect(placements.saved).toEqual([{ display: LAPTOP_KEY, bounds: { x: 100, y: 80, width: 1000, height: 700 }, maximized: true }]);
    }
  });

  it('logs a page that fails to load instead of leaving an unhandled rejection', async () => {
    electron.BrowserWindow.loadResult = Promise.reject(new Error('ERR_CONNECTION_REFUSED'));
    const { log } = open();
    await vi.waitFor(() => expect(log.lines.some((line) => line.includes('could not load its page'))).toBe(true));
  });
});
