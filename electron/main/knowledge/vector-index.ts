import type Database from 'better-sqlite3';
import { createInt8Matrix, maxQueryMagnitude, type DotEngine, type Int8Matrix } from './int8-matrix';
import { cosineWithUnit, decodeVector } from './vector-codec';
import { quantiseQuery, quantiseRow } from './vector-quantise';

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

/**
 * Every stored vector of one (model, dims), kept as int8 rows (a quarter of Float32's memory and of the bytes a
 * scan reads) with what is needed to bound each row's quantisation error; the Float32 originals stay in SQLite
 * and are read back only for the few rows whose exact cosine is needed.
 */
export interface VectorIndex {
  readonly dims: number;
  /** Chunk ids, ascending; row i of `matrix` belongs to ids[i]. */
  readonly ids: Int32Array;
  readonly matrix: Int8Matrix;
  /** Per row, see quantiseRow: the int8 values times the scale approximate the unit vector within the error. */
  readonly scales: Float64Array;
  readonly errors: Float64Array;
  /** The stored Float32 vectors of those ids that still have one of this model and dims. */
  readonly readVectors: (ids: readonly number[]) => Map<number, Float32Array>;
  /** Bytes the index keeps in memory. */
  readonly byteLength: number;
}

export interface VectorIndexOptions {
  /** Which kernel scans the rows; by default SIMD where the runtime has it. */
  readonly engine?: DotEngine;
}

/** One SELECT over kb_chunks; the arrays grow by doubling, so no row is kept as its own object. */
export function loadVectorIndex(
  db: Database.Database,
  model: string,
  dims: number,
  options: VectorIndexOptions = {},
): VectorIndex {
  const matrix = createInt8Matrix(dims, options.engine);
  let ids = new Int32Array(0);
  let scales = new Float64Array(0);
  let errors = new Float64Array(0);
  let values = matrix.values();
  let size = 0;
  const rows = db
    .prepare('SELECT id, embedding FROM kb_chunks WHERE embedding_model = ? AND dims = ? ORDER BY id')
    .raw()
    .iterate(model, dims) as IterableIterator<[number, Buffer]>;
  const scratch = new Float32Array(dims);
  for (const [id, blob] of rows) {
    if (size === ids.length) {
      const capacity = Math.max(1024, size * 2);
      matrix.reserve(capacity);
      values = matrix.values();
      ids = grown(ids, new Int32Array(capacity));
      scales = grown(scales, new Float64Array(capacity));
      errors = grown(errors, new Float64Array(capacity));
    }
    const row = quantiseRow(decodeVector(blob, scratch), values, size * matrix.stride);
    ids[size] = id;
    scales[size] = row.scale;
    errors[size] = row.error;
    size++;
  }
  const read = db
    .prepare(
      `SELECT id, embedding FROM kb_chunks
        WHERE id IN (SELECT value FROM json_each(?)) AND embedding_model = ? AND dims = ?`,
    )
    .raw();
  return {
    dims,
    ids: ids.slice(0, size),
    matrix,
    scales: scales.slice(0, size),
    errors: errors.slice(0, size),
    readVectors: (wanted) => {
      const found = read.all(JSON.stringify(wanted), model, dims) as [number, Buffer][];
      return new Map(found.map(([id, blob]) => [id, decodeVector(blob)]));
    },
    // The rows, one i32 result per row, the int16 query, and id, scale and error per row.
    byteLength: size * (matrix.stride + 4) + matrix.stride * 2 + size * (4 + 8 + 8),
  };
}

function grown<T extends Int32Array | Float64Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/** Covers rounding in the sums of doubles on both sides of a comparison, far below any difference that matters. */
const ROUNDING = 1e-9;

