import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { chunkNote, type ChunkSizes } from './chunk';
import type { NoteFile } from './list-note-files';
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
 * only that hash; a new or changed note is replaced in one transaction (chunks, FTS through the triggers, and its
 * `kb_notes` row last), with embeddings left empty for the embedding step. Notes no longer listed are removed,
 * so a rename is a removal and an addition.
 */
export async function indexNotes(options: IndexNotesOptions): Promise<IndexReport> {
  const { db, collection, files, onProgress, signal } = options;
  const statements = prepareStatements(db);
  const known = new Map(
    (statements.knownNotes.all(collection) as Array<{ path: string; content_hash: string }>).map((row) => [row.path, row.content_hash]),
  );
  const listed = new Set(files.map((file) => file.path));
  const gone = [...known.keys()].filter((path) => !listed.has(path));
  db.transaction(() => {
    for (const path of gone) statements.removeNote(collection, path);
  })();

  const counts = { added: 0, updated: 0, unchanged: 0 };
  const unreadable: string[] = [];
  const total = files.length;
  let done = 0;
  for (const file of files) {
    if (signal?.aborted) return { status: 'aborted', total, ...counts, removed: gone.length, unreadable };
    const text = await readNote(file);
    if (text === null) unreadable.push(file.path);
    else {
      const hash = createHash('sha256').update(text).digest('hex');
      const previous = known.get(file.path);
      if (previous === hash) counts.unchanged += 1;
      else {
        statements.replaceNote(collection, file.path, text, hash, options.chunkSizes);
        if (previous === undefined) counts.added += 1;
        else counts.updated += 1;
      }
    }
    done += 1;
    onProgress?.({ done, total });
  }
  return { status: 'complete', total, ...counts, removed: gone.length, unreadable };
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
    'INSERT INTO kb_chunks (collection, path, title, chunk_title, text, content_hash, links) VALUES (?, ?, ?, ?, ?, ?, ?)',
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
  const replaceNote = db.transaction(
    (collection: string, path: string, text: string, hash: string, sizes: ChunkSizes | undefined): void => {
      const note = parseNote(text, path.split('/').at(-1) ?? path);
      const chunks = chunkNote(note, sizes);
      deleteChunks.run(collection, path);
      for (const chunk of chunks) {
        insertChunk.run(collection, path, note.title, chunk.chunkTitle, chunk.text, hash, JSON.stringify(chunk.links));
      }
      upsertNote.run(collection, path, note.title, JSON.stringify(note.tags), hash);
    },
  );
  return { knownNotes, removeNote, replaceNote };
}
