import type Database from 'better-sqlite3';
import { GEMINI, ORACLE } from '../../../shared/limits';
import type { GeminiResult } from '../gemini/failure';
import type { GeminiGateway } from '../gemini/gateway';
import type { CallOptions } from '../gemini/gateway-types';
import type { IndexProgress } from './index-folder';
import { chunkSubject } from './chunk';
import { encodeVector } from './vector-codec';

/**
 * How hard a corpus pass tries each batch: it is background work, as patient as the assistant (a first attempt and
 * three retries), with a generous wait per batch, and it may sit out a long quota wait.
 */
const EMBED_CALL: Pick<CallOptions, 'attempts' | 'timeoutMs' | 'quotaWaitMaxMs'> = {
  attempts: GEMINI.embeddingAttempts,
  timeoutMs: GEMINI.embeddingTimeoutMs,
  quotaWaitMaxMs: GEMINI.backgroundQuotaWaitMaxMs,
};
/**
 * Someone waits on a question's embedding, and its words alone still find the notes: a short try, no quota wait
 * (a RetryInfo fails it at once). The caller's signal bounds it in all (see queryVector).
 */
const QUESTION_EMBED_CALL: Pick<CallOptions, 'attempts' | 'timeoutMs' | 'quotaWaitMaxMs'> = {
  attempts: ORACLE.questionEmbeddingAttempts,
  timeoutMs: ORACLE.questionEmbeddingBudgetMs,
  quotaWaitMaxMs: 0,
};

/** As many chunks as the gateway keeps in flight at once, so each step uses its full concurrency. */
const STEP_CHUNKS = GEMINI.embeddingBatchMax * GEMINI.embeddingConcurrency;

export interface EmbedChunksOptions {
  readonly db: Database.Database;
  readonly gateway: GeminiGateway;
  /** settings.models.embedding */
  readonly model: string;
  readonly dimensions: number;
  readonly signal?: AbortSignal;
  /** Chunks embedded so far out of those that needed it when the run began. */
  readonly onProgress?: (progress: IndexProgress) => void;
}

export interface EmbedReport {
  /** `aborted`: stopped by the signal between steps; what was stored stays, and the next run does the rest. */
  readonly status: 'complete' | 'aborted';
  /** Chunks that needed a vector when the run began. */
  readonly total: number;
  /** Fewer than `total` when aborted, or when the indexer replaced some chunks meanwhile. */
  readonly embedded: number;
}

/**
 * Gives every chunk a vector from `model` at `dimensions`: chunks without one, and chunks embedded by another
 * model or size (so changing the model re-embeds the base). Each step's vectors are stored in one transaction;
 * a failure stops the run with the gateway's error and keeps every step already stored, so the next run
 * sends only what is still missing.
 */
export async function embedChunks(options: EmbedChunksOptions): Promise<GeminiResult<EmbedReport>> {
  const { db, gateway, model, dimensions, signal, onProgress } = options;
  const statements = prepareStatements(db);
  const pending = statements.pendingIds.all(model, dimensions) as number[];
  const total = pending.length;
  let embedded = 0;
  let done = 0;

  for (let start = 0; start < total; start += STEP_CHUNKS) {
    if (signal?.aborted) return { ok: true, value: { status: 'aborted', total, embedded } };
    const ids = pending.slice(start, start + STEP_CHUNKS);
    // A chunk the indexer replaced meanwhile has a new id and is no longer here; it waits for the next run.
    const rows = statements.chunks(ids);
    const result = await gateway.embed(rows.map(documentText), {
      ...EMBED_CALL,
      model,
      dimensions,
      taskType: 'RETRIEVAL_DOCUMENT',
      titles: rows.map((row) => row.title),
      ...(signal ? { signal } : {}),
    });
    if (!result.ok) {
      if (result.failure.kind === 'cancelled' && signal?.aborted) return { ok: true, value: { status: 'aborted', total, embedded } };
      return result;
    }
    statements.store(rows, result.value, model, dimensions);
    embedded += rows.length;
    done += ids.length;
    onProgress?.({ done, total });
  }
  return { ok: true, value: { status: 'complete', total, embedded } };
}

/** The question's vector, unit length, embedded for retrieval rather than as a document. */
export async function embedQuery(
  gateway: Pick<GeminiGateway, 'embed'>,
  question: string,
  model: string,
  dimensions: number,
  signal?: AbortSignal,
): Promise<GeminiResult<Float32Array>> {
  const result = await gateway.embed([question], {
    ...QUESTION_EMBED_CALL,
    model,
    dimensions,
    taskType: 'RETRIEVAL_QUERY',
    ...(signal ? { signal } : {}),
  });
  // The gateway answers one vector per text, in order.
  return result.ok ? { ok: true, value: result.value[0]! } : result;
}

interface ChunkRow {
  readonly id: number;
  readonly title: string;
  readonly chunk_title: string;
  readonly text: string;
}

/**
 * What the chunk is about goes with its text: a section often never repeats the words of its note's title or of
 * the heading it sits under. Changing this changes every vector: a migration that makes the indexer read every
 * note again (as migration 7 does) has them embedded again.
 */
function documentText(row: ChunkRow): string {
  return `${chunkSubject(row.title, row.chunk_title)}\n\n${row.text}`;
}

function prepareStatements(db: Database.Database) {
  // Ordered by note so that one note's chunks share a step, and with it the gateway's per-title requests.
  const pendingIds = db
    .prepare(
      `SELECT id FROM kb_chunks
        WHERE embedding IS NULL OR embedding_model IS NOT ? OR dims IS NOT ?
        ORDER BY collection, path, id`,
    )
    .pluck();
  const chunksByIds = db.prepare(
    'SELECT id, title, chunk_title, text FROM kb_chunks WHERE id IN (SELECT value FROM json_each(?)) ORDER BY collection, path, id',
  );
  const update = db.prepare('UPDATE kb_chunks SET embedding = ?, embedding_model = ?, dims = ? WHERE id = ?');
  const store = db.transaction((rows: readonly ChunkRow[], vectors: readonly Float32Array[], model: string, dims: number) => {
    rows.forEach((row, index) => update.run(encodeVector(vectors[index]!), model, dims, row.id));
  });
  const chunks = (ids: readonly number[]): ChunkRow[] => chunksByIds.all(JSON.stringify(ids)) as ChunkRow[];
  return { pendingIds, chunks, store };
}