/**
 * The best `count` by exact cosine with `unitQuery` (already unit length, `index.dims` long), best first; a tie
 * keeps the lower id first: the same hits, in the same order, with the same cosines, as computing the cosine of
 * every stored Float32 vector.
 *
 * The int8 scan gives each row an upper bound of its cosine (vector-quantise.ts). The `count` rows with the
 * highest bounds are read back from SQLite and scored exactly; then every other row whose bound still reaches
 * the count-th exact cosine found is read and scored too. A row left unread has a cosine below `count` exact
 * cosines, so it cannot be in the result. Over the bench's 100k chunks the second read is 10 to 25 rows.
 */
export function searchVectorIndex(
  index: VectorIndex,
  unitQuery: Float32Array,
  count: number,
  track: ReadonlySet<number> = new Set(),
): VectorSearch {
  const { dims, ids } = index;
  if (unitQuery.length !== dims) throw new Error(`cannot search a ${dims}-dim index with a ${unitQuery.length}-dim query`);
  const rows = ids.length;
  const tracked = exactCosines(index, unitQuery, [...track]);
  if (rows === 0 || count <= 0) return { scanned: rows, hits: [], tracked };

  const bounds = cosineBounds(index, unitQuery);
  const best = rowsWithHighestBounds(bounds, Math.min(count, rows));
  const cosines = exactCosines(index, unitQuery, best.map((row) => ids[row]!));
  for (const [id, cosine] of tracked) cosines.set(id, cosine);
  if (best.length < rows) {
    const needed = countthHighest([...cosines.values()], count);
    const read = new Set(cosines.keys());
    const undecided: number[] = [];
    for (let row = 0; row < rows; row++) {
      if (bounds[row]! >= needed && !read.has(ids[row]!)) undecided.push(ids[row]!);
    }
    for (const [id, cosine] of exactCosines(index, unitQuery, undecided)) cosines.set(id, cosine);
  }

  const hits = [...cosines]
    .map(([id, cosine]) => ({ id, cosine }))
    .sort((a, b) => b.cosine - a.cosine || a.id - b.id)
    .slice(0, count);
  return { scanned: rows, hits, tracked };
}

/** The exact cosine of each of `ids` that is in the index (has a vector of its model and dims). */
export function exactCosines(index: VectorIndex, unitQuery: Float32Array, ids: readonly number[]): Map<number, number> {
  const cosines = new Map<number, number>();
  const indexed = ids.filter((id) => rowOf(index.ids, id) >= 0);
  if (indexed.length === 0) return cosines;
  for (const [id, vector] of index.readVectors(indexed)) cosines.set(id, cosineWithUnit(unitQuery, vector));
  return cosines;
}

/** Per row, the highest cosine its int8 values allow: approximate cosine plus the bound of vector-quantise.ts. */
function cosineBounds(index: VectorIndex, unitQuery: Float32Array): Float64Array {
  const { matrix, scales, errors } = index;
  const rows = index.ids.length;
  const query = quantiseQuery(unitQuery, matrix.stride, maxQueryMagnitude(matrix.stride));
  const dots = matrix.dots(query.values, rows);
  const bounds = new Float64Array(rows);
  const slack = query.error + ROUNDING;
  for (let row = 0; row < rows; row++) {
    bounds[row] = dots[row]! * query.scale * scales[row]! + query.norm * errors[row]! + slack;
  }
  return bounds;
}

/** The `size` rows with the highest bounds, highest first, kept in two preallocated arrays. */
function rowsWithHighestBounds(bounds: Float64Array, size: number): number[] {
  const topBounds = new Float64Array(size).fill(Number.NEGATIVE_INFINITY);
  const topRows = new Int32Array(size);
  for (let row = 0; row < bounds.length; row++) {
    const value = bounds[row]!;
    if (value <= topBounds[size - 1]!) continue;
    let slot = size - 1;
    while (slot > 0 && topBounds[slot - 1]! < value) {
      topBounds[slot] = topBounds[slot - 1]!;
      topRows[slot] = topRows[slot - 1]!;
      slot--;
    }
    topBounds[slot] = value;
    topRows[slot] = row;
  }
  return [...topRows];
}

