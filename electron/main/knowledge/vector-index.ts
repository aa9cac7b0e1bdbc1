import type Database from 'better-sqlite3';
import { decodeVector } from './vector-codec';

export interface VectorHit {
  readonly id: number;
  readonly cosine: number;
}

export interface VectorSearch {
  /** How many stored vectors took part; 0 means the vector side is unavailable for this model. */
  readonly scanned: number;
  /** The best `count` by cosine, best first. */
  readonly hits: VectorHit[];
  /** The cosine of each tracked id that has a vector of this model, wherever it ranked. */
  readonly tracked: Map<number, number>;
}

/** Every stored vector of one (model, dims), normalised, back to back; `ids` ascending, row i at i * dims. */
export interface VectorIndex {
  readonly dims: number;
  readonly ids: Int32Array;
  readonly vectors: Float32Array;
}

/** One SELECT over kb_chunks; the arrays grow by doubling, so no row is kept as its own object. */
export function loadVectorIndex(db: Database.Database, model: string, dims: number): VectorIndex {
  let ids = new Int32Array(1024);
  let vectors = new Float32Array(1024 * dims);
  let size = 0;
  const rows = db
    .prepare('SELECT id, embedding FROM kb_chunks WHERE embedding_model = ? AND dims = ? ORDER BY id')
    .raw()
    .iterate(model, dims) as IterableIterator<[number, Buffer]>;
  const scratch = new Float32Array(dims);
  for (const [id, blob] of rows) {
    if (size === ids.length) {
      const grownIds = new Int32Array(size * 2);
      grownIds.set(ids);
      ids = grownIds;
      const grownVectors = new Float32Array(size * 2 * dims);
      grownVectors.set(vectors);
      vectors = grownVectors;
    }
    const vector = decodeVector(blob, scratch);
    let sumOfSquares = 0;
    for (let i = 0; i < dims; i++) sumOfSquares += vector[i]! * vector[i]!;
    // A zero vector stays zero, so its cosine with anything is 0, as in cosineWithUnit.
    const scale = sumOfSquares === 0 ? 0 : 1 / Math.sqrt(sumOfSquares);
    const offset = size * dims;
    for (let i = 0; i < dims; i++) vectors[offset + i] = vector[i]! * scale;
    ids[size] = id;
    size++;
  }
  return { dims, ids: ids.slice(0, size), vectors: vectors.slice(0, size * dims) };
}

/**
 * The best `count` by cosine with `unitQuery` (already unit length, `index.dims` long), best first; a tie keeps
 * the lower id first. The loop keeps the top list in two preallocated arrays, so no row allocates anything.
 */
export function searchVectorIndex(
  index: VectorIndex,
  unitQuery: Float32Array,
  count: number,
  track: ReadonlySet<number> = new Set(),
): VectorSearch {
  const { dims, ids, vectors } = index;
  if (unitQuery.length !== dims) throw new Error(`cannot search a ${dims}-dim index with a ${unitQuery.length}-dim query`);
  const topScores = new Float64Array(count).fill(Number.NEGATIVE_INFINITY);
  const topIds = new Float64Array(count);
  let filled = 0;
  const rows = ids.length;
  for (let row = 0; row < rows; row++) {
    const cosine = dot(unitQuery, vectors, row * dims, dims);
    if (count === 0 || cosine <= topScores[count - 1]!) continue;
    let slot = Math.min(filled, count - 1);
    while (slot > 0 && topScores[slot - 1]! < cosine) {
      topScores[slot] = topScores[slot - 1]!;
      topIds[slot] = topIds[slot - 1]!;
      slot--;
    }
    topScores[slot] = cosine;
    topIds[slot] = ids[row]!;
    if (filled < count) filled++;
  }
  const hits: VectorHit[] = [];
  for (let i = 0; i < filled; i++) hits.push({ id: topIds[i]!, cosine: topScores[i]! });
  const tracked = new Map<number, number>();
  for (const id of track) {
    const row = rowOf(ids, id);
    if (row >= 0) tracked.set(id, dot(unitQuery, vectors, row * dims, dims));
  }
  return { scanned: rows, hits, tracked };
}

