import { readFileSync } from 'node:fs';
import path from 'node:path';
// electron-updater is CommonJS and defines autoUpdater as a getter, which Node's ESM named-import detection misses.
import electronUpdater from 'electron-updater';
import { parse } from 'yaml';
import { z } from 'zod';
import { UPDATES } from '../../../shared/limits';
import type { UpdateMode } from '../../../shared/updates';
import type { Logger } from '../log/logger';

/**
 * Where electron-builder records the feed a package was built with (`npm run dist` given a publish URL, see the
 * README); electron-updater reads it from there. A package built without a feed has none.
 */
export const FEED_FILE = 'app-update.yml';

/** What electron-builder writes into FEED_FILE; only the fields the trust decision reads are named. */
const feedFileSchema = z.looseObject({
  provider: z.string(),
  url: z.string().optional(),
  /** Windows: the name the update installer's Authenticode signature must carry (the signing certificate's). */
  publisherName: z.union([z.string(), z.array(z.string())]).optional(),
});

/** The one feed this app trusts: electron-builder's generic provider (a folder on a web server), over https. */
export interface TrustedFeed {
  provider: 'generic';
  url: string;
  [field: string]: unknown;
}

export type UpdatePlan =
  | { mode: 'automatic'; feed: TrustedFeed }
  | { mode: Exclude<UpdateMode, 'automatic'>; reason: string };

export interface UpdatePlanDeps {
  isPackaged: boolean;
  platform: NodeJS.Platform;
  /** process.resourcesPath: the packaged app's resources folder. */
  resourcesPath: string;
}

function refused(reason: string): UpdatePlan {
  return { mode: 'feedRefused', reason };
}

/**
 * Whether this build updates itself, and from where. Linux never does: electron-updater checks no signature of an
 * AppImage or a deb, so a new version is installed by hand. Elsewhere only a packaged app with an https generic feed
 * does; on Windows the feed must also name the publisher whose signature an update's installer must carry (a
 * package built unsigned names none, and electron-updater would then install any installer the feed lists).
 */
export function planUpdates(deps: UpdatePlanDeps): UpdatePlan {
  if (deps.platform === 'linux') {
    return { mode: 'linux', reason: 'nothing would check the signature of an AppImage or a deb' };
  }
  if (!deps.isPackaged) return { mode: 'development', reason: 'a development run' };
  let text: string;
  try {
    text = readFileSync(path.join(deps.resourcesPath, FEED_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { mode: 'noFeed', reason: 'this build has no update feed' };
    return refused(`${FEED_FILE} cannot be read: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = parse(text);
  } catch {
    return refused(`${FEED_FILE} is not valid YAML`);
  }
  const feed = feedFileSchema.safeParse(parsed);
  if (!feed.success) return refused(`${FEED_FILE} names no feed`);
  const { provider, url, publisherName } = feed.data;
  if (provider !== 'generic' || url === undefined) {
    return refused(`the feed's provider is "${provider}"; only a generic https feed is trusted`);
  }
  if (!URL.canParse(url) || new URL(url).protocol !== 'https:') return refused(`the feed is not https: ${url}`);
  const publishers = [publisherName ?? []].flat().filter((name) => name.trim() !== '');
  if (deps.platform === 'win32' && publishers.length === 0) {
    return refused('the package names no publisher to check an update’s signature against (it was built unsigned)');
  }
  return { mode: 'automatic', feed: { ...feed.data, provider, url } };
}

/** The updater of a build that updates itself, following the machine's policy. */
export interface Updates {
  /** The machine's policy switched updates off, or on again (issue 28). */
  allow(allowed: boolean): void;
}

/**
 * Checks the build-time feed for a newer version at start and every UPDATES.checkEveryMs; electron-updater downloads
 * it in the background and installs it when the app quits. Off (null) unless planUpdates trusts the feed. A failed
 * check or download is logged and tried again at the next check: updates never stop the app. While the machine's
 * policy switches updates off (issue 28), nothing is checked or downloaded, and an update downloaded before is not
 * installed at quit; switched on again, the feed is checked at once.
 */
export function startUpdates(plan: UpdatePlan, log: Logger, allowed = true): Updates | null {
  if (plan.mode !== 'automatic') {
    if (plan.mode === 'feedRefused') log.warn('updates are off: the update feed is refused', { reason: plan.reason });
    else log.info('updates are off', { reason: plan.reason });
    return null;
  }
  const { autoUpdater } = electronUpdater;
  // Its own logger writes every step to the console; what matters goes to ours, below.
  autoUpdater.logger = null;
  // Exactly the feed checked above.
  autoUpdater.setFeedURL(plan.feed);
  // Never back to an older version, even one the feed offers: an old signed release may have a known hole.
  autoUpdater.allowDowngrade = false;
  // The feed of the package only, never a dev-app-update.yml beside the code.
  autoUpdater.forceDevUpdateConfig = false;
  // A web installer fetches the app itself after its signature was checked: whole installers only.
  autoUpdater.disableWebInstaller = true;
  let on = allowed;
  // electron-updater reads both when it acts: a check's download, and the quit (where it installs what it holds). On
  // macOS it hands a download to Squirrel.Mac at once, which installs it at quit whatever they say by then.
  const follow = () => {
    autoUpdater.autoDownload = on;
    autoUpdater.autoInstallOnAppQuit = on;
  };
  follow();
  // A failed check both emits 'error' and rejects: one line for it, whichever way it came.
  const reported = new WeakSet<object>();
  const report = (error: unknown) => {
    if (typeof error === 'object' && error !== null) {
      if (reported.has(error)) return;
      reported.add(error);
    }
    log.warn('update check failed', { error });
  };
  // Without an 'error' listener an EventEmitter throws: a failed download would take the app down.
  autoUpdater.on('error', report);
  autoUpdater.on('update-downloaded', (info: { version: string }) =>
    log.info('update downloaded; it installs when the app quits', { version: info.version }),
  );
  const check = () => {
    if (!on) return;
    Promise.resolve()
      .then(() => autoUpdater.checkForUpdates())
      .catch(report);
  };
  check();
  // unref: the timer alone must not keep the process alive when everything else has quit.
  setInterval(check, UPDATES.checkEveryMs).unref();
  return {
    allow(next) {
      if (next === on) return;
      on = next;
      follow();
      log.info(on ? 'updates switched on by the policy' : 'updates switched off by the policy: nothing installs at quit');
      // At once, not at the next interval: what was held back while off is fetched now, and installs at quit.
      if (on) check();
    },
  };
}
