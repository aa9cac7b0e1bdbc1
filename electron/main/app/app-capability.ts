import type { Settings } from '../../../shared/settings';
import type { Capability } from '../capability';
import type { Logger } from '../log/logger';
import { appHandlers, type AppInfo } from './app-handlers';

export interface AppCapabilityDeps {
  appInfo: AppInfo;
  /** The settings in effect: whether the machine's policy leaves updates on. */
  settings: { get(): Settings };
  /** Hands an already-validated https URL to the system browser. */
  openExternal: (url: string) => Promise<void>;
  /** Writes text to the system clipboard (the sandboxed page is given no clipboard permission). */
  copyText: (text: string) => void;
  /** The start's figures (RD4); absent where nothing is started (the harness). */
  startup?: { firstPaint(): void };
  log: Logger;
}

/** The app itself: its version and data folder, links opened in the system browser, the clipboard, its first paint. */
export function createAppCapability(
  deps: AppCapabilityDeps,
): Capability<'app:info' | 'app:openExternal' | 'app:copyText' | 'app:painted'> {
  return {
    handlers: appHandlers({
      info: () => {
        // The updater does not check while the policy keeps updates off (index.ts): About says who installs them.
        const managed = !deps.settings.get().features.updates;
        return managed ? { ...deps.appInfo, updates: 'managed' } : deps.appInfo;
      },
      openExternal: deps.openExternal,
      copyText: deps.copyText,
      painted: () => deps.startup?.firstPaint(),
      log: deps.log,
    }),
  };
}
