import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { DotEngine } from './int8-matrix';
import { cosineWithUnit, decodeVector, encodeVector, toUnitVector } from './vector-codec';
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

  describe('following changes', () => {
    const dims = 24; // not a multiple of the kernel's 16-byte blocks

    function randomVector(random: () => number): number[] {
      return Array.from({ length: dims }, () => random() * 2 - 1);
    }

    function storeVector(db: Database.Database, id: number, vector: number[], model = TEST_MODEL) {
      db.prepare('UPDATE kb_chunks SET embedding = ?, embedding_model = ?, dims = ? WHERE id = ?').run(
        encodeVector(new Float32Array(vector)),
        model,
        vector.length,
        id,
      );
    }

    /** Every vector of the model now stored, scored one by one: what each search must return. */
    function bruteForce(db: Database.Database, unit: Float32Array, count: number) {
      const rows = db
        .prepare('SELECT id, embedding FROM kb_chunks WHERE embedding_model = ? AND dims = ?')
        .raw()
        .all(TEST_MODEL, dims) as [number, Buffer][];
      return rows
        .map(([id, blob]) => ({ id, cosine: cosineWithUnit(unit, decodeVector(blob)) }))
        .sort((a, b) => b.cosine - a.cosine || a.id - b.id)
        .slice(0, count);
    }

    /** The connection's index answers as brute force and as an index loaded from scratch do. */
    function expectExact(db: Database.Database, random: () => number, track: ReadonlySet<number> = new Set()) {
      const query = new Float32Array(randomVector(random));
      const unit = toUnitVector(query);
      const search = searchVectors(db, query, TEST_MODEL, 10, track);
      expect(search.hits).toEqual(bruteForce(db, unit, 10));
      expect(search).toEqual(searchVectorIndex(loadVectorIndex(db, TEST_MODEL, dims), unit, 10, track));
    }

    function base(random: () => number, size: number) {
      const db = knowledgeDatabase();
      const ids = Array.from({ length: size }, (_, i) =>
        insertChunk(db, { path: `n${i}.md`, text: 'x', vector: randomVector(random) }),
      );
      return { db, ids };
    }

    it('follows single vectors stored, replaced and deleted between searches, answering exactly', () => {
      const random = seededRandom(31);
      const { db, ids } = base(random, 60);
      const pick = () => ids[Math.floor(random() * ids.length)]!;
      const unembedded: number[] = [];
      expectExact(db, random);
      const followed = vectorIndexFor(db, TEST_MODEL, dims);
      const changes: (() => void)[] = [
        () => ids.push(insertChunk(db, { path: `new${ids.length}.md`, text: 'x', vector: randomVector(random) })),
        () => unembedded.push(insertChunk(db, { path: `pending${unembedded.length}.md`, text: 'x' })),
        () => {
          const id = unembedded.pop();
          if (id === undefined) return;
          storeVector(db, id, randomVector(random));
          ids.push(id);
        },
        () => storeVector(db, pick(), randomVector(random)),
        () => {
          const id = pick();
          db.prepare('DELETE FROM kb_chunks WHERE id = ?').run(id);
          ids.splice(ids.indexOf(id), 1);
        },
        () => {
          // The highest id deleted, then taken again by the next insert with another vector.
          const highest = Math.max(...ids);
          db.prepare('DELETE FROM kb_chunks WHERE id = ?').run(highest);
          ids.splice(ids.indexOf(highest), 1);
          ids.push(insertChunk(db, { path: `again${ids.length}.md`, text: 'x', vector: randomVector(random) }));
        },
        () => storeVector(db, pick(), randomVector(random), 'other-model'),
        () => {
          const id = pick();
          db.prepare('UPDATE kb_chunks SET id = (SELECT max(id) + 7 FROM kb_chunks) WHERE id = ?').run(id);
          ids[ids.indexOf(id)] = db.prepare('SELECT max(id) FROM kb_chunks').pluck().get() as number;
        },
        () => db.prepare("UPDATE kb_chunks SET text = 'y' WHERE id = ?").run(pick()),
      ];

      for (let step = 0; step < 200; step++) {
        const together = 1 + Math.floor(random() * 2);
        for (let i = 0; i < together; i++) changes[Math.floor(random() * changes.length)]!();
        expectExact(db, random, new Set([pick(), pick(), 999_999]));
      }
      expect(vectorIndexFor(db, TEST_MODEL, dims)).toBe(followed);
    });

    it('loads the index again after a bulk change, and still answers exactly', () => {
      const random = seededRandom(37);
      const { db, ids } = base(random, 40);
      expectExact(db, random);
      const first = vectorIndexFor(db, TEST_MODEL, dims);

      insertChunk(db, { path: 'one.md', text: 'x', vector: randomVector(random) });
      expectExact(db, random);
      expect(vectorIndexFor(db, TEST_MODEL, dims)).toBe(first);

      db.transaction(() => {
        for (const id of ids.slice(0, 15)) storeVector(db, id, randomVector(random));
      })();
      expectExact(db, random);
      expect(vectorIndexFor(db, TEST_MODEL, dims)).not.toBe(first);
    });

    it('forgets vectors a rollback took back, after following them inside the transaction', () => {
      const random = seededRandom(41);
      const { db } = base(random, 40);
      expectExact(db, random);
      const best = (vector: number[]) => searchVectors(db, new Float32Array(vector), TEST_MODEL, 1).hits[0]?.id;

      db.exec('BEGIN');
      const kept = randomVector(random);
      const keptId = insertChunk(db, { path: 'kept.md', text: 'x', vector: kept });
      expect(best(kept)).toBe(keptId);
      db.exec('SAVEPOINT inner');
      const undone = randomVector(random);
      const undoneId = insertChunk(db, { path: 'undone.md', text: 'x', vector: undone });
      expect(best(undone)).toBe(undoneId);
      db.exec('ROLLBACK TO inner');
      db.exec('RELEASE inner');
      expect(best(undone)).not.toBe(undoneId);
      expectExact(db, random);
      db.exec('ROLLBACK');
      expect(best(kept)).not.toBe(keptId);

      // The rolled-back id is given out again, now with another vector.
      const next = randomVector(random);
      expect(insertChunk(db, { path: 'next.md', text: 'x', vector: next })).toBe(keptId);
      expect(best(next)).toBe(keptId);
      expectExact(db, random);
    });

    it('keeps answering when its first search ran inside a transaction that was rolled back', () => {
      const random = seededRandom(47);
      const { db } = base(random, 10);
      db.exec('BEGIN');
      insertChunk(db, { path: 'undone.md', text: 'x', vector: randomVector(random) });
      expectExact(db, random);
      db.exec('ROLLBACK');
      expectExact(db, random);
      insertChunk(db, { path: 'later.md', text: 'x', vector: randomVector(random) });
      expectExact(db, random);
    });

    it('sees a re-embedding and a delete made through another connection while following its own writes', async () => {
      const random = seededRandom(43);
      const { db, ids } = base(random, 40);
      expectExact(db, random);
      insertChunk(db, { path: 'mine.md', text: 'x', vector: randomVector(random) });
      expectExact(db, random);

      const Database = (await import('better-sqlite3')).default;
      const other = new Database(db.name);
      const replaced = randomVector(random);
      try {
        storeVector(other, ids[0]!, replaced);
        other.prepare('DELETE FROM kb_chunks WHERE id = ?').run(ids[1]!);
      } finally {
        other.close();
      }
      expect(searchVectors(db, new Float32Array(replaced), TEST_MODEL, 1).hits).toEqual([
        { id: ids[0], cosine: expect.closeTo(1, 5) },
      ]);
      expectExact(db, random, new Set([ids[1]!]));

      insertChunk(db, { path: 'mine-again.md', text: 'x', vector: randomVector(random) });
      expectExact(db, random);
    });
  });
});
