import fs from 'node:fs';
import path from 'node:path';
import type { BrowserWindowConstructorOptions } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectElectronChecklist } from '../../../test/support/electron-checklist';
import { createMemoryLogger } from '../log/logger';

const electron = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  class FakeBrowserWindow extends EventEmitter {
    static created: FakeBrowserWindow[] = [];
    static loadResult: Promise<void> = Promise.resolve();
    readonly loadURL = vi.fn((_url: string) => FakeBrowserWindow.loadResult);
    readonly setAlwaysOnTop = vi.fn();
    readonly setVisibleOnAllWorkspaces = vi.fn();
    readonly setIgnoreMouseEvents = vi.fn();
    readonly setBounds = vi.fn();
    readonly showInactive = vi.fn();
    readonly show = vi.fn();
    readonly focus = vi.fn();
    readonly hide = vi.fn();
    destroyed = false;
    readonly isDestroyed = () => this.destroyed;
    constructor(readonly options: BrowserWindowConstructorOptions) {
      super();
      FakeBrowserWindow.created.push(this);
    }
  }
  /** Two side-by-side displays; the menu bar takes the top 25 px of each work area. */
  const displays = [
    { id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 25, width: 1920, height: 1015 } },
    { id: 2, bounds: { x: 1920, y: 0, width: 2560, height: 1440 }, workArea: { x: 1920, y: 25, width: 2560, height: 1415 } },
  ];
  const screen = {
    cursor: { x: 100, y: 100 },
    getCursorScreenPoint: vi.fn(() => screen.cursor),
    getDisplayNearestPoint: vi.fn((point: { x: number }) => (point.x >= 1920 ? displays[1]! : displays[0]!)),
  };
  return { BrowserWindow: FakeBrowserWindow, screen };
});
vi.mock('electron', () => ({ BrowserWindow: electron.BrowserWindow, screen: electron.screen }));

const { createMicrophoneIndicator, indicatorPageUrl, INDICATOR_SIZE } = await import('./microphone-indicator');

const SPANISH = { lang: 'es', label: 'Escuchando… pulsa Ctrl+Shift+Espacio para terminar' } as const;

function setup(appUrl = 'app://staff-desk/') {
  const log = createMemoryLogger();
  const indicator = createMicrophoneIndicator({ appUrl, isPackaged: true, log });
  const window = () => electron.BrowserWindow.created.at(-1)!;
  return { indicator, window, log };
}

beforeEach(() => {
  electron.BrowserWindow.created = [];
  electron.BrowserWindow.loadResult = Promise.resolve();
  electron.screen.cursor = { x: 100, y: 100 };
  vi.clearAllMocks();
});

