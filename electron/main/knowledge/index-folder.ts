import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { chunkNote, type ChunkSizes, type NoteChunk } from './chunk';
import type { NoteFile } from './list-note-files';
import { resolveLinkTargets } from './link-targets';
import { parseNote } from './parse-note';

export interface IndexProgress {
  readonly done: number;
  readonly total: number;
}

export interface IndexNotesOptions {
  readonly db: Database.Database;
  /** One knowledge base among several in the same tables. */
  readonly collection: string;
  readonly files: readonly NoteFile[];
  /**
   * Indexed notes not in `files` that stay as they are rather than being removed: the notes a pass over some notes
   * only did not read, or a folder that could not be listed this time.
   */
  readonly keepUnlisted?: (path: string) => boolean;
  readonly onProgress?: (progress: IndexProgress) => void;
  readonly signal?: AbortSignal;
  readonly chunkSizes?: ChunkSizes;
}

export interface IndexReport {
  /** `aborted`: stopped by the signal; every note is fully old or fully new, and the next run finishes the job. */
  readonly status: 'complete' | 'aborted';
  readonly total: number;
  readonly added: number;
  readonly updated: number;
  readonly unchanged: number;
  readonly removed: number;
  /** Notes that could not be read this run (moved or locked mid-run); their previous index is kept. */
  readonly unreadable: readonly string[];
}

/**
 * Brings the index of `collection` in line with `files`. A note whose text hash matches its `kb_notes` row costs
 * only that hash; a new or changed note is replaced whole (chunks, FTS through the triggers, and its `kb_notes` row
 * last), NOTES_PER_COMMIT to a transaction, with embeddings left empty for the embedding step. Notes no longer listed are removed
 * unless `keepUnlisted` keeps them, so a rename is a removal and an addition. Then the chunks' links are resolved (resolveLinkTargets).
 */
export async function indexNotes(options: IndexNotesOptions): Promise<IndexReport> {
  const { db, collection, files, onProgress, signal } = options;
  const statements = prepareStatements(db);
  const known = new Map(
    (statements.knownNotes.all(collection) as Array<{ path: string; content_hash: string }>).map((row) => [row.path, row.content_hash]),
  );
  const listed = new Set(files.map((file) => file.path));
  const keep = options.keepUnlisted ?? (() => false);
  const gone = [...known.keys()].filter((path) => !listed.has(path) && !keep(path));
  db.transaction(() => {
    for (const path of gone) statements.removeNote(collection, path);
  })();

  const counts = { added: 0, updated: 0, unchanged: 0 };
  const unreadable: string[] = [];
  const total = files.length;
  const reads = readAhead(files);
  const batch: ParsedNoteRow[] = [];
  let done = 0;
  let reported = 0;
  /** Stores the batch in one transaction; progress only ever counts notes that are stored (or needed nothing). */
  const commit = () => {
    if (batch.length > 0) {
      statements.storeNotes(collection, batch);
      for (const note of batch) counts[note.isNew ? 'added' : 'updated'] += 1;
      batch.length = 0;
    }
    if (done > reported) onProgress?.({ done, total });
    reported = done;
  };
  // Where links lead depends on every note's path and title: after any change, all are resolved again (issue 26).
  const resolveLinks = () => resolveLinkTargets(db, collection, { all: gone.length + counts.added + counts.updated > 0 });
  for (const file of files) {
    if (signal?.aborted) {
      commit();
      resolveLinks();
      return { status: 'aborted', total, ...counts, removed: gone.length, unreadable };
    }
    const text = await reads.next();
    if (text === null) unreadable.push(file.path);
    else {
      const hash = createHash('sha256').update(text).digest('hex');
      const previous = known.get(file.path);
      if (previous === hash) counts.unchanged += 1;
      else batch.push({ path: file.path, hash, isNew: previous === undefined, ...parsed(text, file.path, options.chunkSizes) });
    }
    done += 1;
    if (batch.length === 0 || batch.length >= NOTES_PER_COMMIT) commit();
  }
  commit();
  resolveLinks();
  return { status: 'complete', total, ...counts, removed: gone.length, unreadable };
}

/**
 * New and changed notes are stored this many to a transaction: a commit (with its FTS flush) per note was a third
 * of a fresh index's time. Each commit is still whole notes only, so a crash leaves every note fully old or new.
 */
export const NOTES_PER_COMMIT = 25;

interface ParsedNoteRow {
  readonly path: string;
  readonly hash: string;
  readonly isNew: boolean;
  readonly title: string;
  readonly aliases: readonly string[];
  readonly tags: readonly string[];
  readonly chunks: readonly NoteChunk[];
}

/** Parsing is pure: it happens between reads, outside any transaction. */
function parsed(text: string, path: string, sizes: ChunkSizes | undefined): Pick<ParsedNoteRow, 'title' | 'aliases' | 'tags' | 'chunks'> {
  const note = parseNote(text, path.split('/').at(-1) ?? path);
  return { title: note.title, aliases: note.aliases, tags: note.tags, chunks: chunkNote(note, sizes) };
}

/**
 * How many notes are being read ahead of the one being indexed. Reading waits on the disk and the thread pool,
 * parsing and storing on this thread: with a few reads in flight neither waits for the other, and an unchanged
 * vault costs its hashes rather than thousands of round trips one after another.
 */
const READ_AHEAD = 16;

/** The notes' texts in order, each read started up to READ_AHEAD notes before it is asked for. */
function readAhead(files: readonly NoteFile[]): { next(): Promise<string | null> } {
  const inFlight: Array<Promise<string | null>> = [];
  let started = 0;
  return {
    next() {
      while (started < files.length && inFlight.length < READ_AHEAD) inFlight.push(readNote(files[started++]!));
      // The loop calls next() once per file, so a read is always in flight here.
      return inFlight.shift()!;
    },
  };
}

async function readNote(file: NoteFile): Promise<string | null> {
  try {
    return await file.read();
  } catch {
    return null;
  }
}

function prepareStatements(db: Database.Database) {
  const knownNotes = db.prepare('SELECT path, content_hash FROM kb_notes WHERE collection = ?');
  const deleteChunks = db.prepare('DELETE FROM kb_chunks WHERE collection = ? AND path = ?');
  const deleteNote = db.prepare('DELETE FROM kb_notes WHERE collection = ? AND path = ?');
  const insertChunk = db.prepare(
    'INSERT INTO kb_chunks (collection, path, title, aliases, chunk_title, text, content_hash, links) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const upsertNote = db.prepare(
    `INSERT INTO kb_notes (collection, path, title, tags, content_hash, indexed_at)
       VALUES (?, ?, ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
     ON CONFLICT (collection, path) DO UPDATE SET
       title = excluded.title, tags = excluded.tags, content_hash = excluded.content_hash, indexed_at = excluded.indexed_at`,
  );
  const removeNote = (collection: string, path: string): void => {
    deleteChunks.run(collection, path);
    deleteNote.run(collection, path);
  };
  const storeNotes = db.transaction((collection: string, notes: readonly ParsedNoteRow[]): void => {
    for (const note of notes) {
      deleteChunks.run(collection, note.path);
      const aliases = note.aliases.join('\n');
      for (const chunk of note.chunks) {
        insertChunk.run(collection, note.path, note.title, aliases, chunk.chunkTitle, chunk.text, note.hash, JSON.stringify(chunk.links));
      }
      upsertNote.run(collection, note.path, note.title, JSON.stringify(note.tags), note.hash);
    }
  });
  return { knownNotes, removeNote, storeNotes };
}