/** Four accumulators, so the additions do not wait on each other. */
function dot(query: Float32Array, vectors: Float32Array, offset: number, dims: number): number {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let i = 0;
  for (; i + 3 < dims; i += 4) {
    a += query[i]! * vectors[offset + i]!;
    b += query[i + 1]! * vectors[offset + i + 1]!;
    c += query[i + 2]! * vectors[offset + i + 2]!;
    d += query[i + 3]! * vectors[offset + i + 3]!;
  }
  for (; i < dims; i++) a += query[i]! * vectors[offset + i]!;
  return a + b + c + d;
}

function rowOf(ids: Int32Array, id: number): number {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = ids[middle]!;
    if (value === id) return middle;
    if (value < id) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

interface ConnectionCache {
  readonly stamp: Database.Statement;
  lastStamp: string;
  readonly indexes: Map<string, VectorIndex>;
}

const caches = new WeakMap<Database.Database, ConnectionCache>();

/**
 * The index of `model` at `dims` for this connection, loaded once and reloaded after any change to stored vectors.
 *
 * The index is a cache of the connection's own data, so it lives with the connection (a WeakMap keyed by it)
 * and no caller has to carry it. A change is recognised by a stamp of two parts, read in one statement:
 * - Writes through this connection: TEMP triggers on kb_chunks (insert, delete, update of the vector columns)
 *   set a TEMP counter to a fresh value from a JS sequence. The counter lives in the transaction, so a rollback
 *   restores the value that belongs to the restored rows, and a fresh value is never reused: equal stamps
 *   mean equal vectors, even for an index loaded inside a transaction that was later rolled back.
 * - Commits by other connections (another process or worker): `PRAGMA data_version` changes; any such commit
 *   reloads, whatever table it touched, since it cannot be told apart cheaply.
 */
export function vectorIndexFor(db: Database.Database, model: string, dims: number): VectorIndex {
  const cache = caches.get(db) ?? watchVectors(db);
  const stamp = cache.stamp.get() as { dataVersion: number; generation: number };
  const current = `${stamp.dataVersion}:${stamp.generation}`;
  if (current !== cache.lastStamp) {
    cache.indexes.clear();
    cache.lastStamp = current;
  }
  const key = `${dims}:${model}`;
  const known = cache.indexes.get(key);
  if (known) return known;
  const index = loadVectorIndex(db, model, dims);
  cache.indexes.set(key, index);
  return index;
}

function watchVectors(db: Database.Database): ConnectionCache {
  let sequence = 0;
  db.function('kb_vector_next_generation', { deterministic: false }, () => ++sequence);
  db.exec(`
    CREATE TEMP TABLE IF NOT EXISTS kb_vector_generation (value INTEGER NOT NULL);
    INSERT INTO kb_vector_generation (value) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM kb_vector_generation);
    CREATE TEMP TRIGGER IF NOT EXISTS kb_vector_generation_insert AFTER INSERT ON main.kb_chunks BEGIN
      UPDATE kb_vector_generation SET value = kb_vector_next_generation();
    END;
    CREATE TEMP TRIGGER IF NOT EXISTS kb_vector_generation_delete AFTER DELETE ON main.kb_chunks BEGIN
      UPDATE kb_vector_generation SET value = kb_vector_next_generation();
    END;
    CREATE TEMP TRIGGER IF NOT EXISTS kb_vector_generation_update
      AFTER UPDATE OF id, embedding, embedding_model, dims ON main.kb_chunks BEGIN
      UPDATE kb_vector_generation SET value = kb_vector_next_generation();
    END;
  `);
  const cache: ConnectionCache = {
    stamp: db.prepare(
      'SELECT (SELECT data_version FROM pragma_data_version) AS dataVersion, (SELECT value FROM temp.kb_vector_generation) AS generation',
    ),
    lastStamp: '',
    indexes: new Map(),
  };
  caches.set(db, cache);
  return cache;
}
