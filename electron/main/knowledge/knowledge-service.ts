import { resolve } from 'node:path';
import type Database from 'better-sqlite3';
import { GEMINI, ORACLE } from '../../../shared/limits';
import { floorFor, type IndexProgressEvent, type KnowledgeIssue, type KnowledgeStatus } from '../../../shared/oracle';
import { err, ok, type Result } from '../../../shared/result';
import type { Settings, SettingsPatch } from '../../../shared/settings';
import type { GeminiGateway } from '../gemini/gateway';
import type { Logger } from '../log/logger';
import { embedChunks } from './embed-chunks';
import { indexNotes } from './index-folder';
import { embeddingIssue, KNOWLEDGE_ISSUES, listingIssue } from './knowledge-issues';
import { createKnowledgeState } from './knowledge-state';
import { listNoteFiles, noteFileAt, type NoteFile } from './list-note-files';
import type { WatchFolder } from './watch-folder';

/** The one knowledge base in kb_notes / kb_chunks; its paths are relative to whichever folder it holds. */
export const KNOWLEDGE_COLLECTION = 'kb';

/** The pane's index line needs no more than this many updates a second; every caller of reindex gets them all. */
const PROGRESS_PUBLISH_INTERVAL_MS = 100;

export interface KnowledgeServiceDeps {
  db: Database.Database;
  gateway: GeminiGateway;
  /** Reads settings.knowledgeBase (path null = defaultFolder, floors) and models.embedding. */
  settings: () => Settings;
  /** The guide shipped with the app (resources/knowledge-base). */
  defaultFolder: string;
  /** Without a key nothing is embedded, and the base is searched by its words (mode 'lexical', issue no_key). */
  hasGeminiKey: () => Promise<boolean>;
  /**
   * The member's own notes kept beside the guide while it is the knowledge base (meeting notes saved before a
   * folder is chosen, in the app's data folder): indexed and watched with it, their paths under `prefix/`.
   */
  besideGuide?: { readonly prefix: string; readonly folder: string };
  watch: WatchFolder;
  /** Broadcasts 'oracle:changed'. */
  publish: (status: KnowledgeStatus) => void;
  now: () => number;
  log: Logger;
}

export interface ReindexOptions {
  /** Cancels this caller's wait, and stops the pass unless another reindex caller still waits for it. */
  signal?: AbortSignal;
  onProgress?: (progress: IndexProgressEvent) => void;
  /**
   * Only these notes (paths as the index names them) were written or removed: the pass reads them alone rather
   * than the whole folder, so a note just saved is searchable at once in a large base. A pass already running
   * is joined, and these notes are read after it.
   */
  notes?: readonly string[];
}

/** Where a note the index names is on disk: the folder it was read from, and its path (forward slashes) there. */
export interface NoteLocation {
  readonly folder: string;
  readonly path: string;
}

export interface KnowledgeService {
  /** Watches the folder and runs the first pass in the background. */
  start(): void;
  /** Cheap (a few indexed counts) and never throws. */
  status(): KnowledgeStatus;
  /**
   * Reads the folder again (changed notes only) and embeds what needs it, or joins the pass already running.
   * Resolves ok with the status once the passes settle, whatever they met: a missing folder, no key or a Gemini
   * failure is the status's `issue`, because the base still answers (from what it holds, or by words). Resolves
   * err only when `signal` cancelled it or the service closed.
   */
  reindex(options?: ReindexOptions): Promise<Result<KnowledgeStatus>>;
  /** Call after every settings write: a new folder or embedding model starts a pass, new floors are published. */
  settingsChanged(patch: SettingsPatch): void;
  /** The absolute folder the knowledge base is read from. */
  folder(): string;
  /** Where the note at `path` (as the index names it) is: in `folder()`, or beside the guide for its prefix. */
  locate(path: string): NoteLocation;
  /** Whether the index holds the note at `path` (relative, forward slashes) of that folder: the only notes main opens. */
  hasNote(path: string): boolean;
  /** Stops watching and aborts a running pass; what was stored stays. */
  close(): void;
}

const cancelled = () => err('UPSTREAM', 'Re-indexing the knowledge base was cancelled.', { reason: 'cancelled' });

/** What a pass ended with: an issue (or none) once it ran to its end, or `stopped` when it was aborted. */
type PassOutcome = { readonly issue: KnowledgeIssue | null } | 'stopped';

/** What a pass reads: the whole folder, or some notes only. */
type PassScope = 'all' | ReadonlySet<string>;

interface Caller {
  readonly onProgress: ((progress: IndexProgressEvent) => void) | undefined;
}

/** Passes run back to back while changes keep arriving; reindex callers wait for the whole run. */
interface Run {
  done: Promise<void>;
  readonly callers: Set<Caller>;
  /** Its last caller cancelled: the run ends after the pass it aborted, unless someone asks again. */
  stopping: boolean;
}

