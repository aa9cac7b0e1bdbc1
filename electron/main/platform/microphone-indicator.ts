import { BrowserWindow, screen, type BrowserWindowConstructorOptions, type Rectangle } from 'electron';
import type { Lang } from '../../../shared/lang';
import { APP_TITLE } from '../../../shared/product';
import type { Logger } from '../log/logger';
import { secureWebPreferences } from './secure-web-preferences';

/**
 * Room for the longest label (Russian, with the shortcut) in one line. The window is transparent and lets clicks
 * through: only the pill inside, sized to its text, shows.
 */
export const INDICATOR_SIZE = { width: 480, height: 44 } as const;
/** Below the menu bar or top panel, clear of the screen's edge. */
const TOP_MARGIN = 12;

/**
 * A notice, not a window to use: it never takes focus, stays off the taskbar and above other windows (full-screen
 * ones too), and lets clicks through to whatever is under it. Its page is the app's own static one, with the
 * same locked-down preferences as every window and no preload: it cannot reach main at all.
 */
function indicatorWindowOptions(env: { isPackaged: boolean }): BrowserWindowConstructorOptions {
  return {
    ...INDICATOR_SIZE,
    title: APP_TITLE,
    show: false,
    frame: false,
    transparent: true,
    backgroundColor: '#00000000',
    hasShadow: false,
    resizable: false,
    movable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    focusable: false,
    skipTaskbar: true,
    alwaysOnTop: true,
    webPreferences: secureWebPreferences(env),
  };
}

/** Top centre of a display's work area. */
function indicatorBounds(workArea: Rectangle): Rectangle {
  return {
    x: Math.round(workArea.x + (workArea.width - INDICATOR_SIZE.width) / 2),
    y: workArea.y + TOP_MARGIN,
    ...INDICATOR_SIZE,
  };
}

/** What the indicator says: its label, in the member's language (which also sets the page's direction). */
export interface IndicatorText {
  lang: Lang;
  label: string;
}

/**
 * The indicator page beside the app's own (renderer/indicator.html, built into out/renderer), told what to say in
 * its query string: the page has no other way to hear from main.
 */
export function indicatorPageUrl(appUrl: string, text: IndicatorText): string {
  const url = new URL('indicator.html', appUrl);
  url.searchParams.set('lang', text.lang);
  url.searchParams.set('label', text.label);
  return url.href;
}

export interface MicrophoneIndicatorDeps {
  /** The address the app's window loads (app://staff-desk/, or the dev server's). */
  appUrl: string;
  /** app.isPackaged: as for every window, DevTools only in development. */
  isPackaged: boolean;
  log: Logger;
}

export interface MicrophoneIndicator {
  /** Shows the notice, without taking focus, at the top of the display the pointer is on: where the member is. */
  show(text: IndicatorText): void;
  hide(): void;
}

/** The window opens on first use and is kept, hidden, for the next question. Call once the app is ready. */
export function createMicrophoneIndicator(deps: MicrophoneIndicatorDeps): MicrophoneIndicator {
  let window: BrowserWindow | null = null;
  let loadedUrl: string | null = null;

  function open(): BrowserWindow {
    const opened = new BrowserWindow(indicatorWindowOptions(deps));
    // 'screen-saver' is the level that stays above full-screen windows on macOS; elsewhere it is simply on top.
    opened.setAlwaysOnTop(true, 'screen-saver');
    opened.setVisibleOnAllWorkspaces(true, { visibleOnFullScreen: true });
    opened.setIgnoreMouseEvents(true);
    loadedUrl = null;
    return opened;
  }

  return {
    show(text) {
      if (!window || window.isDestroyed()) window = open();
      const url = indicatorPageUrl(deps.appUrl, text);
      if (url !== loadedUrl) {
        loadedUrl = url;
        window.loadURL(url).catch((error: unknown) => {
          deps.log.warn('the microphone indicator could not load its page', { error });
        });
      }
      const display = screen.getDisplayNearestPoint(screen.getCursorScreenPoint());
      window.setBounds(indicatorBounds(display.workArea));
      window.showInactive();
    },
    hide() {
      if (window && !window.isDestroyed()) window.hide();
    },
  };
}
