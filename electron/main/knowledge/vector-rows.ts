import { createInt8Matrix, type DotEngine, type Int8Matrix } from './int8-matrix';
import { quantiseRow } from './vector-quantise';

/**
 * The int8 rows of a vector index and what belongs to each: its chunk id, and the scale and error of
 * vector-quantise.ts. Rows are in no particular order (a search's result does not depend on it), so a change
 * costs one row's work: a new vector is appended, a new vector for an id overwrites its row in place, and a
 * removed row is filled with the last one. The arrays grow by doubling, so no row is kept as its own object;
 * only the map from id to row holds one entry per row.
 */
export interface VectorRows {
  readonly dims: number;
  readonly matrix: Int8Matrix;
  readonly size: number;
  /** ids[i], scales[i] and errors[i] belong to row i: views of the first `size`, valid until the next change. */
  readonly ids: Int32Array;
  readonly scales: Float64Array;
  readonly errors: Float64Array;
  readonly byteLength: number;
  has(id: number): boolean;
  /** Stores `vector` (any length, made unit by quantiseRow) as the row of `id`, replacing the one it had. */
  put(id: number, vector: Float32Array): void;
  /** Forgets the row of `id`, if it has one. */
  remove(id: number): void;
}

/** What V8's Map takes per entry with integer keys and values, measured on Node 20 (~37 bytes). */
const MAP_ENTRY_BYTES = 40;

export function createVectorRows(dims: number, engine?: DotEngine): VectorRows {
  const matrix = createInt8Matrix(dims, engine);
  const { stride } = matrix;
  let values = matrix.values();
  let ids = new Int32Array(0);
  let scales = new Float64Array(0);
  let errors = new Float64Array(0);
  let size = 0;
  const rowOf = new Map<number, number>();

  const appendRow = (id: number): number => {
    if (size === ids.length) {
      const capacity = Math.max(1024, size * 2);
      matrix.reserve(capacity);
      values = matrix.values();
      ids = grown(ids, new Int32Array(capacity));
      scales = grown(scales, new Float64Array(capacity));
      errors = grown(errors, new Float64Array(capacity));
    }
    ids[size] = id;
    rowOf.set(id, size);
    return size++;
  };

  return {
    dims,
    matrix,
    get size() {
      return size;
    },
    get ids() {
      return ids.subarray(0, size);
    },
    get scales() {
      return scales.subarray(0, size);
    },
    get errors() {
      return errors.subarray(0, size);
    },
    // The rows, one i32 result per row, the int16 query, id, scale and error per row, and the map's entries.
    get byteLength() {
      return size * (stride + 4) + stride * 2 + size * (4 + 8 + 8) + rowOf.size * MAP_ENTRY_BYTES;
    },
    has: (id) => rowOf.has(id),
    put(id, vector) {
      const row = rowOf.get(id) ?? appendRow(id);
      const quantised = quantiseRow(vector, values, row * stride);
      scales[row] = quantised.scale;
      errors[row] = quantised.error;
    },
    remove(id) {
      const row = rowOf.get(id);
      if (row === undefined) return;
      rowOf.delete(id);
      const last = --size;
      if (row === last) return;
      // The whole stride moves, so the padding past `dims` stays zero, as the kernel needs.
      values.copyWithin(row * stride, last * stride, (last + 1) * stride);
      const moved = ids[last]!;
      ids[row] = moved;
      scales[row] = scales[last]!;
      errors[row] = errors[last]!;
      rowOf.set(moved, row);
    },
  };
}

function grown<T extends Int32Array | Float64Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
