import { describe, expect, it } from 'vitest';
import { bestDotEngine, createInt8Matrix, maxQueryMagnitude, type DotEngine } from './int8-matrix';
import { createRandom } from '../../../test/doubles/zoho-seed-kit';

/** A repeatable stream in [0, 1): the seeded mailbox's mulberry32. */
const seededRandom = (seed: number): (() => number) => createRandom(seed).next;

/** Fills `rows` rows through the matrix's own view, growing it one row at a time, and returns what was written. */
function fill(engine: DotEngine, dims: number, rows: number, value: (row: number, i: number) => number) {
  const matrix = createInt8Matrix(dims, engine);
  const written: number[][] = [];
  for (let row = 0; row < rows; row++) {
    matrix.reserve(row + 1);
    const values = Array.from({ length: dims }, (_, i) => value(row, i));
    matrix.values().set(values, row * matrix.stride);
    written.push(values);
  }
  return { matrix, written };
}

function queryOf(stride: number, values: number[]): Int16Array {
  const query = new Int16Array(stride);
  query.set(values);
  return query;
}

describe.each<DotEngine>(['wasm-simd', 'js'])('int8 matrix, %s engine', (engine) => {
  it.each([
    [1, 1],
    [13, 5],
    [16, 4],
    [100, 37],
    [768, 9],
  ])('gives the exact dot product of a query with each of %i-value rows (%i rows)', (dims, rows) => {
    const random = seededRandom(dims * 1000 + rows);
    const { matrix, written } = fill(engine, dims, rows, () => Math.round(random() * 254) - 127);
    const magnitude = maxQueryMagnitude(matrix.stride);
    const query = Array.from({ length: dims }, () => Math.round((random() * 2 - 1) * magnitude));

    const dots = matrix.dots(queryOf(matrix.stride, query), rows);

    expect([...dots]).toEqual(written.map((row) => row.reduce((sum, value, i) => sum + value * query[i]!, 0)));
  });

  it('cannot overflow, even with every value at its extreme', () => {
    const dims = 3072;
    const { matrix } = fill(engine, dims, 2, (row) => (row === 0 ? 127 : -127));
    const magnitude = maxQueryMagnitude(matrix.stride);
    const dots = matrix.dots(queryOf(matrix.stride, new Array<number>(dims).fill(magnitude)), 2);
    expect([...dots]).toEqual([127 * magnitude * dims, -127 * magnitude * dims]);
  });

  it('keeps the rows written before it grew', () => {
    const matrix = createInt8Matrix(16, engine);
    matrix.reserve(1);
    matrix.values().set(new Array<number>(16).fill(3));
    matrix.reserve(5000);
    expect(matrix.capacity).toBeGreaterThanOrEqual(5000);
    expect([...matrix.dots(queryOf(16, new Array<number>(16).fill(2)), 2)]).toEqual([16 * 6, 0]);
  });
});

describe('dot engine choice', () => {
  it('uses SIMD where the runtime compiles the kernel, as Node 20 and Electron do', () => {
    expect(bestDotEngine()).toBe('wasm-simd');
  });

  it('falls back to plain JS where it does not', () => {
    expect(bestDotEngine(() => false)).toBe('js');
  });
});
