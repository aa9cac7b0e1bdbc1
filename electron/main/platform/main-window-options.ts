import type { BrowserWindowConstructorOptions } from 'electron';
import { APP_TITLE } from '../../../shared/product';
import { secureWebPreferences } from './secure-web-preferences';

/** Painted before the page's first frame, so opening the window never flashes the wrong theme. */
export const WINDOW_BACKGROUND = { dark: '#1f1f23', light: '#ffffff' } as const;

export const WINDOW_SIZE = { width: 1100, height: 760, minWidth: 720, minHeight: 520 } as const;

/**
 * The main window's options: the Electron security checklist (docs/architecture.md, Security) in one place. The page gets no
 * Node, runs sandboxed in its own world, and reaches main only through the preload's window.api.
 */
export function mainWindowOptions(env: {
  preload: string;
  darkMode: boolean;
  isPackaged: boolean;
}): BrowserWindowConstructorOptions {
  return {
    ...WINDOW_SIZE,
    title: APP_TITLE,
    show: false,
    backgroundColor: env.darkMode ? WINDOW_BACKGROUND.dark : WINDOW_BACKGROUND.light,
    webPreferences: {
      ...secureWebPreferences(env),
      preload: env.preload,
      // A voice question asked from anywhere records and speaks its answer while the window is hidden.
      backgroundThrottling: false,
    },
  };
}
