import { watch } from 'chokidar';
import { dirname, resolve } from 'node:path';
import type { Logger } from '../log/logger';
import type { WatchPolicyFile } from './file-policy-source';

/**
 * Watches the policy file through the folder above its own (/etc for /etc/staff-desk/policy.json), with chokidar,
 * the library the knowledge base watches notes with: most machines have no policy folder at all, and the one the
 * admin creates later, replaces or removes is followed. Everything else in that folder is ignored unwatched.
 */
export function watchPolicyFileWith(log: Logger): WatchPolicyFile {
  return (file, changed) => {
    const folder = dirname(file);
    const root = dirname(folder);
    const kept = new Set([root, folder, file].map((path) => resolve(path)));
    // chokidar hands `ignored` its paths with forward slashes, on Windows too: compared in this system's spelling.
    const watcher = watch(root, { ignoreInitial: true, depth: 1, ignored: (path) => !kept.has(resolve(path)) });
    watcher.on('all', () => changed());
    // The watch is set up asynchronously: what changed since the reading at start is read once it is in place.
    watcher.on('ready', () => changed());
    // The policy is still read at start; a watch that failed only means a change is seen at the next start.
    watcher.on('error', (error) => log.warn('the policy folder cannot be watched', { folder, error }));
    return { close: () => void watcher.close() };
  };
}
