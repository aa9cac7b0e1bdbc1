/**
 * Scalar quantisation for the vector index, with the error it makes kept so a search can stay exact.
 *
 * A stored vector v (made unit length) becomes int8 values r and a scale s, v ≈ s·r; its error is e = ‖v − s·r‖.
 * The query u becomes int16 values w and a scale t, u ≈ t·w, with error f = ‖u − t·w‖. Then
 *   u·v − (t·w)·(s·r) = (u − t·w)·v + (t·w)·(v − s·r),
 * so by Cauchy-Schwarz |cosine − t·s·(w·r)| ≤ f·‖v‖ + ‖t·w‖·e, with ‖v‖ = 1 (0 for a zero vector).
 * The integer w·r is what the int8 kernel computes; this bound is what lets a search skip every row whose
 * best possible cosine is already below the exact cosines it has found, without ever missing one.
 */

export interface QuantisedRow {
  /** Multiply the int8 values by this to get the unit vector back (approximately). 0 for a zero vector. */
  readonly scale: number;
  /** ‖unit vector − scale · values‖, computed in doubles. */
  readonly error: number;
}

/**
 * Writes `vector`, made unit length, as int8 values into `into` from `offset` (its largest component becomes
 * ±127). A zero vector, or one with a non-finite component, is written as zeros, and a search scores it 0.
 * Runs once per stored vector when an index loads, so the loops keep two sums each (the additions then do not
 * wait on each other) and multiply rather than divide.
 */
export function quantiseRow(vector: Float32Array, into: Int8Array, offset: number): QuantisedRow {
  const length = vector.length;
  let squaresEven = 0;
  let squaresOdd = 0;
  let largest = 0;
  for (let i = 0; i < length; i += 2) {
    const even = vector[i]!;
    const odd = i + 1 < length ? vector[i + 1]! : 0;
    squaresEven += even * even;
    squaresOdd += odd * odd;
    largest = Math.max(largest, Math.abs(even), Math.abs(odd));
  }
  const norm = Math.sqrt(squaresEven + squaresOdd);
  if (norm === 0 || !Number.isFinite(norm)) {
    into.fill(0, offset, offset + length);
    return { scale: 0, error: 0 };
  }
  const toLevel = 127 / largest;
  const toUnit = 1 / norm;
  const scale = largest / norm / 127;
  let errorEven = 0;
  let errorOdd = 0;
  for (let i = 0; i < length; i += 2) {
    const even = Math.round(vector[i]! * toLevel);
    into[offset + i] = even;
    const evenResidual = vector[i]! * toUnit - even * scale;
    errorEven += evenResidual * evenResidual;
    if (i + 1 === length) break;
    const odd = Math.round(vector[i + 1]! * toLevel);
    into[offset + i + 1] = odd;
    const oddResidual = vector[i + 1]! * toUnit - odd * scale;
    errorOdd += oddResidual * oddResidual;
  }
  return { scale, error: Math.sqrt(errorEven + errorOdd) };
}

export interface QuantisedQuery {
  /** `stride` int16 values, the tail past the query's length zero. */
  readonly values: Int16Array;
  readonly scale: number;
  /** ‖query − scale · values‖. */
  readonly error: number;
  /** ‖scale · values‖. */
  readonly norm: number;
}

/** The query as int16 values whose largest magnitude is `magnitude` (small enough that the kernel cannot overflow). */
export function quantiseQuery(query: Float32Array, stride: number, magnitude: number): QuantisedQuery {
  const values = new Int16Array(stride);
  let largest = 0;
  for (let i = 0; i < query.length; i++) largest = Math.max(largest, Math.abs(query[i]!));
  if (largest === 0 || !Number.isFinite(largest)) return { values, scale: 0, error: 0, norm: 0 };
  const scale = largest / magnitude;
  let errorSquared = 0;
  let normSquared = 0;
  for (let i = 0; i < query.length; i++) {
    const level = Math.round(query[i]! / scale);
    values[i] = level;
    const residual = query[i]! - level * scale;
    errorSquared += residual * residual;
    normSquared += level * scale * (level * scale);
  }
  return { values, scale, error: Math.sqrt(errorSquared), norm: Math.sqrt(normSquared) };
}
