/** Which texts go together in one batchEmbedContents request. */
export interface EmbedBatch {
  /** Positions in the caller's list, so vectors come back in the caller's order. */
  indices: number[];
  title?: string;
}

/**
 * At most `max` texts a request, and one title per request (the SDK sends one title for a whole batch), so
 * texts are grouped by title: the chunks of one note share its title and still travel together.
 */
export function planEmbedBatches(
  count: number,
  titles: readonly (string | undefined)[] | undefined,
  max: number,
): EmbedBatch[] {
  const byTitle = new Map<string | undefined, number[]>();
  for (let index = 0; index < count; index++) {
    const title = titles?.[index];
    const group = byTitle.get(title);
    if (group) group.push(index);
    else byTitle.set(title, [index]);
  }
  const batches: EmbedBatch[] = [];
  for (const [title, indices] of byTitle) {
    for (let start = 0; start < indices.length; start += max) {
      batches.push({ indices: indices.slice(start, start + max), ...(title === undefined ? {} : { title }) });
    }
  }
  return batches;
}

/**
 * Unit length, so that a dot product is the cosine. Google returns unit vectors only at full size (3,072),
 * and the app asks for fewer dimensions. A zero vector stays zero.
 */
export function normalise(values: readonly number[]): Float32Array {
  const length = Math.sqrt(values.reduce((sum, value) => sum + value * value, 0));
  const vector = Float32Array.from(values);
  if (length > 0) for (let i = 0; i < vector.length; i++) vector[i]! /= length;
  return vector;
}
