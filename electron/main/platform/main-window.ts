import { BrowserWindow, nativeTheme } from 'electron';
import type { Logger } from '../log/logger';
import { mainWindowOptions } from './main-window-options';

export interface MainWindowDeps {
  /** The built, sandbox-compatible (CommonJS) preload. */
  preload: string;
  url: string;
  /** app.isPackaged: a packaged app's window cannot open DevTools. */
  isPackaged: boolean;
  /** True once the app is quitting: only then does closing the window really close it. */
  isQuitting: () => boolean;
  log: Logger;
}

/** The app lives in the tray: closing the window hides it, and Quit (tray, menu, OS) really ends the app. */
export function createMainWindow(deps: MainWindowDeps): BrowserWindow {
  const window = new BrowserWindow(
    mainWindowOptions({
      preload: deps.preload,
      darkMode: nativeTheme.shouldUseDarkColors,
      isPackaged: deps.isPackaged,
    }),
  );
  window.once('ready-to-show', () => window.show());
  window.on('close', (event) => {
    if (deps.isQuitting()) return;
    event.preventDefault();
    window.hide();
  });
  window.loadURL(deps.url).catch((error: unknown) => {
    deps.log.error('the app window could not load its page', { url: deps.url, error });
  });
  return window;
}