/** The count-th highest value; -Infinity when there are fewer (rows deleted since the index loaded). */
function countthHighest(values: number[], count: number): number {
  return values.length < count ? Number.NEGATIVE_INFINITY : values.sort((a, b) => b - a)[count - 1]!;
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
  /** Keyed by what each value is, e.g. `vectors:768:model`; the key decides the value's type. */
  readonly values: Map<string, unknown>;
}

const caches = new WeakMap<Database.Database, ConnectionCache>();

/** The index of `model` at `dims` for this connection, loaded once and reloaded after any change to kb_chunks. */
export function vectorIndexFor(db: Database.Database, model: string, dims: number): VectorIndex {
  return derivedFromChunks(db, `vectors:${dims}:${model}`, () => loadVectorIndex(db, model, dims));
}

/**
 * A value derived from kb_chunks (the vector index, counts of words' matches), computed once for this
 * connection and again after any change to kb_chunks. `key` names the value and must always derive the same type.
 *
 * The value is a cache of the connection's own data, so it lives with the connection (a WeakMap keyed by it)
 * and no caller has to carry it. A change is recognised by a stamp of two parts, read in one statement:
 * - Writes through this connection: TEMP triggers on kb_chunks (insert, delete, update of the vector or text
 *   columns) set a TEMP counter to a fresh value from a JS sequence. The counter lives in the transaction, so a
 *   rollback restores the value that belongs to the restored rows, and a fresh value is never reused: equal
 *   stamps mean equal rows, even for a value derived inside a transaction that was later rolled back.
 * - Commits by other connections (another process or worker): `PRAGMA data_version` changes; any such commit
 *   counts as a change, whatever table it touched, since it cannot be told apart cheaply.
 */
export function derivedFromChunks<T>(db: Database.Database, key: string, derive: () => T): T {
  const cache = caches.get(db) ?? watchChunks(db);
  const stamp = cache.stamp.get() as { dataVersion: number; generation: number };
  const current = `${stamp.dataVersion}:${stamp.generation}`;
  if (current !== cache.lastStamp) {
    cache.values.clear();
    cache.lastStamp = current;
  }
  if (cache.values.has(key)) return cache.values.get(key) as T;
  const value = derive();
  cache.values.set(key, value);
  return value;
}

function watchChunks(db: Database.Database): ConnectionCache {
  let sequence = 0;
  db.function('kb_chunks_next_generation', { deterministic: false }, () => ++sequence);
  db.exec(`
    CREATE TEMP TABLE IF NOT EXISTS kb_chunks_generation (value INTEGER NOT NULL);
    INSERT INTO kb_chunks_generation (value) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM kb_chunks_generation);
    CREATE TEMP TRIGGER IF NOT EXISTS kb_chunks_generation_insert AFTER INSERT ON main.kb_chunks BEGIN
      UPDATE kb_chunks_generation SET value = kb_chunks_next_generation();
    END;
    CREATE TEMP TRIGGER IF NOT EXISTS kb_chunks_generation_delete AFTER DELETE ON main.kb_chunks BEGIN
      UPDATE kb_chunks_generation SET value = kb_chunks_next_generation();
    END;
    CREATE TEMP TRIGGER IF NOT EXISTS kb_chunks_generation_update
      AFTER UPDATE OF id, embedding, embedding_model, dims, title, chunk_title, text ON main.kb_chunks BEGIN
      UPDATE kb_chunks_generation SET value = kb_chunks_next_generation();
    END;
  `);
  const cache: ConnectionCache = {
    stamp: db.prepare(
      'SELECT (SELECT data_version FROM pragma_data_version) AS dataVersion, (SELECT value FROM temp.kb_chunks_generation) AS generation',
    ),
    lastStamp: '',
    values: new Map(),
  };
  caches.set(db, cache);
  return cache;
}
