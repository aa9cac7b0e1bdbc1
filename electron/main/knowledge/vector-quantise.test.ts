import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxQueryMagnitude, strideFor } from './int8-matrix';
import { cosineWithUnit, toUnitVector } from './vector-codec';
import { quantiseQuery, quantiseRow } from './vector-quantise';

/** What the search computes for a row: the approximate cosine and how far the exact one can be from it. */
function approximate(stored: Float32Array, query: Float32Array) {
  const stride = strideFor(stored.length);
  const values = new Int8Array(stride);
  const row = quantiseRow(stored, values, 0);
  const unit = toUnitVector(query);
  const quantised = quantiseQuery(unit, stride, maxQueryMagnitude(stride));
  const dot = values.reduce((sum, value, i) => sum + value * quantised.values[i]!, 0);
  return {
    cosine: dot * quantised.scale * row.scale,
    bound: quantised.error + quantised.norm * row.error,
    exact: cosineWithUnit(unit, stored),
    values,
  };
}

// Any mix of signs and magnitudes (zeros, tiny, large), as long as squares and sums stay finite like an embedding's.
const component = fc.float({ min: -1e3, max: 1e3, noNaN: true });

describe('vector quantisation', () => {
  it('never misses the exact cosine by more than its bound', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }).chain((dims) => {
          const vector = fc.array(component, { minLength: dims, maxLength: dims });
          return fc.tuple(vector, vector);
        }),
        ([stored, query]) => {
          const { cosine, bound, exact } = approximate(new Float32Array(stored), new Float32Array(query));
          expect(Math.abs(exact - cosine)).toBeLessThanOrEqual(bound + 1e-9);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keeps the bound tight for embeddings: a few thousandths of a cosine at 768 dimensions', () => {
    const random = (() => {
      let seed = 1;
      return () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    })();
    const stored = new Float32Array(768).map(random);
    const { bound } = approximate(stored, new Float32Array(768).map(random));
    expect(bound).toBeLessThan(0.01);
  });

  it('maps the largest component to ±127 and a zero vector to zeros scoring 0', () => {
    expect(approximate(new Float32Array([0.5, -2, 1]), new Float32Array([1, 0, 0])).values.slice(0, 3)).toEqual(
      new Int8Array([32, -127, 64]),
    );
    const zero = approximate(new Float32Array(4), new Float32Array([1, 2, 3, 4]));
    expect(zero).toMatchObject({ cosine: 0, exact: 0 });
  });
});
