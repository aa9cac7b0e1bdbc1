/** One item of a fused ranking: its RRF score and its 1-based rank in each input list (absent where missing). */
export interface FusedItem {
  readonly id: number;
  readonly score: number;
  readonly ranks: readonly (number | undefined)[];
}

/**
 * Weighted reciprocal rank fusion: each list gives an item weight / (k + rank), each list's weight 1 unless
 * given. It needs no common scale between the lists (a cosine and a bm25 score are not comparable).
 * Ties go to the item with the better best rank, then to the lower id, so the result is deterministic.
 */
export function fuseRanks(lists: readonly (readonly number[])[], k: number, weights?: readonly number[]): FusedItem[] {
  const byId = new Map<number, { score: number; ranks: (number | undefined)[] }>();
  lists.forEach((list, listIndex) => {
    list.forEach((id, position) => {
      const rank = position + 1;
      let entry = byId.get(id);
      if (!entry) {
        entry = { score: 0, ranks: lists.map(() => undefined) };
        byId.set(id, entry);
      }
      // An id repeated within one list counts once, at its best rank.
      if (entry.ranks[listIndex] !== undefined) return;
      entry.ranks[listIndex] = rank;
      entry.score += (weights?.[listIndex] ?? 1) / (k + rank);
    });
  });
  return [...byId]
    .map(([id, entry]) => ({ id, score: entry.score, ranks: entry.ranks }))
    .sort(byFusedOrder);
}

/** Best score first; ties to the better best rank, then to the lower id, so the order is deterministic. */
export function byFusedOrder(a: FusedItem, b: FusedItem): number {
  return b.score - a.score || bestRank(a) - bestRank(b) || a.id - b.id;
}

/** A loop rather than Math.min over a mapped copy: the sort calls it for each comparison, a few hundred a question. */
function bestRank(item: FusedItem): number {
  let best = Number.POSITIVE_INFINITY;
  for (const rank of item.ranks) if (rank !== undefined && rank < best) best = rank;
  return best;
}
