import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { openDatabase } from '../../../electron/main/store/open-database';
import { encodeVector } from '../../../electron/main/knowledge/vector-codec';
import { expectOpened, makeTempDir } from '../store-helpers';

/** Test-only: a migrated app database in a private folder, closed when the test ends. */
export function knowledgeDatabase(): Database.Database {
  return expectOpened(openDatabase(join(makeTempDir(), 'app.db')));
}

export interface TestChunk {
  readonly path: string;
  readonly text: string;
  readonly title?: string;
  readonly chunkTitle?: string;
  readonly collection?: string;
  readonly vector?: readonly number[];
  readonly model?: string;
}

export const TEST_MODEL = 'test-embedding-001';

/** Test-only: one kb_chunks row written directly (the FTS index follows through its triggers); returns its id. */
export function insertChunk(db: Database.Database, chunk: TestChunk): number {
  const vector = chunk.vector ? encodeVector(new Float32Array(chunk.vector)) : null;
  const info = db
    .prepare(
      `INSERT INTO kb_chunks (collection, path, title, chunk_title, text, content_hash, embedding, embedding_model, dims)
       VALUES (?, ?, ?, ?, ?, 'hash', ?, ?, ?)`,
    )
    .run(
      chunk.collection ?? 'kb',
      chunk.path,
      chunk.title ?? chunk.path.replace(/\.md$/, ''),
      chunk.chunkTitle ?? 'Intro',
      chunk.text,
      vector,
      vector ? (chunk.model ?? TEST_MODEL) : null,
      chunk.vector ? chunk.vector.length : null,
    );
  return Number(info.lastInsertRowid);
}

/** Test-only: the query every test vector is measured against. */
export const QUERY = new Float32Array([1, 0, 0]);

/** Test-only: a 3-dimension unit vector whose cosine with QUERY is exactly `cosine`. */
export function withCosine(cosine: number): number[] {
  return [cosine, Math.sqrt(1 - cosine * cosine), 0];
}
