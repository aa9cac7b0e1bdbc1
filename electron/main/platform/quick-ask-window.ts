import { BrowserWindow, nativeTheme, screen } from 'electron';
import type { Sender } from '../ipc/sender';
import type { Logger } from '../log/logger';
import { quickAskBounds, quickAskPageUrl, quickAskWindowOptions } from './quick-ask-window-options';

export interface QuickAskWindowDeps {
  /** The built, sandbox-compatible (CommonJS) preload: the main window's. */
  preload: string;
  /** The address the app's window loads (app://staff-desk/, or the dev server's). */
  appUrl: string;
  isPackaged: boolean;
  /** True once the app is quitting: only then does closing the window really close it. */
  isQuitting: () => boolean;
  /** Quick ask's time to visible (RD4): the member asked for the hidden window, and it came on screen. */
  timeToVisible: { asked(): void; visible(): void };
  log: Logger;
}

export interface QuickAskWindow {
  /** Opens the window on the display the pointer is on, its question box focused. */
  show(): void;
  /** Opens it, or hides it when it is already in front (its shortcut pressed again). */
  toggle(): void;
  hide(): void;
  /** Whether an IPC call came from this window's page. */
  isQuickAsk(sender: Sender): boolean;
  /** Delivers one of main's broadcasts to the page (sign-in, settings), hidden or not. */
  send(event: string, payload: unknown): void;
}

/**
 * Created hidden once, when the app starts, and kept: the page is loaded and painted before the first press, so
 * opening is only a show. It hides again when it loses focus (a click elsewhere) or its page asks (Escape).
 */
export function createQuickAskWindow(deps: QuickAskWindowDeps): QuickAskWindow {
  const window = new BrowserWindow(
    quickAskWindowOptions({ preload: deps.preload, darkMode: nativeTheme.shouldUseDarkColors, isPackaged: deps.isPackaged }),
  );
  // 'floating' keeps it above the member's windows; on macOS it then also opens over a full-screen app's space.
  window.setAlwaysOnTop(true, 'floating');
  window.setVisibleOnAllWorkspaces(true, { visibleOnFullScreen: true });
  let ready = false;
  let showWhenReady = false;

  function reveal() {
    const display = screen.getDisplayNearestPoint(screen.getCursorScreenPoint());
    window.setBounds(quickAskBounds(display.workArea));
    window.show();
    // The page focuses its question box when its window gains focus.
    window.focus();
  }

  window.once('ready-to-show', () => {
    ready = true;
    if (showWhenReady) reveal();
  });
  window.on('show', () => deps.timeToVisible.visible());
  window.on('blur', () => window.hide());
  window.on('close', (event) => {
    if (deps.isQuitting()) return;
    event.preventDefault();
    window.hide();
  });
  window.loadURL(quickAskPageUrl(deps.appUrl)).catch((error: unknown) => {
    deps.log.error('the quick-ask window could not load its page', { error });
  });

  const show = () => {
    if (window.isDestroyed()) return;
    if (!window.isVisible()) deps.timeToVisible.asked();
    if (ready) reveal();
    else showWhenReady = true;
  };
  return {
    show,
    toggle() {
      if (!window.isDestroyed() && window.isVisible() && window.isFocused()) window.hide();
      else show();
    },
    hide() {
      showWhenReady = false;
      if (!window.isDestroyed()) window.hide();
    },
    isQuickAsk: (sender) => !window.isDestroyed() && sender.isMainFrame && sender.id === String(window.webContents.id),
    send(event, payload) {
      if (!window.isDestroyed()) window.webContents.send(event, payload);
    },
  };
}
