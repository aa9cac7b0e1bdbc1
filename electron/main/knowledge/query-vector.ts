import { GEMINI, ORACLE } from '../../../shared/limits';
import type { Result } from '../../../shared/result';
import type { GeminiGateway } from '../gemini/gateway';
import { embedQuery } from './embed-chunks';
import type { Logger } from '../log/logger';

export interface QueryVector {
  readonly vector: Float32Array;
  readonly model: string;
}

export interface QueryVectorRequest {
  readonly gateway: Pick<GeminiGateway, 'embed'>;
  readonly text: string;
  /** settings.models.embedding: the vectors it makes are comparable only with the chunks it embedded. */
  readonly model: string;
  readonly signal: AbortSignal;
  readonly log: Logger;
  /** A signal aborted once `ms` have passed: AbortSignal.timeout unless a test moves its own clock. */
  readonly deadline?: (ms: number) => AbortSignal;
}

/**
 * The question's vector, or null when it cannot be had within the question's own budget
 * (ORACLE.questionEmbeddingBudgetMs, all attempts included): the question is then searched by its words alone, as
 * without a key, rather than left waiting on a busy or unreachable embedding model. Only a cancel stops it.
 */
export async function queryVector(request: QueryVectorRequest): Promise<Result<QueryVector | null>> {
  const { model, log } = request;
  const budget = (request.deadline ?? AbortSignal.timeout)(ORACLE.questionEmbeddingBudgetMs);
  const signal = AbortSignal.any([request.signal, budget]);
  const embedded = await embedQuery(request.gateway, request.text, model, GEMINI.embeddingDimensions, signal);
  if (embedded.ok) return { ok: true, value: { vector: embedded.value, model } };
  if (request.signal.aborted) return { ok: false, error: embedded.error };
  log.warn('knowledge: the question could not be embedded; searching by its words only', {
    model,
    reason: budget.aborted ? 'budget' : embedded.failure.kind,
    status: embedded.failure.status,
  });
  return { ok: true, value: null };
}
