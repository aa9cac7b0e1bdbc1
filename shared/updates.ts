import { z } from 'zod';

/**
 * How this build keeps itself up to date, decided by main at start (electron/main/platform/updater.ts) and told in
 * Settings → About:
 * - automatic: it checks its https feed, downloads a newer version whose signature the system checks, and installs
 *   it when the app quits (Windows, macOS);
 * - linux: never by itself, since nothing would check an AppImage's or a deb's signature: the member installs it;
 * - development: a development run;
 * - noFeed: a package built without an update feed;
 * - feedRefused: the package's feed is not one it may trust (not https, or on Windows no publisher to check against);
 * - managed: the machine's policy switched updates off (issue 28): the organization installs new versions.
 */
export const UPDATE_MODES = ['automatic', 'linux', 'development', 'noFeed', 'feedRefused', 'managed'] as const;
export type UpdateMode = (typeof UPDATE_MODES)[number];
export const updateModeSchema = z.enum(UPDATE_MODES);
