import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ORACLE } from '../../../shared/limits';
import { manualClock } from '../../../test/support/auth-test-kit';
import { writeNote } from '../../../test/support/knowledge/knowledge-service-kit';
import { makeTempDir } from '../../../test/support/store-helpers';
import { systemTimers } from '../timers/alarm';
import {
  createWatchFolder,
  isNoteChange,
  watchFolder,
  watchTree,
  type TreeListener,
  type WatchFolder,
  type WatchTree,
} from './watch-folder';

const DEBOUNCE_MS = 500;
const RETRY_MS = 5_000;
/** How long a real file system event may take to arrive on a busy machine. */
const FS_WAIT = { timeout: 5_000 };

/** Runs `watch` on `folder`, counting its changes and errors, and closes it when the test ends. */
function observe(watch: WatchFolder, folder: string) {
  const seen = { changes: 0, errors: [] as unknown[] };
  const handle = watch(
    folder,
    () => {
      seen.changes += 1;
    },
    (error) => seen.errors.push(error),
  );
  onTestFinished(() => handle.close());
  return { seen, handle };
}

/** A tree watch the test drives: it refuses a missing root, as the real ones do. */
function scriptedTree() {
  const state = { listener: null as TreeListener | null, open: 0 };
  const tree: WatchTree = (root, listener) => {
    if (!existsSync(root)) throw Object.assign(new Error(`ENOENT: no such file or directory, watch '${root}'`), { code: 'ENOENT' });
    state.listener = listener;
    state.open += 1;
    return {
      close: () => {
        state.open -= 1;
      },
    };
  };
  const listener = () => {
    if (!state.listener) throw new Error('nothing is watched');
    return state.listener;
  };
  return { tree, state, listener };
}

function scriptedWatch() {
  const clock = manualClock();
  const scripted = scriptedTree();
  const watch = createWatchFolder({ timers: clock.timers, debounceMs: DEBOUNCE_MS, retryMs: RETRY_MS, tree: scripted.tree });
  return { clock, ...scripted, watch };
}

