import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { ORACLE } from '../../shared/limits';
import { ftsAnyOf, queryWords, retrieve, searchLexical } from '../../electron/main/knowledge/retrieve';
import { cosineWithUnit, decodeVector, toUnitVector } from '../../electron/main/knowledge/vector-codec';
import { openDatabase } from '../../electron/main/store/open-database';
import { medianMs, record } from './measure';

const DIMS = 768;
const MODEL = 'bench-embedding';
const QUERIES = 20;
const WORDS = (
  'vacaciones factura servidor contraseña reunión cliente informe nómina despliegue copia seguridad oficina ' +
  'impresora correo calendario presupuesto contrato proveedor almacén inventario turno guardia incidencia ' +
  'holiday invoice server password meeting customer report payroll deploy backup office printer mail budget ' +
  'contract supplier warehouse stock shift incident onboarding laptop vpn wifi badge parking expense travel'
).split(' ');

/** mulberry32: the same vectors and texts on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomUnitVector(random: () => number): Float32Array {
  const vector = new Float32Array(DIMS);
  for (let i = 0; i < DIMS; i++) vector[i] = random() * 2 - 1;
  return toUnitVector(vector);
}

function sentence(random: () => number, words: number): string {
  return Array.from({ length: words }, () => WORDS[Math.floor(random() * WORDS.length)]!).join(' ');
}

/** `rows` chunks with 768-dim unit vectors and ~60 words of text each, written in one transaction. */
function buildBase(rows: number): { db: Database.Database; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'staff-desk-oracle-bench-'));
  const opened = openDatabase(join(dir, 'app.db'));
  if (!opened.ok) throw new Error(opened.error.message);
  const db = opened.db;
  const random = seededRandom(rows);
  const insert = db.prepare(
    `INSERT INTO kb_chunks (collection, path, title, chunk_title, text, content_hash, embedding, embedding_model, dims)
     VALUES ('kb', ?, ?, ?, ?, 'hash', ?, ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < rows; i++) {
      const vector = randomUnitVector(random);
      insert.run(
        `note-${Math.floor(i / 5)}.md`,
        `Nota ${sentence(random, 3)}`,
        `Sección ${sentence(random, 2)}`,
        sentence(random, 60),
        Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength),
        MODEL,
        DIMS,
      );
    }
  })();
  return { db, dir };
}

/** The baseline: what retrieval did before the in-memory index, every stored BLOB read and compared per query. */
function bruteForceSearch(db: Database.Database, queryText: string, queryVector: Float32Array): number {
  const depth = Math.max(ORACLE.retrievalChunks, ORACLE.fusionCandidatesPerSide);
  const ftsQuery = ftsAnyOf(queryWords(queryText));
  const lexical = ftsQuery === null ? [] : searchLexical(db, ftsQuery, depth);
  const unit = toUnitVector(queryVector);
  const scratch = new Float32Array(DIMS);
  const top: number[] = [];
  const rows = db
    .prepare('SELECT id, embedding FROM kb_chunks WHERE embedding_model = ? AND dims = ?')
    .raw()
    .iterate(MODEL, DIMS) as IterableIterator<[number, Buffer]>;
  for (const [, blob] of rows) {
    const cosine = cosineWithUnit(unit, decodeVector(blob, scratch));
    if (top.length < depth || cosine > top[top.length - 1]!) {
      top.push(cosine);
      top.sort((a, b) => b - a);
      if (top.length > depth) top.pop();
    }
  }
  return top.length + lexical.length;
}

async function measure(rows: number, label: string, target: string): Promise<void> {
  const { db, dir } = buildBase(rows);
  try {
    const random = seededRandom(rows + 1);
    const queries = Array.from({ length: QUERIES }, () => ({ text: sentence(random, 4), vector: randomUnitVector(random) }));
    // The first query loads the index, as the first question after start or after indexing does.
    const warm = retrieve(db, { queryText: queries[0]!.text, queryVector: queries[0]!.vector, model: MODEL, limit: ORACLE.retrievalChunks });
    expect(warm.mode).toBe('hybrid');
    expect(warm.chunks).toHaveLength(ORACLE.retrievalChunks);

    let next = 0;
    const indexedMs = await medianMs(QUERIES, () => {
      const query = queries[next++ % QUERIES]!;
      return retrieve(db, { queryText: query.text, queryVector: query.vector, model: MODEL, limit: ORACLE.retrievalChunks });
    });
    next = 0;
    const bruteForceMs = await medianMs(QUERIES, () => {
      const query = queries[next++ % QUERIES]!;
      return bruteForceSearch(db, query.text, query.vector);
    });

    record({ name: `oracle_query_ms_p50_${label}`, value: indexedMs, target });
    record({ name: `oracle_query_bruteforce_ms_p50_${label}`, value: bruteForceMs, target: 'baseline' });
    record({ name: `oracle_speedup_${label}`, value: bruteForceMs / indexedMs, target: 'x vs baseline' });
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

it('measures oracle retrieval over 10k chunks', async () => {
  await measure(10_000, '10k', '<= 5');
});

it('measures oracle retrieval over 100k chunks', { timeout: 600_000 }, async () => {
  await measure(100_000, '100k', '<= 30');
});
