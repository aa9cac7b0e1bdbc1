import { watch as chokidarWatch } from 'chokidar';
import { statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { ORACLE } from '../../../shared/limits';
import { systemTimers, type Timers } from '../timers/alarm';

/**
 * Watches a notes folder while the app runs: `onChange` once a burst of changes to notes has settled, and again
 * when a folder that had gone away is back. `onError` hears why the folder could not be watched (for the log;
 * the knowledge service's next pass tells the member). Closing it stops every watch and timer.
 */
export type WatchFolder = (
  folder: string,
  onChange: () => void,
  onError?: (error: unknown) => void,
) => { close(): void };

/** A live watch over a folder and everything under it. */
export interface TreeWatch {
  close(): void;
}

export interface TreeListener {
  /** A path changed, relative to the root with forward slashes; null when the system did not say which. */
  onEvent(path: string | null): void;
  /** The root's own watch broke: nothing is watched any more. */
  onLost(error: unknown): void;
  /** A folder under the root could not be watched (e.g. the system is out of watches): changes there are missed. */
  onPartial(error: unknown): void;
}

/** Starts watching `root`; throws when the root itself cannot be watched (missing, unreadable). */
export type WatchTree = (root: string, listener: TreeListener) => TreeWatch;

export interface WatchFolderDeps {
  readonly timers: Timers;
  /** A burst of saves within this is one change. */
  readonly debounceMs: number;
  /** While the folder cannot be watched (missing, a drive not connected), it is tried again this often. */
  readonly retryMs: number;
  readonly tree: WatchTree;
}

/** A folder that disappeared (an unplugged drive, a synced folder being replaced) is looked for again this often. */
const FOLDER_RETRY_MS = 5_000;

const NOTE_EXTENSION = /\.(md|markdown)$/i;

/**
 * Whether an event can concern a note: not inside a hidden folder (.obsidian, .git, .trash change constantly and
 * hold no notes), and a Markdown file or a name without extension (a folder of notes renamed or deleted).
 */
export function isNoteChange(path: string | null): boolean {
  if (path === null || path === '') return true;
  const segments = path.split('/');
  if (segments.some((segment) => segment.startsWith('.'))) return false;
  const name = segments.at(-1) ?? '';
  return NOTE_EXTENSION.test(name) || !name.includes('.');
}

export function createWatchFolder(deps: WatchFolderDeps): WatchFolder {
  const { timers } = deps;
  return (folder, onChange, onError) => {
    let tree: TreeWatch | null = null;
    // The folder's identity when its watch began: a folder deleted and created again needs a new watch.
    let watchedIdentity: Promise<string | null> = Promise.resolve(null);
    let debounce: unknown = null;
    let retry: unknown = null;
    let lost = false;
    let partialReported = false;
    let closed = false;

    const changed = () => {
      if (closed) return;
      if (debounce !== null) timers.clearTimeout(debounce);
      debounce = timers.setTimeout(() => void settle(), deps.debounceMs);
    };

    /** Stops the dead watch and looks for the folder again later; the error is reported once per outage. */
    const lose = (error?: unknown) => {
      tree?.close();
      tree = null;
      if (!lost && error !== undefined) onError?.(error);
      lost = true;
      if (retry === null && !closed) {
        retry = timers.setTimeout(() => {
          retry = null;
          begin();
        }, deps.retryMs);
      }
    };

    const begin = () => {
      if (closed) return;
      try {
        tree = deps.tree(folder, {
          onEvent: (path) => {
            if (isNoteChange(path)) changed();
          },
          onLost: (error) => {
            lose(error);
            changed();
          },
          onPartial: (error) => {
            if (!partialReported) onError?.(error);
            partialReported = true;
          },
        });
      } catch (error) {
        lose(error);
        return;
      }
      watchedIdentity = folderIdentity(folder);
      if (lost) {
        lost = false;
        onChange();
      }
    };

    async function settle() {
      debounce = null;
      const [watched, current] = await Promise.all([watchedIdentity, folderIdentity(folder)]);
      if (closed) return;
      // Gone or replaced: the watch still points at the old folder, so it is dropped until the folder is back.
      if (current === null || current !== watched) lose();
      onChange();
    }

    begin();
    return {
      close() {
        closed = true;
        tree?.close();
        tree = null;
        if (debounce !== null) timers.clearTimeout(debounce);
        if (retry !== null) timers.clearTimeout(retry);
        debounce = null;
        retry = null;
      },
    };
  };
}

async function folderIdentity(folder: string): Promise<string | null> {
  try {
    const info = await stat(folder);
    return info.isDirectory() ? `${info.dev}:${info.ino}` : null;
  } catch {
    return null;
  }
}

function relativePath(root: string, path: string): string {
  return relative(root, path).split(sep).join('/');
}

/**
 * The tree under `root` through chokidar: on Linux, where Node's own recursive watch walks the tree synchronously
 * and holds a watch for every file (hidden folders included), it keeps one watch per visible folder, set up
 * asynchronously, and follows folders that appear or go away; macOS and Windows get their native recursive
 * watch. Editors' atomic saves (write a temp file, rename over the note) arrive as one change.
 */
export const watchTree: WatchTree = (root, listener) => {
  // chokidar waits quietly for a root that is not there; the caller needs to know now, to look for it later.
  if (!statSync(root).isDirectory()) throw Object.assign(new Error(`${root} is not a folder`), { code: 'ENOTDIR' });
  const watcher = chokidarWatch(root, {
    ignoreInitial: true,
    // As the note listing: a linked folder is not part of the knowledge base.
    followSymlinks: false,
    // Hidden folders (.obsidian, .git, .trash) change constantly and hold no notes: not even watched.
    ignored: (path, stats) => {
      const inside = relativePath(root, path);
      if (inside === '') return false;
      if (inside.split('/').some((segment) => segment.startsWith('.'))) return true;
      return stats?.isFile() === true && !NOTE_EXTENSION.test(path);
    },
  });
  watcher.on('all', (_event, path) => listener.onEvent(relativePath(root, path)));
  watcher.on('error', (error) => {
    // Out of watches on a huge tree: what is watched still works, so it is reported and not treated as lost.
    if ((error as NodeJS.ErrnoException).code === 'ENOSPC') listener.onPartial(error);
    else listener.onLost(error);
  });
  return { close: () => void watcher.close() };
};

/** The app's watcher: notes saved anywhere under the folder, settled into one change per burst. */
export const watchFolder: WatchFolder = createWatchFolder({
  timers: systemTimers,
  debounceMs: ORACLE.watchDebounceMs,
  retryMs: FOLDER_RETRY_MS,
  tree: watchTree,
});