describe('microphone indicator', () => {
  it('opens no window until the microphone first goes live', () => {
    const { indicator } = setup();
    indicator.hide();
    expect(electron.BrowserWindow.created).toHaveLength(0);
  });

  it('shows without taking focus, on top of everything, off the taskbar, and lets clicks through', () => {
    const { indicator, window } = setup();
    indicator.show(SPANISH);
    expect(window().options).toMatchObject({
      show: false,
      frame: false,
      focusable: false,
      skipTaskbar: true,
      alwaysOnTop: true,
      resizable: false,
      ...INDICATOR_SIZE,
    });
    expect(window().setAlwaysOnTop).toHaveBeenCalledWith(true, 'screen-saver');
    expect(window().setVisibleOnAllWorkspaces).toHaveBeenCalledWith(true, expect.objectContaining({ visibleOnFullScreen: true }));
    expect(window().setIgnoreMouseEvents).toHaveBeenCalledWith(true);
    expect(window().showInactive).toHaveBeenCalledOnce();
    expect(window().show).not.toHaveBeenCalled();
    expect(window().focus).not.toHaveBeenCalled();
  });

  it('runs its page under the same locked-down preferences as every window, with no preload to reach main', () => {
    const { indicator, window } = setup();
    indicator.show(SPANISH);
    const prefs = window().options.webPreferences!;
    expectElectronChecklist(prefs);
    expect(prefs.preload).toBeUndefined();
    expect(prefs.devTools).toBe(false);
  });

  it("loads the app's indicator page, told what to say in the member's language", () => {
    const { indicator, window } = setup();
    indicator.show(SPANISH);
    const url = new URL(window().loadURL.mock.calls[0]![0]);
    expect(`${url.protocol}//${url.host}${url.pathname}`).toBe('app://staff-desk/indicator.html');
    expect(url.searchParams.get('lang')).toBe('es');
    expect(url.searchParams.get('label')).toBe(SPANISH.label);
  });

  it('sits at the top centre of the display the pointer is on', () => {
    const { indicator, window } = setup();
    electron.screen.cursor = { x: 3000, y: 700 };
    indicator.show(SPANISH);
    expect(window().setBounds).toHaveBeenLastCalledWith({
      x: 1920 + (2560 - INDICATOR_SIZE.width) / 2,
      y: 25 + 12,
      ...INDICATOR_SIZE,
    });

    indicator.hide();
    electron.screen.cursor = { x: 10, y: 10 };
    indicator.show(SPANISH);
    expect(window().setBounds).toHaveBeenLastCalledWith({ x: (1920 - INDICATOR_SIZE.width) / 2, y: 37, ...INDICATOR_SIZE });
  });

  it('hides when the microphone is off, and shows again in the same window without reloading an unchanged text', () => {
    const { indicator, window } = setup();
    indicator.show(SPANISH);
    indicator.hide();
    expect(window().hide).toHaveBeenCalledOnce();
    indicator.show(SPANISH);
    expect(electron.BrowserWindow.created).toHaveLength(1);
    expect(window().loadURL).toHaveBeenCalledOnce();
    expect(window().showInactive).toHaveBeenCalledTimes(2);

    indicator.show({ lang: 'fr', label: 'À l’écoute…' });
    expect(window().loadURL).toHaveBeenCalledTimes(2);
    expect(new URL(window().loadURL.mock.calls[1]![0]).searchParams.get('label')).toBe('À l’écoute…');
  });

  it('opens a new window if its window was closed', () => {
    const { indicator, window } = setup();
    indicator.show(SPANISH);
    window().destroyed = true;
    indicator.hide();
    indicator.show(SPANISH);
    expect(electron.BrowserWindow.created).toHaveLength(2);
    expect(window().loadURL).toHaveBeenCalledOnce();
  });

  it('logs a page that fails to load instead of leaving an unhandled rejection', async () => {
    electron.BrowserWindow.loadResult = Promise.reject(new Error('ERR_FILE_NOT_FOUND'));
    const { indicator, log } = setup();
    indicator.show(SPANISH);
    await vi.waitFor(() => expect(log.lines.some((line) => line.includes('indicator could not load its page'))).toBe(true));
    expect(log.lines.join('\n')).not.toContain(SPANISH.label);
  });
});

describe('indicator page', () => {
  const root = path.resolve(__dirname, '../../..');

  it('sits beside the app page, from the app and from the dev server alike', () => {
    const text = { lang: 'en', label: 'Listening…' } as const;
    expect(indicatorPageUrl('app://staff-desk/', text)).toMatch(/^app:\/\/staff-desk\/indicator\.html\?/);
    expect(indicatorPageUrl('http://localhost:5173', text)).toMatch(/^http:\/\/localhost:5173\/indicator\.html\?/);
  });

  it('is a page of the renderer build, under its CSP, with its script and style as files', () => {
    const config = fs.readFileSync(path.join(root, 'electron.vite.config.ts'), 'utf8');
    expect(config).toContain("resolve(__dirname, 'renderer/indicator.html')");
    const html = fs.readFileSync(path.join(root, 'renderer', 'indicator.html'), 'utf8');
    // Inline script and style would be blocked by the CSP: the label is set by a script file.
    expect(html).not.toMatch(/<style|<script(?![^>]*\bsrc=)/);
    expect(html).toMatch(/<script type="module" src="\/src\/indicator\/indicator\.ts"><\/script>/);
    expect(html).toContain('id="label"');
    expect(html).toContain('role="status"');
    const css = fs.readFileSync(path.join(root, 'renderer', 'src', 'indicator', 'indicator.css'), 'utf8');
    expect(css).toMatch(/@media \(prefers-reduced-motion: reduce\)\s*\{\s*\.indicator-dot\s*\{\s*animation: none;/);
  });
});
