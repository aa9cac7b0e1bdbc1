import { describe, expect, it } from 'vitest';
import { normalise, planEmbedBatches } from './embed-batches';

describe('planEmbedBatches', () => {
  it('cuts untitled texts into batches of at most the maximum, in order', () => {
    const batches = planEmbedBatches(250, undefined, 100);
    expect(batches.map((batch) => batch.indices.length)).toEqual([100, 100, 50]);
    expect(batches.flatMap((batch) => batch.indices)).toEqual(Array.from({ length: 250 }, (_, i) => i));
  });

  it('keeps one title per batch', () => {
    const batches = planEmbedBatches(5, ['A', 'B', 'A', undefined, 'B'], 100);
    expect(batches).toEqual([{ indices: [0, 2], title: 'A' }, { indices: [1, 4], title: 'B' }, { indices: [3] }]);
  });

  it('plans nothing for nothing', () => {
    expect(planEmbedBatches(0, undefined, 100)).toEqual([]);
  });
});

describe('normalise', () => {
  it('scales to unit length', () => {
    const vector = normalise([3, 4]);
    expect(Array.from(vector)).toEqual([0.6000000238418579, 0.800000011920929]);
  });

  it('leaves a zero vector at zero', () => {
    expect(Array.from(normalise([0, 0]))).toEqual([0, 0]);
  });
});