describe('isNoteChange', () => {
  it('lets through notes and folders, not hidden folders or other files', () => {
    expect(['a.md', 'Area/b.markdown', 'Area/Sub', 'Area/c.MD', '', null].map(isNoteChange)).toEqual([true, true, true, true, true, true]);
    expect(['.obsidian/workspace.json', '.git/index', 'Area/.trash/old.md', 'photo.png', 'a.md.swp', 'a.md~'].map(isNoteChange)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('createWatchFolder', () => {
  it('turns a burst of saves into one change once they settle', async () => {
    const { clock, listener, watch } = scriptedWatch();
    const { seen } = observe(watch, makeTempDir());
    for (const path of ['a.md', 'a.md', 'b.md', 'Area', 'Area/c.md']) listener().onEvent(path);
    expect(clock.pendingCount()).toBe(1);

    clock.advance(DEBOUNCE_MS);
    await vi.waitFor(() => expect(seen.changes).toBe(1));
    expect(clock.pendingCount()).toBe(0);
  });

  it('ignores changes in hidden folders and to files that are not notes', () => {
    const { clock, listener, watch } = scriptedWatch();
    observe(watch, makeTempDir());
    listener().onEvent('.obsidian/workspace.json');
    listener().onEvent('attachments/photo.png');
    expect(clock.pendingCount()).toBe(0);
  });

  it('reports a missing folder once, looks for it again, and announces it when it is back', () => {
    const { clock, state, watch } = scriptedWatch();
    const folder = join(makeTempDir(), 'Notes');
    const { seen } = observe(watch, folder);
    expect(seen.errors).toHaveLength(1);
    expect(state.open).toBe(0);

    clock.advance(RETRY_MS);
    expect(seen.errors).toHaveLength(1);
    mkdirSync(folder);
    clock.advance(RETRY_MS);

    expect(seen.changes).toBe(1);
    expect(state.open).toBe(1);
    expect(clock.pendingCount()).toBe(0);
  });

  it('drops a watch that broke, reports a change, and watches again', async () => {
    const { clock, state, listener, watch } = scriptedWatch();
    const { seen } = observe(watch, makeTempDir());
    listener().onLost(new Error('the watch broke'));
    expect(seen.errors).toHaveLength(1);
    expect(state.open).toBe(0);

    clock.advance(RETRY_MS);
    await vi.waitFor(() => expect(seen.changes).toBeGreaterThanOrEqual(1));
    expect(state.open).toBe(1);
  });

  it('reports a folder under the root that cannot be watched only once', () => {
    const { listener, watch } = scriptedWatch();
    const { seen } = observe(watch, makeTempDir());
    listener().onPartial(new Error('ENOSPC'));
    listener().onPartial(new Error('ENOSPC'));
    expect(seen.errors).toHaveLength(1);
  });

  it('leaves no timer and no watch behind when closed', () => {
    const { clock, state, listener, watch } = scriptedWatch();
    const { handle } = observe(watch, makeTempDir());
    listener().onEvent('a.md');
    handle.close();
    expect(clock.pendingCount()).toBe(0);
    expect(state.open).toBe(0);

    const missing = observe(watch, join(makeTempDir(), 'gone'));
    expect(clock.pendingCount()).toBe(1);
    missing.handle.close();
    expect(clock.pendingCount()).toBe(0);
  });
});

describe('watching a real folder', () => {
  const tree = watchTree;
  it('reports notes saved anywhere in the tree, in folders created after the watch began too', async () => {
    const root = makeTempDir();
    writeNote(root, 'Area/old.md', '# Old\n');
    const paths: Array<string | null> = [];
    const watch = tree(root, { onEvent: (path) => paths.push(path), onLost: () => {}, onPartial: () => {} });
    onTestFinished(() => watch.close());

    await vi.waitFor(() => {
      writeNote(root, 'Area/old.md', `# Old\n\n${paths.length}\n`);
      expect(paths).toContain('Area/old.md');
    }, FS_WAIT);
    mkdirSync(join(root, 'New', 'Deeper'), { recursive: true });
    await vi.waitFor(() => {
      writeNote(root, 'New/Deeper/fresh.md', `# Fresh\n\n${paths.length}\n`);
      expect(paths).toContain('New/Deeper/fresh.md');
    }, FS_WAIT);
  });

  it('survives the folder being deleted, and watches it again once it is back', async () => {
    const root = join(makeTempDir(), 'Notes');
    writeNote(root, 'a.md', '# A\n');
    let watches = 0;
    const counted: WatchTree = (folder, listener) => {
      const watch = tree(folder, listener);
      watches += 1;
      return watch;
    };
    const { seen } = observe(createWatchFolder({ timers: systemTimers, debounceMs: 20, retryMs: 20, tree: counted }), root);
    // The watch is set up asynchronously: once a save is heard, it is in place.
    await vi.waitFor(() => {
      writeNote(root, 'a.md', `# A ${seen.changes}\n`);
      expect(seen.changes).toBeGreaterThanOrEqual(1);
    }, FS_WAIT);
    const beforeDeletion = seen.changes;

    rmSync(root, { recursive: true });
    await vi.waitFor(() => expect(seen.changes).toBeGreaterThan(beforeDeletion), FS_WAIT);
    const whileGone = seen.changes;
    writeNote(root, 'b.md', '# B\n');
    // Announced as it is watched again: the member's next pass reads it.
    await vi.waitFor(() => expect(watches).toBe(2), FS_WAIT);
    const announced = seen.changes;
    expect(announced).toBeGreaterThan(whileGone);

    await vi.waitFor(() => {
      writeNote(root, 'c.md', `# C ${seen.changes}\n`);
      expect(seen.changes).toBeGreaterThan(announced);
    }, FS_WAIT);
  });
});

describe('watchTree', () => {
  it('does not even watch inside hidden folders', async () => {
    const root = makeTempDir();
    mkdirSync(join(root, '.git', 'objects'), { recursive: true });
    const paths: Array<string | null> = [];
    const watch = watchTree(root, { onEvent: (path) => paths.push(path), onLost: () => {}, onPartial: () => {} });
    onTestFinished(() => watch.close());

    await vi.waitFor(() => {
      writeFileSync(join(root, '.git', 'objects', 'ab12'), 'blob');
      writeNote(root, 'note.md', `# Note ${paths.length}\n`);
      expect(paths).toContain('note.md');
    }, FS_WAIT);
    expect(paths.filter((path) => path?.startsWith('.git/'))).toEqual([]);
  });

  it('refuses a folder that is not there', () => {
    expect(() => watchTree(join(makeTempDir(), 'missing'), { onEvent: () => {}, onLost: () => {}, onPartial: () => {} })).toThrow(
      /ENOENT/,
    );
  });
});

describe('watchFolder', () => {
  it('reports a saved note after the quiet period', async () => {
    const root = makeTempDir();
    const { seen } = observe(watchFolder, root);
    // Saved until heard: the watch is set up asynchronously, and a save before that is the start pass's to read.
    await vi.waitFor(() => {
      writeNote(root, 'a.md', `# A ${Date.now()}\n`);
      expect(seen.changes).toBeGreaterThanOrEqual(1);
      // Further apart than the quiet period, or each save would put the change off again.
    }, { ...FS_WAIT, interval: ORACLE.watchDebounceMs * 2 });
    expect(seen.errors).toEqual([]);
  });
});
