import { describe, expect, it } from 'vitest';
import { fuseRanks } from './rank-fusion';

describe('reciprocal rank fusion', () => {
  it('scores 1 / (k + rank) on each list and reports the ranks', () => {
    const fused = fuseRanks([[10, 20], [20]], 60);
    expect(fused.map((item) => item.id)).toEqual([20, 10]);
    expect(fused[0]).toEqual({ id: 20, score: 1 / 62 + 1 / 61, ranks: [2, 1] });
    expect(fused[1]).toEqual({ id: 10, score: 1 / 61, ranks: [1, undefined] });
  });

  it("weighs each list's share by its weight", () => {
    const fused = fuseRanks([[10, 20], [20, 10]], 1, [3, 1]);
    expect(fused).toEqual([
      { id: 10, score: 3 / 2 + 1 / 3, ranks: [1, 2] },
      { id: 20, score: 3 / 3 + 1 / 2, ranks: [2, 1] },
    ]);
  });

  it('puts an item found by both sides above the top of only one', () => {
    const fused = fuseRanks([[1, 2, 3], [3, 4]], 60);
    expect(fused[0]?.id).toBe(3);
  });

  it('counts an id repeated in one list once, at its best rank', () => {
    const fused = fuseRanks([[5, 5, 6]], 60);
    expect(fused).toEqual([
      { id: 5, score: 1 / 61, ranks: [1] },
      { id: 6, score: 1 / 63, ranks: [3] },
    ]);
  });

  it('breaks ties by the better single rank, then the lower id', () => {
    expect(fuseRanks([[7], [3]], 60).map((item) => item.id)).toEqual([3, 7]);
    expect(fuseRanks([[], []], 60)).toEqual([]);
  });
});
