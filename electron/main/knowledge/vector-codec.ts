/**
 * Embeddings are stored as little-endian Float32 BLOBs (4 bytes per dimension, as the kb_chunks CHECK expects).
 * Decoding is a zero-copy view whenever the host's byte order and the buffer's alignment allow it, so a scan
 * over every stored vector allocates nothing per row beyond that view.
 */

const littleEndianHost = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export function encodeVector(vector: Float32Array): Buffer {
  const blob = Buffer.allocUnsafe(vector.length * 4);
  vector.forEach((value, index) => blob.writeFloatLE(value, index * 4));
  return blob;
}

/**
 * The vector a BLOB holds. When a view is impossible (big-endian host, unaligned buffer) the values are copied
 * into `scratch` when it has the right length, so a scan can reuse one array for every row.
 */
export function decodeVector(blob: Uint8Array, scratch?: Float32Array): Float32Array {
  if (blob.byteLength % 4 !== 0) throw new Error(`an embedding BLOB of ${blob.byteLength} bytes is not Float32 data`);
  const dims = blob.byteLength / 4;
  if (littleEndianHost && blob.byteOffset % 4 === 0) return new Float32Array(blob.buffer, blob.byteOffset, dims);
  const out = scratch && scratch.length === dims ? scratch : new Float32Array(dims);
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  for (let i = 0; i < dims; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

/** A unit-length copy, so that a dot product with it is a cosine. A zero vector stays zero (cosine 0 with all). */
export function toUnitVector(vector: Float32Array): Float32Array {
  let sumOfSquares = 0;
  for (let i = 0; i < vector.length; i++) sumOfSquares += vector[i]! * vector[i]!;
  const unit = new Float32Array(vector.length);
  if (sumOfSquares === 0) return unit;
  const scale = 1 / Math.sqrt(sumOfSquares);
  for (let i = 0; i < vector.length; i++) unit[i] = vector[i]! * scale;
  return unit;
}

/**
 * Cosine similarity of a unit vector and any vector of the same length, in one pass: the stored vector's own
 * norm is divided out, so a model whose output is not normalised still reports a true cosine.
 */
export function cosineWithUnit(unit: Float32Array, vector: Float32Array): number {
  if (unit.length !== vector.length) throw new Error(`cannot compare a ${unit.length}-dim and a ${vector.length}-dim vector`);
  let dot = 0;
  let sumOfSquares = 0;
  for (let i = 0; i < vector.length; i++) {
    const value = vector[i]!;
    dot += unit[i]! * value;
    sumOfSquares += value * value;
  }
  return sumOfSquares === 0 ? 0 : dot / Math.sqrt(sumOfSquares);
}
