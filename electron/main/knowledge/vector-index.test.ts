import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { DotEngine } from './int8-matrix';
import { cosineWithUnit, toUnitVector } from './vector-codec';
import { loadVectorIndex, searchVectorIndex, vectorIndexFor } from './vector-index';
import { searchVectors } from './retrieve';
import { QUERY, TEST_MODEL, insertChunk, knowledgeDatabase, withCosine } from '../../../test/support/knowledge/chunks';
import { createRandom } from '../../../test/doubles/zoho-seed-kit';

/** A repeatable stream in [0, 1): the seeded mailbox's mulberry32. */
const seededRandom = (seed: number): (() => number) => createRandom(seed).next;

describe('vector index', () => {
  it('finds the same chunks, in the same order, as a plain cosine over every stored vector', () => {
    const db = knowledgeDatabase();
    const random = seededRandom(7);
    const vectors = Array.from({ length: 400 }, () => Array.from({ length: 16 }, () => random() * 2 - 1));
    const ids = vectors.map((vector, i) => insertChunk(db, { path: `n${i}.md`, text: 'x', vector }));
    const query = new Float32Array(Array.from({ length: 16 }, () => random() * 2 - 1));
    const unit = toUnitVector(query);
    const expected = ids
      .map((id, i) => ({ id, cosine: cosineWithUnit(unit, new Float32Array(vectors[i]!)) }))
      .sort((a, b) => b.cosine - a.cosine);

    const search = searchVectors(db, query, TEST_MODEL, 20, new Set([ids[0]!, ids[399]!, 999_999]));

    expect(search.scanned).toBe(400);
    expect(search.hits.map((hit) => hit.id)).toEqual(expected.slice(0, 20).map((hit) => hit.id));
    search.hits.forEach((hit, i) => expect(hit.cosine).toBeCloseTo(expected[i]!.cosine, 5));
    expect([...search.tracked.keys()].sort((a, b) => a - b)).toEqual([ids[0], ids[399]]);
    expect(search.tracked.get(ids[0]!)).toBeCloseTo(cosineWithUnit(unit, new Float32Array(vectors[0]!)), 5);
  });

  it('sees a chunk inserted after the first search', () => {
    const db = knowledgeDatabase();
    insertChunk(db, { path: 'old.md', text: 'x', vector: withCosine(0.5) });
    expect(searchVectors(db, QUERY, TEST_MODEL, 5).hits).toHaveLength(1);

    const fresh = insertChunk(db, { path: 'new.md', text: 'x', vector: withCosine(0.9) });
    const search = searchVectors(db, QUERY, TEST_MODEL, 5);
    expect(search.scanned).toBe(2);
    expect(search.hits[0]?.id).toBe(fresh);
  });

  it('never returns a chunk deleted after the first search, even when a new one takes its id', () => {
    const db = knowledgeDatabase();
    insertChunk(db, { path: 'keep.md', text: 'x', vector: withCosine(0.5) });
    const gone = insertChunk(db, { path: 'gone.md', text: 'x', vector: withCosine(0.9) });
    expect(searchVectors(db, QUERY, TEST_MODEL, 5).hits[0]?.id).toBe(gone);

    db.prepare('DELETE FROM kb_chunks WHERE id = ?').run(gone);
    expect(searchVectors(db, QUERY, TEST_MODEL, 5).hits.map((hit) => hit.id)).not.toContain(gone);

    // Same count and same highest id as before the delete: only the vector tells them apart.
    const reused = insertChunk(db, { path: 'other.md', text: 'x', vector: withCosine(0.1) });
    expect(reused).toBe(gone);
    const search = searchVectors(db, QUERY, TEST_MODEL, 5);
    expect(search.hits.map((hit) => hit.cosine)).toEqual([expect.closeTo(0.5, 5), expect.closeTo(0.1, 5)]);
  });

  it('follows a re-embedding of an existing chunk', () => {
    const db = knowledgeDatabase();
    const id = insertChunk(db, { path: 'a.md', text: 'x', vector: withCosine(0.2) });
    expect(searchVectors(db, QUERY, TEST_MODEL, 1).hits[0]?.cosine).toBeCloseTo(0.2, 5);
    db.prepare('UPDATE kb_chunks SET embedding = ? WHERE id = ?').run(
      Buffer.from(new Float32Array(withCosine(0.7)).buffer),
      id,
    );
    expect(searchVectors(db, QUERY, TEST_MODEL, 1).hits[0]?.cosine).toBeCloseTo(0.7, 5);
  });

  it('forgets a chunk whose insert was rolled back after a search inside the transaction', () => {
    const db = knowledgeDatabase();
    insertChunk(db, { path: 'kept.md', text: 'x', vector: withCosine(0.3) });
    searchVectors(db, QUERY, TEST_MODEL, 5);
    db.exec('BEGIN');
    const undone = insertChunk(db, { path: 'undone.md', text: 'x', vector: withCosine(0.9) });
    expect(searchVectors(db, QUERY, TEST_MODEL, 5).hits[0]?.id).toBe(undone);
    db.exec('ROLLBACK');
    expect(searchVectors(db, QUERY, TEST_MODEL, 5).hits.map((hit) => hit.id)).not.toContain(undone);
  });

  it('sees writes made through another connection to the same file', async () => {
    const db = knowledgeDatabase();
    insertChunk(db, { path: 'a.md', text: 'x', vector: withCosine(0.3) });
    expect(searchVectors(db, QUERY, TEST_MODEL, 5).scanned).toBe(1);
    const Database = (await import('better-sqlite3')).default;
    const other = new Database(db.name);
    try {
      insertChunk(other, { path: 'b.md', text: 'x', vector: withCosine(0.8) });
    } finally {
      other.close();
    }
    expect(searchVectors(db, QUERY, TEST_MODEL, 5).scanned).toBe(2);
  });

  it('ignores vectors of another model or other dimensions', () => {
    const db = knowledgeDatabase();
    const mine = insertChunk(db, { path: 'mine.md', text: 'x', vector: withCosine(0.4) });
    insertChunk(db, { path: 'other-model.md', text: 'x', vector: withCosine(0.99), model: 'other-model' });
    insertChunk(db, { path: 'other-dims.md', text: 'x', vector: [1, 0, 0, 0] });
    insertChunk(db, { path: 'no-vector.md', text: 'x' });

    const search = searchVectors(db, QUERY, TEST_MODEL, 5);
    expect(search.scanned).toBe(1);
    expect(search.hits.map((hit) => hit.id)).toEqual([mine]);
    expect(searchVectors(db, QUERY, 'never-used-model', 5).scanned).toBe(0);
  });

  it('loads each model once while nothing changes', () => {
    const db = knowledgeDatabase();
    insertChunk(db, { path: 'a.md', text: 'x', vector: withCosine(0.4) });
    expect(vectorIndexFor(db, TEST_MODEL, 3)).toBe(vectorIndexFor(db, TEST_MODEL, 3));
  });

  it('scores a zero vector 0 and keeps the lower id first on a tie', () => {
    const db = knowledgeDatabase();
    const zero = insertChunk(db, { path: 'zero.md', text: 'x', vector: [0, 0, 0] });
    const first = insertChunk(db, { path: 'first.md', text: 'x', vector: withCosine(0.5) });
    const second = insertChunk(db, { path: 'second.md', text: 'x', vector: withCosine(0.5) });
    const search = searchVectorIndex(loadVectorIndex(db, TEST_MODEL, 3), QUERY, 3);
    expect(search.hits.map((hit) => hit.id)).toEqual([first, second, zero]);
    expect(search.hits[2]?.cosine).toBe(0);
  });

  describe.each<DotEngine>(['wasm-simd', 'js'])('with the %s engine', (engine) => {
    /** Every stored vector's cosine, best first, the lower id first on a tie: what the index must reproduce. */
    function bruteForce(stored: { id: number; vector: number[] }[], unit: Float32Array, count: number) {
      return stored
        .map(({ id, vector }) => ({ id, cosine: cosineWithUnit(unit, new Float32Array(vector)) }))
        .sort((a, b) => b.cosine - a.cosine || a.id - b.id)
        .slice(0, count);
    }

    function store(db: Database.Database, vectors: number[][]) {
      return vectors.map((vector, i) => ({ id: insertChunk(db, { path: `n${i}.md`, text: 'x', vector }), vector }));
    }

    it('returns exactly the brute-force top 8 and top 50 over random vectors, cosines included', () => {
      const db = knowledgeDatabase();
      const random = seededRandom(11);
      const dims = 100; // not a multiple of the kernel's 16-byte blocks
      const stored = store(
        db,
        Array.from({ length: 1500 }, () => Array.from({ length: dims }, () => random() * 2 - 1)),
      );
      const index = loadVectorIndex(db, TEST_MODEL, dims, { engine });
      expect(index.matrix.engine).toBe(engine);
      for (let q = 0; q < 5; q++) {
        const unit = toUnitVector(new Float32Array(Array.from({ length: dims }, () => random() * 2 - 1)));
        for (const count of [8, 50]) {
          expect(searchVectorIndex(index, unit, count).hits).toEqual(bruteForce(stored, unit, count));
        }
      }
    });

    it('returns exactly the brute-force top 8 and top 50 over tight clusters with duplicates', () => {
      const db = knowledgeDatabase();
      const random = seededRandom(23);
      const dims = 64;
      const centres = Array.from({ length: 6 }, () => Array.from({ length: dims }, () => random() * 2 - 1));
      // Members differ from their centre by far less than the int8 rounding, so most bounds overlap and the
      // exact cosines decide; every tenth vector is stored twice, a tie only the id can break.
      const vectors = Array.from({ length: 600 }, (_, i) =>
        centres[i % centres.length]!.map((value) => value + (random() - 0.5) * 0.002),
      ).flatMap((vector, i) => (i % 10 === 0 ? [vector, [...vector]] : [vector]));
      const stored = store(db, vectors);
      const index = loadVectorIndex(db, TEST_MODEL, dims, { engine });
      for (const centre of centres.slice(0, 3)) {
        const unit = toUnitVector(new Float32Array(centre.map((value) => value + (random() - 0.5) * 0.01)));
        for (const count of [8, 50]) {
          expect(searchVectorIndex(index, unit, count).hits).toEqual(bruteForce(stored, unit, count));
        }
      }
    });
  });

  it('keeps a quarter of the Float32 vectors in memory', () => {
    const db = knowledgeDatabase();
    const random = seededRandom(5);
    for (let i = 0; i < 200; i++) {
      insertChunk(db, { path: `n${i}.md`, text: 'x', vector: Array.from({ length: 768 }, () => random() * 2 - 1) });
    }
    const index = vectorIndexFor(db, TEST_MODEL, 768);
    expect(index.byteLength).toBeLessThan(200 * 768 * 4 * 0.3);
  });
});
