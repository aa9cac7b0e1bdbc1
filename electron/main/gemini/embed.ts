import type { EmbedContentResponse } from '@google/genai';
import { GEMINI } from '../../../shared/limits';
import { failed, type GeminiFailure, type Outcome } from './failure';
import type { GeminiCall } from './gemini-caller';
import { normalise, planEmbedBatches, type EmbedBatch } from './embed-batches';
import type { EmbedOptions } from './gateway-types';

/**
 * Embeds texts in batches of at most GEMINI.embeddingBatchMax, a few requests in flight at once, each retried on
 * its own (a 429 waits as Google asks, up to the call's quotaWaitMaxMs). The first batch that fails for good stops the rest.
 */
export async function embedTexts(
  call: GeminiCall,
  texts: readonly string[],
  options: EmbedOptions,
): Promise<Outcome<Float32Array[]>> {
  const vectors: Float32Array[] = [];
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  let failure: GeminiFailure | null = null;

  async function embedBatch(batch: EmbedBatch): Promise<void> {
    const outcome = await call('embed', { ...options, signal }, async ({ ai, deadline }) =>
      readVectors(
        await ai.models.embedContent({
          model: options.model,
          // As Contents, never bare strings: gemini-embedding-2 would merge strings into one input.
          contents: batch.indices.map((index) => ({ parts: [{ text: texts[index] }] })),
          config: {
            taskType: options.taskType,
            outputDimensionality: options.dimensions,
            abortSignal: deadline.signal,
            ...(batch.title === undefined ? {} : { title: batch.title }),
          },
        }),
        batch.indices.length,
        options.dimensions,
      ),
    );
    if (!outcome.ok) {
      failure ??= outcome.failure;
      stop.abort();
      return;
    }
    outcome.value.forEach((vector, position) => {
      vectors[batch.indices[position]!] = vector;
    });
  }

  const queue = planEmbedBatches(texts.length, options.titles, GEMINI.embeddingBatchMax);
  const worker = async () => {
    for (let batch = queue.shift(); batch && failure === null; batch = queue.shift()) await embedBatch(batch);
  };
  await Promise.all(Array.from({ length: Math.min(GEMINI.embeddingConcurrency, queue.length) }, worker));
  return failure === null ? { ok: true, value: vectors } : failed(failure);
}

function readVectors(response: EmbedContentResponse, count: number, dimensions: number): Outcome<Float32Array[]> {
  const values = (response.embeddings ?? []).map((embedding) => embedding.values ?? []);
  if (values.length !== count || values.some((vector) => vector.length !== dimensions)) {
    return failed({ kind: 'malformed', detail: `expected ${count} vectors of ${dimensions} dimensions` });
  }
  return { ok: true, value: values.map(normalise) };
}
