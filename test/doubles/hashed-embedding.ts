/**
 * Deterministic stand-in for a real embedding model: a signed, hashed bag of words.
 * Texts that share words land in the same buckets, so their cosine is high; unrelated texts share almost none.
 */

/**
 * The double's vectors are deliberately not unit length, as real vectors below full dimensionality are not:
 * code that forgets to normalise before comparing must show it in tests.
 */
const VECTOR_SCALE = 0.37;

/** Lower-cased word tokens with diacritics stripped, so "Café" and "cafe" are one word. */
export function wordTokens(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** 32-bit FNV-1a over UTF-16 code units: stable across runs and platforms. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function hashedEmbedding(text: string, dimensions: number): number[] {
  const values = new Array<number>(dimensions).fill(0);
  for (const word of wordTokens(text)) {
    const hash = fnv1a(word);
    const bucket = hash % dimensions;
    // The sign comes from a bit the bucket index barely depends on, so collisions cancel rather than pile up.
    const sign = hash & 0x80000000 ? -1 : 1;
    values[bucket] = (values[bucket] ?? 0) + sign * VECTOR_SCALE;
  }
  return values;
}
