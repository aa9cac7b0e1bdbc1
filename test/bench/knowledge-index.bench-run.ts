import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chunkNote } from '../../electron/main/knowledge/chunk';
import { indexNotes } from '../../electron/main/knowledge/index-folder';
import { listNoteFiles } from '../../electron/main/knowledge/list-note-files';
import { parseNote } from '../../electron/main/knowledge/parse-note';
import { openDatabase } from '../../electron/main/store/open-database';
import { generateVault } from '../support/knowledge/generate-vault';
import { medianMs, record } from './measure';

/*
 * Issue 6: indexing a local vault, embeddings excluded. The parser dominates a fresh index, and Vitest resolves
 * packages with the `development` condition unless NODE_ENV is `production`: micromark's development build (with
 * its assertions) parses about 1.7 times slower than the build the app ships, so run the bench with
 * NODE_ENV=production for the app's figures.
 */
const NOTES = 5_000;
const COLLECTION = 'kb';
const RUNS = 3;

let dir = '';
let vault = '';
let databases = 0;

function freshDatabase(): Database.Database {
  const opened = openDatabase(join(dir, `index-${databases++}.db`));
  if (!opened.ok) throw new Error(opened.error.message);
  return opened.db;
}

/** What the app does on every pass: list the folder, then bring the index in line with it. */
async function indexVault(db: Database.Database) {
  return indexNotes({ db, collection: COLLECTION, files: await listNoteFiles(vault) });
}

/**
 * The simplest indexer one would write first: every note read, parsed, chunked and written with statements
 * prepared on the spot and no explicit transaction, so each INSERT commits (and flushes the FTS index) alone.
 */
async function naiveIndex(db: Database.Database): Promise<number> {
  const files = await listNoteFiles(vault);
  for (const file of files) {
    const text = await file.read();
    const note = parseNote(text, file.path);
    db.prepare('DELETE FROM kb_chunks WHERE collection = ? AND path = ?').run(COLLECTION, file.path);
    for (const chunk of chunkNote(note)) {
      db.prepare('INSERT INTO kb_chunks (collection, path, title, chunk_title, text, content_hash, links) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
        COLLECTION,
        file.path,
        note.title,
        chunk.chunkTitle,
        chunk.text,
        'naive',
        JSON.stringify(chunk.links),
      );
    }
    db.prepare('INSERT OR REPLACE INTO kb_notes (collection, path, title, tags, content_hash) VALUES (?, ?, ?, ?, ?)').run(
      COLLECTION,
      file.path,
      note.title,
      JSON.stringify(note.tags),
      'naive',
    );
  }
  return files.length;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'staff-desk-index-bench-'));
  vault = join(dir, 'vault');
  generateVault(vault, NOTES);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

it('measures a fresh local index (parse, chunk, FTS and store; embeddings excluded)', { timeout: 600_000 }, async () => {
  const indexedMs = await medianMs(
    RUNS,
    async () => {
      const db = freshDatabase();
      return { db, report: await indexVault(db) };
    },
    ({ db, report }) => {
      expect(report).toMatchObject({ status: 'complete', added: NOTES });
      db.close();
    },
  );
  const naiveMs = await medianMs(
    1,
    async () => {
      const db = freshDatabase();
      return { db, notes: await naiveIndex(db) };
    },
    ({ db, notes }) => {
      expect(notes).toBe(NOTES);
      db.close();
    },
  );
  const perSecond = (NOTES * 1000) / indexedMs;
  const naivePerSecond = (NOTES * 1000) / naiveMs;
  record({ name: 'index_local_notes_per_s', value: perSecond, target: '>= 1000' });
  record({ name: 'index_local_notes_per_s_baseline', value: naivePerSecond, target: 'baseline (autocommit, no reuse)' });
  record({ name: 'index_local_speedup_x', value: perSecond / naivePerSecond, target: 'x vs baseline' });
});

it('measures a pass over an unchanged 5k-note vault', { timeout: 600_000 }, async () => {
  const db = freshDatabase();
  try {
    await indexVault(db);
    const unchangedMs = await medianMs(RUNS, () => indexVault(db), (report) => {
      expect(report).toMatchObject({ status: 'complete', unchanged: NOTES, added: 0, updated: 0 });
    });
    // The baseline is the same indexer with every stored hash forgotten: a full re-index, each note parsed,
    // chunked and rewritten, which is what a pass without the incremental check costs.
    const forgetHashes = db.prepare("UPDATE kb_notes SET content_hash = '' WHERE collection = ?");
    forgetHashes.run(COLLECTION);
    const reindexMs = await medianMs(RUNS, () => indexVault(db), (report) => {
      expect(report).toMatchObject({ status: 'complete', updated: NOTES });
      forgetHashes.run(COLLECTION);
    });
    record({ name: 'index_unchanged_5k_notes_ms', value: unchangedMs, target: '<= 1000' });
    record({ name: 'index_unchanged_5k_notes_baseline_ms', value: reindexMs, target: 'baseline (full re-index)' });
    record({ name: 'index_unchanged_speedup_x', value: reindexMs / unchangedMs, target: 'x vs baseline' });
  } finally {
    db.close();
  }
});
