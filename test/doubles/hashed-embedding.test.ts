import { describe, expect, it } from 'vitest';
import { hashedEmbedding, wordTokens } from './hashed-embedding';

function cosine(a: readonly number[], b: readonly number[]): number {
  const dot = a.reduce((sum, value, index) => sum + value * (b[index] ?? 0), 0);
  const norm = (v: readonly number[]) => Math.sqrt(v.reduce((sum, value) => sum + value * value, 0));
  return dot / (norm(a) * norm(b));
}

describe('wordTokens', () => {
  it('lower-cases, strips diacritics and splits on anything that is not a letter or digit', () => {
    expect(wordTokens('Café MÜNCHEN, 2026-05-01: naïve—Ärger')).toEqual(['cafe', 'munchen', '2026', '05', '01', 'naive', 'arger']);
    expect(wordTokens('Улаанбаатар хот')).toEqual(['улаанбаатар', 'хот']);
  });
});

describe('hashedEmbedding', () => {
  it('gives identical vectors for identical text, whatever the case and accents', () => {
    expect(hashedEmbedding('Résumé for the meeting', 768)).toEqual(hashedEmbedding('resume FOR the meeting', 768));
  });

  it('has exactly the requested number of dimensions', () => {
    expect(hashedEmbedding('some text', 128)).toHaveLength(128);
    expect(hashedEmbedding('some text', 3072)).toHaveLength(3072);
  });

  it('is not unit length, so callers must normalise', () => {
    const vector = hashedEmbedding('one two three four five', 768);
    const length = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));

    expect(length).toBeGreaterThan(0);
    expect(Math.abs(length - 1)).toBeGreaterThan(0.05);
  });

  it('scores texts that share words clearly above unrelated texts', () => {
    const query = hashedEmbedding('holiday leave request form', 768);
    const related = hashedEmbedding('Where is the leave request form for a holiday?', 768);
    const unrelated = hashedEmbedding('Server room temperature alarm thresholds', 768);

    expect(cosine(query, related)).toBeGreaterThan(0.5);
    expect(cosine(query, unrelated)).toBeLessThan(0.1);
  });
});
