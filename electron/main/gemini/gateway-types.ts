import type { Content, FunctionCall, FunctionDeclaration, Schema, SpeechConfig, ThinkingConfig } from '@google/genai';
import type { z } from 'zod';

/** What every gateway call takes: which model, how hard to try, and the caller's cancel. */
export interface CallOptions {
  model: string;
  /** Total attempts, the first included (the secretary passes 2, the assistant 4). */
  attempts: number;
  /** Per attempt; for a stream, the longest wait for the next chunk. */
  timeoutMs: number;
  /** Aborting it aborts the HTTP request in flight; a cancelled call is never retried. */
  signal?: AbortSignal;
}

/** Sampling and output options, passed to Gemini as they are. */
export interface GenerationSettings {
  temperature?: number;
  topP?: number;
  topK?: number;
  maxOutputTokens?: number;
  responseModalities?: string[];
  speechConfig?: SpeechConfig;
  thinkingConfig?: ThinkingConfig;
}

export interface GenerateRequest extends CallOptions {
  /** A plain prompt (one user turn) or the whole conversation. */
  contents: string | Content[];
  systemInstruction?: string;
  generation?: GenerationSettings;
  /** Functions the model may call; the caller runs them and sends the results back in `contents`. */
  tools?: FunctionDeclaration[];
}

export interface Generation {
  model: string;
  /** The answer's text, thoughts left out; '' when the model answered with calls or audio only. */
  text: string;
  /** The model's turn exactly as it came (thought signatures included): append it to `contents` unchanged. */
  content: Content;
  functionCalls: FunctionCall[];
  finishReason: string | null;
}

export interface JsonRequest<T> extends Omit<GenerateRequest, 'tools'> {
  /** What the answer must be; it is validated with this whatever the model's JSON support. */
  schema: z.ZodType<T>;
  /** The same shape for Gemini's constrained decoding (OpenAPI subset), and described in the prompt otherwise. */
  responseSchema: Schema;
}

export interface StreamChunk {
  /** The text this chunk adds to the answer. */
  text: string;
}

export interface StreamRequest extends GenerateRequest {
  /** Called for each piece of text as it arrives; once it has been called, a failure is no longer retried. */
  onChunk(chunk: StreamChunk): void;
}

export type EmbedTaskType = 'RETRIEVAL_DOCUMENT' | 'RETRIEVAL_QUERY';

export interface EmbedOptions extends CallOptions {
  taskType: EmbedTaskType;
  /** Per text, for RETRIEVAL_DOCUMENT (e.g. the note a chunk comes from). */
  titles?: readonly (string | undefined)[];
  dimensions: number;
}

export interface KeyCheck {
  model: string;
  latencyMs: number;
}
