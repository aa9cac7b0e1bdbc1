import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { GEMINI } from '../../../shared/limits';
import { badRequest, type GeminiStep } from '../../../test/doubles/gemini-double';
import { defaultStep } from '../../../test/doubles/gemini-defaults';
import { hashedEmbedding } from '../../../test/doubles/hashed-embedding';
import { createGatewayKit, useGeminiDouble } from '../../../test/support/gateway-test-kit';
import { expectOpened, makeTempDir } from '../../../test/support/store-helpers';
import { createMemorySecretStore } from '../secrets/memory-secret-store';
import { openDatabase } from '../store/open-database';
import { embedChunks, embedQuery } from './embed-chunks';
import { decodeVector } from './vector-codec';

const gemini = useGeminiDouble();
const MODEL = 'gemini-embedding-001';
const OTHER_MODEL = 'gemini-embedding-2';
const DIMS = GEMINI.embeddingDimensions;

type EmbedBody = {
  requests: { model: string; taskType: string; title?: string; content: { parts: { text: string }[] } }[];
};
const sentRequests = () =>
  gemini.double.requestsFor('batchEmbedContents').flatMap((request) => (request.body as EmbedBody).requests);
const sentTexts = () => sentRequests().map((request) => request.content.parts.map((part) => part.text).join(''));
const batchSizes = () => gemini.double.requestsFor('batchEmbedContents').map((request) => (request.body as EmbedBody).requests.length);

function openDb(): Database.Database {
  return expectOpened(openDatabase(join(makeTempDir(), 'app.db')));
}

/** `count` chunks of one note, as the indexer leaves them: no embedding yet. */
function addNote(db: Database.Database, title: string, count: number): void {
  const insert = db.prepare(
    "INSERT INTO kb_chunks (collection, path, title, chunk_title, text, content_hash) VALUES ('kb', ?, ?, ?, ?, 'h')",
  );
  for (let i = 0; i < count; i++) insert.run(`${title}.md`, title, `${title} > part ${i}`, `${title} explains step ${i} of the setup`);
}

interface StoredChunk {
  title: string;
  chunk_title: string;
  text: string;
  embedding: Buffer | null;
  embedding_model: string | null;
  dims: number | null;
}
const stored = (db: Database.Database) =>
  db.prepare('SELECT title, chunk_title, text, embedding, embedding_model, dims FROM kb_chunks ORDER BY id').all() as StoredChunk[];
const missing = (db: Database.Database) => db.prepare('SELECT count(*) FROM kb_chunks WHERE embedding IS NULL').pluck().get();

function run(db: Database.Database, overrides: Partial<Parameters<typeof embedChunks>[0]> = {}) {
  const { gateway } = createGatewayKit(gemini.double);
  return embedChunks({ db, gateway, model: MODEL, dimensions: DIMS, ...overrides });
}

/** What the double answers by default, so a script can let some requests through before a fault. */
const passThrough: GeminiStep = {
  kind: 'respond',
  status: 200,
  body: (context) => {
    const step = defaultStep('batchEmbedContents', context);
    if (step.kind !== 'respond') throw new Error('the double embeds with a plain response');
    return step.body(context);
  },
};

const norm = (vector: Float32Array) => Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));
const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i]!, 0) / (norm(a) * norm(b));

