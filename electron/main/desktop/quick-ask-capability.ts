import { err, ok } from '../../../shared/result';
import type { QuickAskOpen } from '../../../shared/shortcuts';
import type { Capability } from '../capability';
import type { Sender } from '../ipc/sender';

/** The quick-ask window as the core sees it (electron/main/platform/quick-ask-window.ts in the app). */
export interface QuickAskPort {
  /** Opens the window where the member is, or hides it when it is already in front (its shortcut pressed again). */
  toggle(): void;
  /** Whether `sender` is the quick-ask window's page: only it may hide the window. */
  isQuickAsk(sender: Sender): boolean;
  /** Hides the window; `open` then brings up the app's window (on Settings when the answer needs a setting). */
  hide(open?: QuickAskOpen): void;
}

/**
 * The quick-ask page's one channel of its own: Escape (or a button that opens the app) hides its window. Any other
 * window of the app is refused: the main window has no business hiding it, and nothing else may even call.
 */
export function createQuickAskCapability(deps: { quickAsk?: QuickAskPort }): Capability<'app:quickAskHide'> {
  return {
    handlers: {
      'app:quickAskHide': ({ open }, ctx) => {
        if (!deps.quickAsk?.isQuickAsk(ctx.sender)) return err('UNAUTHENTICATED', 'Only the quick-ask window can hide itself.');
        deps.quickAsk.hide(open);
        return ok({});
      },
    },
  };
}
