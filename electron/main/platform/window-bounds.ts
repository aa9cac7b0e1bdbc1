import { screen, type BrowserWindow } from 'electron';
import { choosePlacement, displayKey, type Rect } from '../desktop/window-placement';
import type { WindowPlacementStore } from '../desktop/window-placement-store';
import type { Logger } from '../log/logger';

/** Where the window opens: the latest place remembered on a display that is there now (D4), or null. */
export function restoredPlacement(
  store: WindowPlacementStore,
  min: { width: number; height: number },
): { bounds: Rect; maximized: boolean } | null {
  return choosePlacement(store.all(), screen.getAllDisplays(), min);
}

/**
 * Remembers where the window is each time it closes (the member hides it, or the app quits), on the display that
 * holds most of it: its size and place when not maximized, and whether it is maximized.
 */
export function rememberPlacement(window: BrowserWindow, store: WindowPlacementStore, log: Logger): void {
  window.on('close', () => {
    const bounds = window.getNormalBounds();
    try {
      store.save({ display: displayKey(screen.getDisplayMatching(bounds)), bounds, maximized: window.isMaximized() });
    } catch (error) {
      // The place is a convenience: a database that cannot be written now costs the member nothing else.
      log.warn('the window place could not be saved', { error });
    }
  });
}