describe('embedChunks', () => {
  it('stores a unit vector from the model for every chunk, pointing where the double says', async () => {
    const db = openDb();
    addNote(db, 'VPN', 3);
    addNote(db, 'Printer', 2);
    const progress: { done: number; total: number }[] = [];
    const result = await run(db, { onProgress: (p) => progress.push(p) });
    expect(result).toEqual({ ok: true, value: { status: 'complete', total: 5, embedded: 5 } });
    expect(progress.at(-1)).toEqual({ done: 5, total: 5 });
    for (const chunk of stored(db)) {
      expect(chunk).toMatchObject({ embedding_model: MODEL, dims: DIMS });
      const vector = decodeVector(chunk.embedding!);
      expect(norm(vector)).toBeCloseTo(1, 5);
      const expected = Float32Array.from(hashedEmbedding(`${chunk.title} ${chunk.chunk_title}\n\n${chunk.text}`, DIMS));
      expect(cosine(vector, expected)).toBeCloseTo(1, 5);
    }
    const sent = sentRequests();
    expect(sent.every((request) => request.taskType === 'RETRIEVAL_DOCUMENT')).toBe(true);
    expect(sent.map((request) => request.title).sort()).toEqual(['Printer', 'Printer', 'VPN', 'VPN', 'VPN']);
  });

  it('sends no embedding request at all when every chunk already has its vector', async () => {
    const db = openDb();
    addNote(db, 'VPN', 3);
    await run(db);
    gemini.double.reset();
    expect(await run(db)).toEqual({ ok: true, value: { status: 'complete', total: 0, embedded: 0 } });
    expect(gemini.double.requests).toHaveLength(0);
  });

  it('sends only the chunks whose vector is missing', async () => {
    const db = openDb();
    addNote(db, 'VPN', 3);
    await run(db);
    gemini.double.reset();
    addNote(db, 'Printer', 2);
    await run(db);
    expect(sentTexts()).toEqual(['Printer > part 0\n\nPrinter explains step 0 of the setup', 'Printer > part 1\n\nPrinter explains step 1 of the setup']);
    expect(missing(db)).toBe(0);
  });

  it('re-embeds every chunk when the model or the dimensions change', async () => {
    const db = openDb();
    addNote(db, 'VPN', 3);
    await run(db);
    gemini.double.reset();
    expect(await run(db, { model: OTHER_MODEL })).toMatchObject({ ok: true, value: { embedded: 3 } });
    expect(gemini.double.requestsFor('batchEmbedContents', OTHER_MODEL)).toHaveLength(1);
    expect(stored(db).map((chunk) => chunk.embedding_model)).toEqual([OTHER_MODEL, OTHER_MODEL, OTHER_MODEL]);

    expect(await run(db, { model: OTHER_MODEL, dimensions: 256 })).toMatchObject({ ok: true, value: { embedded: 3 } });
    expect(stored(db).every((chunk) => chunk.dims === 256 && chunk.embedding!.length === 256 * 4)).toBe(true);
  });

  it('never sends more than 100 texts in one request', async () => {
    const db = openDb();
    addNote(db, 'Handbook', 250);
    addNote(db, 'VPN', 30);
    expect(await run(db)).toMatchObject({ ok: true, value: { status: 'complete', embedded: 280 } });
    expect(Math.max(...batchSizes())).toBeLessThanOrEqual(GEMINI.embeddingBatchMax);
    expect(batchSizes().reduce((sum, size) => sum + size, 0)).toBe(280);
  });

  it('without a key answers NOT_CONFIGURED and writes nothing', async () => {
    const db = openDb();
    addNote(db, 'VPN', 3);
    const { gateway } = createGatewayKit(gemini.double, { secrets: createMemorySecretStore({}) });
    const result = await embedChunks({ db, gateway, model: MODEL, dimensions: DIMS });
    expect(result).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED' } });
    expect(missing(db)).toBe(3);
    expect(gemini.double.requests).toHaveLength(0);
  });

  it('keeps what was embedded before a failure, and the next run sends only the rest', async () => {
    const db = openDb();
    for (const note of ['A', 'B', 'C', 'D', 'E']) addNote(db, note, 100);
    // The first step (notes A and B) goes through; the second fails for good.
    gemini.double.script('batchEmbedContents', passThrough, passThrough, badRequest('Request contains an invalid argument.'));
    const first = await run(db);
    expect(first).toMatchObject({ ok: false, error: { code: 'UPSTREAM' } });
    expect(missing(db)).toBe(300);
    const embeddedTitles = db.prepare('SELECT DISTINCT title FROM kb_chunks WHERE embedding IS NOT NULL ORDER BY title').pluck().all();
    expect(embeddedTitles).toEqual(['A', 'B']);

    gemini.double.reset();
    expect(await run(db)).toEqual({ ok: true, value: { status: 'complete', total: 300, embedded: 300 } });
    expect(new Set(sentRequests().map((request) => request.title))).toEqual(new Set(['C', 'D', 'E']));
    expect(missing(db)).toBe(0);
  });

  it('stops between steps when cancelled, keeping what is stored, and the next run finishes', async () => {
    const db = openDb();
    addNote(db, 'Handbook', 450);
    const cancel = new AbortController();
    const result = await run(db, { signal: cancel.signal, onProgress: () => cancel.abort() });
    expect(result).toMatchObject({ ok: true, value: { status: 'aborted', total: 450 } });
    const afterCancel = missing(db) as number;
    expect(afterCancel).toBeGreaterThan(0);
    expect(afterCancel).toBeLessThan(450);

    expect(await run(db)).toEqual({ ok: true, value: { status: 'complete', total: afterCancel, embedded: afterCancel } });
    expect(missing(db)).toBe(0);
  });
});

describe('embedQuery', () => {
  it('embeds the question as RETRIEVAL_QUERY, without a title, as a unit vector', async () => {
    const { gateway } = createGatewayKit(gemini.double);
    const result = await embedQuery(gateway, 'How do I connect the VPN?', MODEL, DIMS);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toHaveLength(DIMS);
    expect(norm(result.value)).toBeCloseTo(1, 5);
    const [request] = sentRequests();
    expect(request).toMatchObject({ model: `models/${MODEL}`, taskType: 'RETRIEVAL_QUERY' });
    expect(request?.title).toBeUndefined();
  });

  it('passes a missing key on as NOT_CONFIGURED', async () => {
    const { gateway } = createGatewayKit(gemini.double, { secrets: createMemorySecretStore({}) });
    expect(await embedQuery(gateway, 'vpn', MODEL, DIMS)).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED' } });
  });
});
