import { existsSync } from 'node:fs';
import path from 'node:path';
// electron-updater is CommonJS and defines autoUpdater as a getter, which Node's ESM named-import detection misses.
import electronUpdater from 'electron-updater';
import { UPDATES } from '../../../shared/limits';
import type { Logger } from '../log/logger';

/**
 * Where electron-builder records the feed a package was built with (`npm run dist` given a publish URL, see the
 * README); electron-updater reads it from there. A package built without a feed has none.
 */
export const FEED_FILE = 'app-update.yml';

export interface UpdatesDeps {
  isPackaged: boolean;
  /** process.resourcesPath: the packaged app's resources folder. */
  resourcesPath: string;
  log: Logger;
}

/**
 * Checks the build-time feed for a newer version at start and every UPDATES.checkEveryMs; electron-updater downloads
 * it in the background and installs it when the app quits. Off in development and in a package built without a
 * feed. A failed check or download is logged and tried again at the next check: updates never stop the app.
 */
export function startUpdates(deps: UpdatesDeps): void {
  if (!deps.isPackaged || !existsSync(path.join(deps.resourcesPath, FEED_FILE))) {
    deps.log.info('updates are off: this build has no update feed');
    return;
  }
  const { autoUpdater } = electronUpdater;
  // Its own logger writes every step to the console; what matters goes to ours, below.
  autoUpdater.logger = null;
  // A failed check both emits 'error' and rejects: one line for it, whichever way it came.
  const reported = new WeakSet<object>();
  const report = (error: unknown) => {
    if (typeof error === 'object' && error !== null) {
      if (reported.has(error)) return;
      reported.add(error);
    }
    deps.log.warn('update check failed', { error });
  };
  // Without an 'error' listener an EventEmitter throws: a failed download would take the app down.
  autoUpdater.on('error', report);
  autoUpdater.on('update-downloaded', (info: { version: string }) =>
    deps.log.info('update downloaded; it installs when the app quits', { version: info.version }),
  );
  const check = () => {
    Promise.resolve()
      .then(() => autoUpdater.checkForUpdates())
      .catch(report);
  };
  check();
  // unref: the timer alone must not keep the process alive when everything else has quit.
  setInterval(check, UPDATES.checkEveryMs).unref();
}