/**
 * Owns the notes folder (issue 6, G6): indexes it at start and whenever it changes, one pass at a time,
 * embedding what needs it when a Gemini key exists, and tells the pane how it is going.
 */
export function createKnowledgeService(deps: KnowledgeServiceDeps): KnowledgeService {
  const { db, log } = deps;
  const state = createKnowledgeState(db);
  const counts = prepareCounts(db);
  const noteRow = db.prepare<[string, string], number>('SELECT 1 FROM kb_notes WHERE collection = ? AND path = ?').pluck();

  let run: Run | null = null;
  let pass: AbortController | null = null;
  /** What changed since the running pass listed the folder, so one more pass reads it; null: nothing did. */
  let wanted: PassScope | null = null;
  let progress: IndexProgressEvent | null = null;
  let lastProgressPublish: { readonly at: number; readonly phase: IndexProgressEvent['phase'] } | null = null;
  let issue: KnowledgeIssue | null = null;
  /** The links out of the folder its last listing left out, sorted. */
  let linksOutside: readonly string[] = [];
  let watching: { readonly folder: string; readonly handle: { close(): void } } | null = null;
  let started = false;
  let closed = false;

  const folder = () => resolve(deps.settings().knowledgeBase.path ?? deps.defaultFolder);
  /** The folder beside the guide, while the guide is the knowledge base; its notes' paths start with `prefix`. */
  const beside = () => {
    if (!deps.besideGuide || deps.settings().knowledgeBase.path !== null) return null;
    return { prefix: `${deps.besideGuide.prefix}/`, folder: resolve(deps.besideGuide.folder) };
  };

  /** Another pass is to read `scope` (besides what it already must). */
  function want(scope: 'all' | readonly string[]) {
    wanted = scope === 'all' || wanted === 'all' ? 'all' : new Set([...(wanted ?? []), ...scope]);
  }

  function locate(path: string): NoteLocation {
    const extra = beside();
    if (extra && path.startsWith(extra.prefix)) return { folder: extra.folder, path: path.slice(extra.prefix.length) };
    return { folder: folder(), path };
  }

  function status(): KnowledgeStatus {
    const settings = deps.settings();
    const model = settings.models.embedding;
    const stored = readStored(model);
    return {
      folder: { path: folder(), isDefault: settings.knowledgeBase.path === null },
      state: run ? 'indexing' : 'idle',
      progress: run ? progress : null,
      ...stored,
      // Without a key no question can be embedded, so stored vectors cannot be searched either.
      mode: stored.embedded > 0 && issue?.reason !== 'no_key' ? 'hybrid' : 'lexical',
      embeddingModel: model,
      floor: floorFor(settings.knowledgeBase.floors, model),
      issue,
      linksOutside: { count: linksOutside.length, paths: linksOutside.slice(0, ORACLE.linksOutsideListed) },
    };
  }

  function readStored(model: string) {
    try {
      return {
        notes: counts.notes.get(KNOWLEDGE_COLLECTION) ?? 0,
        chunks: counts.chunks.get(KNOWLEDGE_COLLECTION) ?? 0,
        embedded: counts.embedded.get(KNOWLEDGE_COLLECTION, model, GEMINI.embeddingDimensions) ?? 0,
        indexedAt: state.indexedAt(),
      };
    } catch (error) {
      log.error('knowledge: the status could not be read', { error });
      return { notes: 0, chunks: 0, embedded: 0, indexedAt: null };
    }
  }

  function publishStatus() {
    if (!closed) deps.publish(status());
  }

  function report(next: IndexProgressEvent) {
    progress = next;
    for (const caller of run?.callers ?? []) caller.onProgress?.(next);
    const at = deps.now();
    const last = lastProgressPublish;
    const due =
      last === null || last.phase !== next.phase || next.done === next.total || at - last.at >= PROGRESS_PUBLISH_INTERVAL_MS;
    if (!due) return;
    lastProgressPublish = { at, phase: next.phase };
    publishStatus();
  }

  async function embed(signal: AbortSignal, step: (p: IndexProgressEvent) => void): Promise<PassOutcome> {
    if (!(await deps.hasGeminiKey())) return { issue: KNOWLEDGE_ISSUES.no_key };
    if (signal.aborted) return 'stopped';
    const model = deps.settings().models.embedding;
    const stored = readStored(model);
    const pending = stored.chunks - stored.embedded;
    if (pending > 0) step({ phase: 'embedding', done: 0, total: pending });
    const result = await embedChunks({
      db,
      gateway: deps.gateway,
      model,
      dimensions: GEMINI.embeddingDimensions,
      signal,
      onProgress: ({ done, total }) => step({ phase: 'embedding', done, total }),
    });
    if (!result.ok) return { issue: embeddingIssue(result) };
    return result.value.status === 'aborted' ? 'stopped' : { issue: null };
  }

  async function indexFolder(signal: AbortSignal): Promise<PassOutcome> {
    const path = folder();
    let files: NoteFile[];
    const leadingOut: string[] = [];
    const extra = beside();
    try {
      files = await listNoteFiles(path, { onLinkOutside: (link) => leadingOut.push(link) });
      // The guide ships nothing under the prefix; if it did, the member's own notes there would win.
      if (extra) files = files.filter((file) => !file.path.startsWith(extra.prefix));
    } catch (error) {
      if (signal.aborted) return 'stopped';
      const found = listingIssue(error, path);
      if (found === 'changed') {
        want('all');
        return 'stopped';
      }
      log.warn('knowledge: the folder could not be listed', { reason: found.reason, error });
      linksOutside = [];
      // The oracle never answers from a folder the member has left: the index keeps only this folder's notes.
      if (state.folder() !== path) {
        state.beginFolder(path);
        await indexNotes({ db, collection: KNOWLEDGE_COLLECTION, files: [] });
      }
      return { issue: found };
    }
    const besides = extra ? await listBeside(extra, leadingOut) : { files: [] };
    if (signal.aborted) return 'stopped';
    linksOutside = leadingOut.sort();
    if (linksOutside.length > 0) log.warn('knowledge: links leading out of the folder were left out', { count: linksOutside.length });

    state.beginFolder(path);
    return indexAndEmbed([...files, ...besides.files], signal, besides.keep);
  }

  /**
   * The notes beside the guide, under their prefix: none while their folder is not made yet; while it cannot be
   * read, those indexed are kept as they were, so a folder unreadable for a moment takes no note away.
   */
  async function listBeside(
    extra: { prefix: string; folder: string },
    leadingOut: string[],
  ): Promise<{ files: NoteFile[]; keep?: (path: string) => boolean }> {
    const prefixed = (path: string) => `${extra.prefix}${path}`;
    try {
      const files = await listNoteFiles(extra.folder, { onLinkOutside: (link) => leadingOut.push(prefixed(link)) });
      return { files: files.map((file) => ({ path: prefixed(file.path), read: file.read })) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { files: [] };
      log.warn('knowledge: the notes beside the guide could not be listed', { error });
      return { files: [], keep: (path) => path.startsWith(extra.prefix) };
    }
  }

  /** Brings the index in line with `files` (notes unlisted are removed unless kept), then embeds what needs it. */
  async function indexAndEmbed(files: readonly NoteFile[], signal: AbortSignal, keepUnlisted?: (path: string) => boolean): Promise<PassOutcome> {
    const step = (next: IndexProgressEvent) => {
      if (!signal.aborted) report(next);
    };
    step({ phase: 'reading', done: 0, total: files.length });
    const indexed = await indexNotes({
      db,
      collection: KNOWLEDGE_COLLECTION,
      files,
      ...(keepUnlisted ? { keepUnlisted } : {}),
      signal,
      onProgress: ({ done, total }) => step({ phase: 'reading', done, total }),
    });
    if (indexed.status === 'aborted') return 'stopped';
    if (indexed.unreadable.length > 0) {
      log.warn('knowledge: some notes could not be read; their previous index is kept', { count: indexed.unreadable.length });
    }
    const embedded = await embed(signal, step);
    if (embedded === 'stopped') return 'stopped';
    state.passFinished(new Date(deps.now()).toISOString());
    const { added, updated, removed, unchanged } = indexed;
    log.info('knowledge pass finished', { notes: files.length, added, updated, removed, unchanged, issue: embedded.issue?.reason ?? null });
    return embedded;
  }

  /** A pass over `paths` alone; the rest of the index stays as the last pass left it. */
  async function indexSome(paths: ReadonlySet<string>, signal: AbortSignal): Promise<PassOutcome> {
    // The index holds another folder's notes until a whole pass has read this one.
    if (state.folder() !== folder()) return indexFolder(signal);
    const found = await Promise.all(
      [...paths].map((path) => {
        const at = locate(path);
        return noteFileAt(at.folder, at.path).then((file) => (file ? { path, read: file.read } : null));
      }),
    );
    if (signal.aborted) return 'stopped';
    // A listed path with no note is removed from the index: it was deleted, or is no note any more.
    const notes = found.filter((file): file is NoteFile => file !== null);
    const outcome = await indexAndEmbed(notes, signal, (path) => !paths.has(path));
    // What the last listing found wrong with the folder still holds: only a whole pass reads it again.
    const listing = issue?.reason === 'folder_missing' || issue?.reason === 'folder_unreadable' ? issue : null;
    return outcome === 'stopped' ? outcome : { issue: outcome.issue ?? listing };
  }

  async function runPass(signal: AbortSignal, scope: PassScope) {
    let outcome: PassOutcome;
    try {
      outcome = await (scope === 'all' ? indexFolder(signal) : indexSome(scope, signal));
    } catch (error) {
      // Closing the app closes the database under a pass that is winding down: not a failure worth reporting.
      if (signal.aborted) return;
      log.error('knowledge: the pass failed', { error });
      outcome = { issue: KNOWLEDGE_ISSUES.index_failed };
    }
    if (outcome !== 'stopped') issue = outcome.issue;
  }

  function ensureRun(): Run {
    if (run) return run;
    const current: Run = { done: Promise.resolve(), callers: new Set(), stopping: false };
    run = current;
    current.done = (async () => {
      do {
        // Every caller of ensureRun said first what the pass is to read.
        const scope = wanted ?? 'all';
        wanted = null;
        progress = null;
        lastProgressPublish = null;
        const controller = new AbortController();
        pass = controller;
        publishStatus();
        await runPass(controller.signal, scope);
        pass = null;
      } while (wanted !== null && !closed);
      run = null;
      progress = null;
      publishStatus();
    })();
    return current;
  }

  /** The folder or the model changed: the pass under way is for the old one, so it stops and a new one runs. */
  function restart() {
    want('all');
    pass?.abort();
    ensureRun().stopping = false;
  }

  function folderChanged() {
    if (closed) return;
    want('all');
    ensureRun();
  }

  function watchCurrentFolder() {
    watching?.handle.close();
    const path = folder();
    const watchOne = (watched: string) =>
      deps.watch(watched, folderChanged, (error) => {
        log.warn('knowledge: the folder cannot be watched for now', { folder: watched, error });
      });
    const extra = beside();
    const handles = [watchOne(path), ...(extra ? [watchOne(extra.folder)] : [])];
    watching = { folder: path, handle: { close: () => handles.forEach((handle) => handle.close()) } };
  }

  return {
    start() {
      if (started || closed) return;
      started = true;
      watchCurrentFolder();
      want('all');
      ensureRun();
    },
    status,
    reindex({ signal, onProgress, notes } = {}) {
      if (closed || signal?.aborted) return Promise.resolve(cancelled());
      // A run whose last caller left is ending after the pass it aborted: the whole folder is read again. A
      // running pass is joined as it is, unless notes were written since it listed the folder.
      if (run === null) want(notes ?? 'all');
      else if (run.stopping) want('all');
      else if (notes) want(notes);
      const current = ensureRun();
      current.stopping = false;
      const caller: Caller = { onProgress };
      if (progress !== null) onProgress?.(progress);
      current.callers.add(caller);
      return new Promise((settle) => {
        const leave = () => {
          current.callers.delete(caller);
          if (current.callers.size === 0 && run === current) {
            current.stopping = true;
            wanted = null;
            pass?.abort();
          }
          settle(cancelled());
        };
        signal?.addEventListener('abort', leave, { once: true });
        void current.done.then(() => {
          signal?.removeEventListener('abort', leave);
          current.callers.delete(caller);
          settle(closed ? cancelled() : ok(status()));
        });
      });
    },
    settingsChanged(patch) {
      if (!started || closed) return;
      if (watching?.folder !== folder()) {
        // What was wrong with the old folder says nothing about the new one.
        if (issue?.reason === 'folder_missing' || issue?.reason === 'folder_unreadable') issue = null;
        linksOutside = [];
        watchCurrentFolder();
        restart();
      } else if (patch.models?.embedding !== undefined) {
        restart();
      }
      if (patch.knowledgeBase !== undefined || patch.models?.embedding !== undefined) publishStatus();
    },
    folder,
    locate,
    hasNote(path) {
      // Until the new folder's first pass, the index still holds the previous folder's notes.
      return state.folder() === folder() && noteRow.get(KNOWLEDGE_COLLECTION, path) !== undefined;
    },
    close() {
      if (closed) return;
      closed = true;
      wanted = null;
      watching?.handle.close();
      watching = null;
      pass?.abort();
    },
  };
}

function prepareCounts(db: Database.Database) {
  return {
    notes: db.prepare<[string], number>('SELECT count(*) FROM kb_notes WHERE collection = ?').pluck(),
    chunks: db.prepare<[string], number>('SELECT count(*) FROM kb_chunks WHERE collection = ?').pluck(),
    embedded: db
      .prepare<[string, string, number], number>(
        'SELECT count(*) FROM kb_chunks WHERE collection = ? AND embedding_model = ? AND dims = ?',
      )
      .pluck(),
  };
}
