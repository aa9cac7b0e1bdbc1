import type { BrowserWindowConstructorOptions, Rectangle } from 'electron';
import { APP_TITLE } from '../../../shared/product';
import { WINDOW_BACKGROUND } from './main-window-options';
import { secureWebPreferences } from './secure-web-preferences';

/** Room for the question box, the hint and an answer with its steps and sources (the answer scrolls past that). */
export const QUICK_ASK_SIZE = { width: 720, height: 460 } as const;

/** The page beside the app's own (renderer/quick-ask.html, built into out/renderer). */
export function quickAskPageUrl(appUrl: string): string {
  return new URL('quick-ask.html', appUrl).href;
}

/**
 * A window of the app's like the main one: the Electron checklist, the same typed preload (its page asks the
 * Assistant, the Secretary and the Oracle through window.api). Frameless, on top, off the taskbar, like Spotlight.
 */
export function quickAskWindowOptions(env: { preload: string; darkMode: boolean; isPackaged: boolean }): BrowserWindowConstructorOptions {
  return {
    ...QUICK_ASK_SIZE,
    title: APP_TITLE,
    show: false,
    frame: false,
    resizable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    skipTaskbar: true,
    alwaysOnTop: true,
    backgroundColor: env.darkMode ? WINDOW_BACKGROUND.dark : WINDOW_BACKGROUND.light,
    webPreferences: { ...secureWebPreferences(env), preload: env.preload },
  };
}

/** Centred across a display's work area, its top a sixth of the way down: where the eye goes, as Spotlight does. */
export function quickAskBounds(workArea: Rectangle): Rectangle {
  const width = Math.min(QUICK_ASK_SIZE.width, workArea.width);
  const height = Math.min(QUICK_ASK_SIZE.height, workArea.height);
  const top = Math.min(Math.round(workArea.height / 6), workArea.height - height);
  return { x: Math.round(workArea.x + (workArea.width - width) / 2), y: workArea.y + top, width, height };
}
