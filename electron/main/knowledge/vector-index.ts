import type Database from 'better-sqlite3';
import { followedChunks } from './chunk-changes';
import { maxQueryMagnitude, type DotEngine, type Int8Matrix } from './int8-matrix';
import { cosineWithUnit, decodeVector } from './vector-codec';
import { quantiseQuery } from './vector-quantise';
import { createVectorRows } from './vector-rows';

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
  /**
   * Chunk ids, in no particular order; row i of `matrix` belongs to ids[i]. This, `scales` and `errors` are
   * views of the rows as they are now: an index that follows kb_chunks (vectorIndexFor) changes them in place.
   */
  readonly ids: Int32Array;
  readonly matrix: Int8Matrix;
  /** Per row, see quantiseRow: the int8 values times the scale approximate the unit vector within the error. */
  readonly scales: Float64Array;
  readonly errors: Float64Array;
  /** Whether the chunk `id` has a row. */
  readonly has: (id: number) => boolean;
  /** The stored Float32 vectors of those ids that still have one of this model and dims. */
  readonly readVectors: (ids: readonly number[]) => Map<number, Float32Array>;
  /** Bytes the index keeps in memory. */
  readonly byteLength: number;
}

export interface VectorIndexOptions {
  /** Which kernel scans the rows; by default SIMD where the runtime has it. */
  readonly engine?: DotEngine;
}

/** One SELECT over kb_chunks. */
export function loadVectorIndex(
  db: Database.Database,
  model: string,
  dims: number,
  options: VectorIndexOptions = {},
): VectorIndex {
  return loadFollowedIndex(db, model, dims, options).index;
}

/**
 * Past this share of the rows changed, the index is loaded again rather than caught up. Catching up reads each
 * changed row by its id, at about a load's cost per row (40k rows of 768: a quarter caught up in 0.18 s, all
 * loaded in 0.75 s), so below this share it is the clear win; above it the win shrinks under 4x, and a load
 * also gives back the room deleted rows left in the arrays, which never shrink.
 */
const RELOAD_SHARE = 0.25;

interface FollowedIndex {
  readonly index: VectorIndex;
  /** Brings the rows of `changedIds` up to date; false, changing nothing, when too many changed. */
  readonly update: (changedIds: readonly number[]) => boolean;
}

function loadFollowedIndex(
  db: Database.Database,
  model: string,
  dims: number,
  options: VectorIndexOptions,
): FollowedIndex {
  const rows = createVectorRows(dims, options.engine);
  const stored = db
    .prepare('SELECT id, embedding FROM kb_chunks WHERE embedding_model = ? AND dims = ? ORDER BY id')
    .raw()
    .iterate(model, dims) as IterableIterator<[number, Buffer]>;
  const scratch = new Float32Array(dims);
  for (const [id, blob] of stored) rows.put(id, decodeVector(blob, scratch));
  const read = db
    .prepare(
      `SELECT id, embedding FROM kb_chunks
        WHERE id IN (SELECT value FROM json_each(?)) AND embedding_model = ? AND dims = ?`,
    )
    .raw();
  const index: VectorIndex = {
    dims,
    matrix: rows.matrix,
    get ids() {
      return rows.ids;
    },
    get scales() {
      return rows.scales;
    },
    get errors() {
      return rows.errors;
    },
    has: (id) => rows.has(id),
    readVectors: (wanted) => {
      const found = read.all(JSON.stringify(wanted), model, dims) as [number, Buffer][];
      return new Map(found.map(([id, blob]) => [id, decodeVector(blob)]));
    },
    get byteLength() {
      return rows.byteLength;
    },
  };
  const update = (changedIds: readonly number[]) => {
    if (changedIds.length > rows.size * RELOAD_SHARE) return false;
    const found = new Set<number>();
    // Row by row, so catching up on many rows never holds all their vectors at once.
    const changed = read.iterate(JSON.stringify(changedIds), model, dims) as IterableIterator<[number, Buffer]>;
    for (const [id, blob] of changed) {
      rows.put(id, decodeVector(blob, scratch));
      found.add(id);
    }
    // The others have no vector of this model and dims now: deleted, not embedded yet, or embedded by another.
    for (const id of changedIds) if (!found.has(id)) rows.remove(id);
    return true;
  };
  return { index, update };
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
    const undecided = rowsStillPossible(bounds, ids, countthHighest([...cosines.values()], count), cosines);
    for (const [id, cosine] of exactCosines(index, unitQuery, undecided)) cosines.set(id, cosine);
  }
  return { scanned: rows, hits: bestHits(cosines, count), tracked };
}

/**
 * The ids of the rows not read yet whose bound reaches `needed`. The scans of the search are functions of their own,
 * so V8 compiles each loop alone: compiled inside the search (with all it calls) a loop took 35 to 60 ms to
 * compile, on the CPU the questions need.
 */
function rowsStillPossible(bounds: Float64Array, ids: Int32Array, needed: number, read: ReadonlyMap<number, number>): number[] {
  const undecided: number[] = [];
  for (let row = 0; row < bounds.length; row++) {
    if (bounds[row]! >= needed && !read.has(ids[row]!)) undecided.push(ids[row]!);
  }
  return undecided;
}

/**
 * The best `count` of `cosines`, best first, a tie to the lower id. Built by push rather than by mapping the
 * entries: V8's optimised and unoptimised Array.map gave arrays of two different shapes here, and the search
 * deoptimised at the sort on every other question.
 */
function bestHits(cosines: ReadonlyMap<number, number>, count: number): VectorHit[] {
  const hits: VectorHit[] = [];
  for (const [id, cosine] of cosines) hits.push({ id, cosine });
  hits.sort((a, b) => b.cosine - a.cosine || a.id - b.id);
  return hits.slice(0, count);
}

/** The exact cosine of each of `ids` that is in the index (has a vector of its model and dims). */
export function exactCosines(index: VectorIndex, unitQuery: Float32Array, ids: readonly number[]): Map<number, number> {
  const cosines = new Map<number, number>();
  const indexed = ids.filter((id) => index.has(id));
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

/**
 * The index of `model` at `dims` for this connection: loaded once, then kept up to date in place with the rows
 * this connection inserts, re-embeds or deletes, or loaded again after a bulk change, a rollback, or a write by
 * another connection (see chunk-changes.ts).
 */
export function vectorIndexFor(db: Database.Database, model: string, dims: number): VectorIndex {
  return followedChunks(db, `vectors:${dims}:${model}`, {
    load: () => loadFollowedIndex(db, model, dims, {}),
    update: (followed, changedIds) => followed.update(changedIds),
  }).index;
}
