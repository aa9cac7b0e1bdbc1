import type { Page } from 'playwright-core';
import { it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/settings';
import type { ShortcutPort } from '../../electron/main/desktop/shortcut-port';
import { createShortcutsCapability } from '../../electron/main/desktop/shortcuts-capability';
import { createMemoryLogger } from '../../electron/main/log/logger';
import { ROOT } from '../e2e/support/harness-process';
import { quickAskUrl } from '../e2e/support/quick-ask';
import { startSignedInSession } from '../e2e/support/session';
import { buildRenderer } from '../harness/renderer-build';
import { percentile, record } from './measure';

const KEY = 'AIzaSy-bench-quick-ask-0123456789abcdef';
const RUNS = 25;

/** What the scripts below use of the page; this project's Node typings have no DOM. */
interface PageGlobals {
  focusedAt: number | null;
  dispatchEvent(event: unknown): void;
  FocusEvent: new (type: string) => unknown;
  document: {
    activeElement: { blur(): void } | null;
    addEventListener(type: string, listener: (event: { target: { matches(selector: string): boolean } }) => void): void;
    querySelector(selector: string): { disabled: boolean } | null;
  };
}

/**
 * Electron's part, mocked: the quick-ask window is the harness page in Chromium. Loading the window loads the page,
 * its first paint is 'ready-to-show', and the OS giving the shown window focus is the page's window 'focus' event.
 */
const desktop = vi.hoisted(() => ({ page: null as Page | null, appUrl: '' }));
vi.mock('electron', async () => {
  const { EventEmitter } = await import('node:events');
  class PageWindow extends EventEmitter {
    visible = false;
    readonly webContents = { id: 1 };
    loadURL(_url: string) {
      return desktop.page!.goto(quickAskUrl(desktop.appUrl)).then(() => void this.emit('ready-to-show'));
    }
    show() {
      this.visible = true;
    }
    focus() {
      void desktop.page!.evaluate(() => {
        const page = globalThis as unknown as { dispatchEvent(event: unknown): void; FocusEvent: new (type: string) => unknown };
        page.dispatchEvent(new page.FocusEvent('focus'));
      });
    }
    hide() {
      this.visible = false;
      void desktop.page!.evaluate(() => (globalThis as unknown as { document: { activeElement: { blur(): void } | null } }).document.activeElement?.blur());
    }
    isVisible = () => this.visible;
    isFocused = () => this.visible;
    isDestroyed = () => false;
    setBounds() {}
    setAlwaysOnTop() {}
    setVisibleOnAllWorkspaces() {}
  }
  const display = { workArea: { x: 0, y: 0, width: 1920, height: 1040 } };
  return {
    BrowserWindow: PageWindow,
    nativeTheme: { shouldUseDarkColors: false },
    screen: { getCursorScreenPoint: () => ({ x: 10, y: 10 }), getDisplayNearestPoint: () => display },
  };
});

const { createQuickAskWindow } = await import('../../electron/main/platform/quick-ask-window');

/** The page's clock, on the same epoch as this process's, when its question box last took the keyboard. */
async function instrument(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const page = globalThis as unknown as PageGlobals;
    page.focusedAt = null;
    page.document.addEventListener('focusin', (event) => {
      if (event.target.matches('.quick-ask-input')) page.focusedAt = performance.timeOrigin + performance.now();
    });
  });
}

// The global performance (Node's and the page's): an imported one would be renamed in the scripts sent to the page.
const now = () => performance.timeOrigin + performance.now();

it('measures how soon the quick-ask box takes the keyboard after its shortcut is pressed', async () => {
  const built = await buildRenderer(ROOT);
  if (!built.ok) throw new Error(built.message);
  const { harness, page } = await startSignedInSession({ key: KEY });
  await instrument(page);
  desktop.page = page;
  desktop.appUrl = harness.url;

  const window = createQuickAskWindow({
    preload: 'preload.cjs',
    appUrl: harness.url,
    isPackaged: true,
    isQuitting: () => false,
    // This bench times the box taking the keyboard itself; the app's own time to visible is the startup marks'.
    timeToVisible: { asked: () => {}, visible: () => {} },
    log: createMemoryLogger(),
  });
  const pressed = new Map<string, () => void>();
  const port: ShortcutPort = {
    register: (name, _accelerator, onPress) => (pressed.set(name, onPress), 'registered'),
    unregisterAll: () => pressed.clear(),
  };
  const shortcuts = createShortcutsCapability({
    settings: { get: () => DEFAULT_SETTINGS },
    shortcuts: port,
    quickAsk: { toggle: () => window.toggle(), hide: () => window.hide() },
    broadcast: () => {},
    log: createMemoryLogger(),
  });
  shortcuts.start?.();
  // The window is created hidden at start and has painted before the first press.
  await page.waitForURL(/quick-ask\.html/);
  await page.getByRole('textbox').waitFor();
  await page.waitForFunction(() => (globalThis as unknown as PageGlobals).document.querySelector('.quick-ask-input')?.disabled === false);

  const samples: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    window.hide();
    await page.evaluate(() => {
      (globalThis as unknown as PageGlobals).focusedAt = null;
    });
    const start = now();
    pressed.get('quickAsk')!();
    const focused = await page.waitForFunction(() => (globalThis as unknown as PageGlobals).focusedAt);
    samples.push((await focused.jsonValue())! - start);
  }
  record({ name: 'quick_ask_ready_ms', value: percentile(samples, 50), target: '<= 100' });
}, 240_000);
