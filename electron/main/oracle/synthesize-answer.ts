import { ORACLE } from '../../../shared/limits';
import type { OracleTurn } from '../../../shared/oracle';
import type { GeminiResult } from '../gemini/failure';
import type { GeminiGateway } from '../gemini/gateway';
import { newBoundary } from '../prompt/untrusted-data';
import { buildOraclePrompt, oracleReplySchema, type PromptChunk } from './oracle-prompt';

export interface SynthesisRequest {
  readonly gateway: Pick<GeminiGateway, 'generateJson'>;
  /** settings.models.oracle */
  readonly model: string;
  readonly languageName: string;
  readonly chunks: readonly PromptChunk[];
  readonly history: readonly OracleTurn[];
  readonly question: string;
  readonly signal: AbortSignal;
}

/**
 * O6: one JSON answer written from the chunks, thinking at the seeds' low level. The gateway retries, falls back
 * to the prompt for a model without system instructions or JSON mode (Gemma), leaves the thinking level out for a
 * model that takes none, repairs a reply once, and maps any failure to the member's error, handed on as it is.
 */
export async function synthesizeAnswer(request: SynthesisRequest): Promise<GeminiResult<string>> {
  const prompt = buildOraclePrompt({
    languageName: request.languageName,
    boundary: newBoundary(),
    chunks: request.chunks,
    history: request.history,
    question: request.question,
  });
  const reply = await request.gateway.generateJson({
    model: request.model,
    systemInstruction: prompt.systemInstruction,
    contents: prompt.contents,
    schema: oracleReplySchema,
    generation: {
      maxOutputTokens: ORACLE.maxOutputTokens,
      thinkingLevel: ORACLE.thinkingLevel,
    },
    attempts: ORACLE.modelAttempts,
    timeoutMs: ORACLE.modelTimeoutMs,
    signal: request.signal,
  });
  return reply.ok ? { ok: true, value: reply.value.answer } : reply;
}
