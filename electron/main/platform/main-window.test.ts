import { EventEmitter } from 'node:events';
import type { BrowserWindowConstructorOptions } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryLogger } from '../log/logger';
import { WINDOW_BACKGROUND } from './main-window-options';
import { expectElectronChecklist } from '../../../test/support/electron-checklist';

const electron = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  class FakeBrowserWindow extends EventEmitter {
    static created: FakeBrowserWindow[] = [];
    readonly show = vi.fn();
    readonly hide = vi.fn();
    readonly loadURL = vi.fn((_url: string) => FakeBrowserWindow.loadResult);
    static loadResult: Promise<void> = Promise.resolve();
    constructor(readonly options: BrowserWindowConstructorOptions) {
      super();
      FakeBrowserWindow.created.push(this);
    }
  }
  return { BrowserWindow: FakeBrowserWindow, nativeTheme: { shouldUseDarkColors: false } };
});
vi.mock('electron', () => electron);

const { createMainWindow } = await import('./main-window');

function open(overrides: { quitting?: boolean; dark?: boolean; packaged?: boolean } = {}) {
  electron.nativeTheme.shouldUseDarkColors = overrides.dark ?? false;
  const log = createMemoryLogger();
  createMainWindow({
    preload: '/app/out/preload/index.cjs',
    url: 'app://staff-desk/',
    isPackaged: overrides.packaged ?? true,
    isQuitting: () => overrides.quitting ?? false,
    log,
  });
  const window = electron.BrowserWindow.created.at(-1)!;
  return { window, log };
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

  it('hides instead of closing while the app keeps running in the tray', () => {
    const { window } = open();
    const event = closeEvent();
    window.emit('close', event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(window.hide).toHaveBeenCalled();
  });

  it('really closes when the app is quitting', () => {
    const { window } = open({ quitting: true });
    const event = closeEvent();
    window.emit('close', event);
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(window.hide).not.toHaveBeenCalled();
  });

  it('logs a page that fails to load instead of leaving an unhandled rejection', async () => {
    electron.BrowserWindow.loadResult = Promise.reject(new Error('ERR_CONNECTION_REFUSED'));
    const { log } = open();
    await vi.waitFor(() => expect(log.lines.some((line) => line.includes('could not load its page'))).toBe(true));
  });
});
