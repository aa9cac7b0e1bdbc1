import { BrowserWindow, nativeTheme } from 'electron';
import type { WindowPlacementStore } from '../desktop/window-placement-store';
import type { Logger } from '../log/logger';
import { mainWindowOptions, WINDOW_SIZE } from './main-window-options';
import { rememberPlacement, restoredPlacement } from './window-bounds';

export interface MainWindowDeps {
  /** The built, sandbox-compatible (CommonJS) preload. */
  preload: string;
  url: string;
  /** app.isPackaged: a packaged app's window cannot open DevTools. */
  isPackaged: boolean;
  /** True once the app is quitting: only then does closing the window really close it. */
  isQuitting: () => boolean;
  /** Where the window was, per display: it opens there again. */
  placements: WindowPlacementStore;
  /** Started at login: the app comes up in the tray, and the window waits there until the member opens it. */
  startHidden: boolean;
  /** The member closed the window and the app stays in the tray. */
  closedToTray: () => void;
  /** The window came on screen for the first time: the start's figures (RD4). */
  shown: () => void;
  log: Logger;
}

/** The app lives in the tray: closing the window hides it, and Quit (tray, menu, OS) really ends the app. */
export function createMainWindow(deps: MainWindowDeps): BrowserWindow {
  const placement = restoredPlacement(deps.placements, { width: WINDOW_SIZE.minWidth, height: WINDOW_SIZE.minHeight });
  const window = new BrowserWindow({
    ...mainWindowOptions({
      preload: deps.preload,
      darkMode: nativeTheme.shouldUseDarkColors,
      isPackaged: deps.isPackaged,
    }),
    ...placement?.bounds,
  });
  // Maximized once shown: maximize() would show a window that is to stay hidden in the tray.
  if (placement?.maximized) window.once('show', () => window.maximize());
  window.once('show', () => deps.shown());
  if (!deps.startHidden) window.once('ready-to-show', () => window.show());
  rememberPlacement(window, deps.placements, deps.log);
  window.on('close', (event) => {
    if (deps.isQuitting()) return;
    event.preventDefault();
    window.hide();
    deps.closedToTray();
  });
  window.loadURL(deps.url).catch((error: unknown) => {
    deps.log.error('the app window could not load its page', { url: deps.url, error });
  });
  return window;
}
