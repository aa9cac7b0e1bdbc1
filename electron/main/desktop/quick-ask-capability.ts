import { ok } from '../../../shared/result';
import type { QuickAskOpen } from '../../../shared/shortcuts';
import type { Capability } from '../capability';

/** The quick-ask window as the core sees it (electron/main/platform/quick-ask-window.ts in the app). */
export interface QuickAskPort {
  /** Opens the window where the member is, or hides it when it is already in front (its shortcut pressed again). */
  toggle(): void;
  /** Hides the window; `open` then brings up the app's window (on Settings when the answer needs a setting). */
  hide(open?: QuickAskOpen): void;
}

/**
 * The quick-ask page's one channel of its own: Escape (or a button that opens the app) hides its window. The
 * contract's `windowChannels` give it to that window alone, so the registry has refused every other caller.
 */
export function createQuickAskCapability(deps: { quickAsk?: QuickAskPort | undefined }): Capability<'desktop:hideQuickAsk'> {
  return {
    handlers: {
      'desktop:hideQuickAsk': ({ open }) => {
        deps.quickAsk?.hide(open);
        return ok({});
      },
    },
  };
}
