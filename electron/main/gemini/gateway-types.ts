import type { z } from 'zod';

/**
 * The gateway's own words for a conversation with a model. The @google/genai SDK's types stay inside gemini/:
 * pipelines build turns from these, and the gateway hands them to the SDK, whose Content they are a subset of.
 */

/** What a member's turn may carry: words, audio or an image inline (base64), or the result of a tool call. */
export type UserPart =
  | { readonly text: string }
  | { readonly inlineData: { readonly mimeType: string; readonly data: string } }
  | { readonly functionResponse: FunctionResponse };

export interface FunctionResponse {
  /** The id of the call it answers, when the model gave one. */
  readonly id?: string;
  readonly name: string;
  /** `{output}` on success, `{error}` when the tool could not do it (the model reads either). */
  readonly response: Readonly<Record<string, unknown>>;
}

export interface UserTurn {
  readonly role: 'user';
  readonly parts: readonly UserPart[];
}

/** An earlier answer as the member saw it (from the conversation's history). */
export interface ModelTextTurn {
  readonly role: 'model';
  readonly parts: readonly [{ readonly text: string }];
}

declare const modelTurnBrand: unique symbol;
/**
 * The model's own turn exactly as it came, thought signatures and all: only the gateway makes one, and it goes
 * back to the model unchanged (a Gemini 3 function call without its signature fails the next request).
 */
export interface ModelTurn {
  readonly role: 'model';
  readonly [modelTurnBrand]: true;
}

export type Turn = UserTurn | ModelTextTurn | ModelTurn;

/** A function the model may call: its arguments as a JSON Schema object (derived from zod by the caller). */
export interface ToolDeclaration {
  readonly name: string;
  readonly description: string;
  readonly parameters: Readonly<Record<string, unknown>>;
}

export interface FunctionCall {
  readonly id?: string;
  readonly name: string;
  readonly args: Readonly<Record<string, unknown>>;
}

/** What every gateway call takes: which model, how hard to try, and the caller's cancel. */
export interface CallOptions {
  model: string;
  /** Total attempts, the first included (the secretary passes 2, the assistant 4). */
  attempts: number;
  /** Per attempt; for a stream, the longest wait for the next chunk. */
  timeoutMs: number;
  /** Aborting it aborts the HTTP request in flight; a cancelled call is never retried. */
  signal?: AbortSignal;
  /**
   * The longest quota wait (RetryInfo) sat out before another attempt; a longer one fails at once with its
   * retryAfterMs. GEMINI.quietQuotaWaitMaxMs unless given: only background work, which no one watches, gives more.
   */
  quotaWaitMaxMs?: number;
}

/** How hard a model thinks before it answers, for the models that take a level (Gemini 3 and later). */
export type ThinkingLevel = 'minimal' | 'low' | 'medium' | 'high';

/** Sampling and output options. */
export interface GenerationSettings {
  temperature?: number;
  topP?: number;
  topK?: number;
  maxOutputTokens?: number;
  thinkingLevel?: ThinkingLevel;
  /** ['AUDIO'] for speech (a TTS model answers in audio only); the model's default (text) when left out. */
  responseModalities?: ('TEXT' | 'AUDIO')[];
  /** The prebuilt voice a TTS model speaks with. */
  speechConfig?: { voiceName: string };
}

export interface GenerateRequest extends CallOptions {
  /** A plain prompt (one user turn) or the whole conversation. */
  contents: string | readonly Turn[];
  systemInstruction?: string;
  generation?: GenerationSettings;
  /** Functions the model may call; the caller runs them and sends the results back in `contents`. */
  tools?: readonly ToolDeclaration[];
  /**
   * 'none': the tools stay declared, since the conversation holds calls to them, but the model must answer in
   * words now (e.g. the last round of a tool loop). 'auto', the default: the model decides.
   */
  toolChoice?: 'auto' | 'none';
}

/** Audio in an answer, as a model sends it: its MIME type and base64 data. */
export interface InlineAudio {
  mimeType: string;
  data: string;
}

export interface Generation {
  model: string;
  /** The answer's text, thoughts left out; '' when the model answered with calls only. */
  text: string;
  /** The model's turn exactly as it came: append it to `contents` unchanged. */
  content: ModelTurn;
  functionCalls: FunctionCall[];
  /** The first audio part of the answer (base64), as a TTS model sends it; null when there is none. */
  audio: InlineAudio | null;
  finishReason: string | null;
}

export interface JsonRequest<T> extends Omit<GenerateRequest, 'tools'> {
  /**
   * What the answer must be: its JSON Schema (derived here) constrains the model's decoding where the model can,
   * is described in the prompt where it cannot, and the reply is validated with it either way.
   */
  schema: z.ZodType<T>;
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
