/**
 * What the Gemini double can be scripted to do for one request, and the bodies Google really sends
 * (docs/external-apis.md, Gemini).
 */
import type { LiveScript } from './gemini-live-script';
import { fnv1a } from './hashed-embedding';

export type GeminiAction = 'generateContent' | 'streamGenerateContent' | 'batchEmbedContents' | 'countTokens' | 'getModel' | 'live';

/** What a reply may depend on: the model from the path (or the Live setup) and the parsed request body. */
export interface ReplyContext {
  model: string;
  body: unknown;
}

export type GeminiStep =
  | { kind: 'respond'; status: number; body: (context: ReplyContext) => unknown }
  | { kind: 'delay'; ms: number | ((context: ReplyContext) => number); then: GeminiStep }
  | { kind: 'hang' }
  | { kind: 'reset' }
  | { kind: 'malformed' }
  | { kind: 'stream'; chunks: readonly unknown[]; chunkDelayMs: number; resetAfter?: number }
  | { kind: 'live'; script: LiveScript };

export interface GoogleErrorBody {
  error: { code: number; message: string; status: string; details?: unknown[] };
}

/** Model names travel as 'models/M' in bodies and as 'M' in paths; the double keys everything by 'M'. */
export function stripModelsPrefix(model: string): string {
  return model.replace(/^models\//, '');
}

/** Why a step cannot serve an action, or null when it can: scripting a misfit is a bug in the test. */
export function stepMisfit(step: GeminiStep, action: GeminiAction): string | null {
  switch (step.kind) {
    case 'delay':
      return stepMisfit(step.then, action);
    case 'hang':
    case 'reset':
      return null;
    case 'live':
      return action === 'live' ? null : `liveScript() only serves 'live', not '${action}'.`;
    case 'stream':
      return action === 'streamGenerateContent' ? null : `stream() only serves 'streamGenerateContent', not '${action}'.`;
    case 'respond':
    case 'malformed':
      return action === 'live' ? `A Live session answers with liveScript(), hang() or reset(), not '${step.kind}'.` : null;
  }
}


/** Answers with exactly this JSON. */
export function reply(responseJson: object): GeminiStep {
  return { kind: 'respond', status: 200, body: () => responseJson };
}

export function textReply(text: string): GeminiStep {
  return { kind: 'respond', status: 200, body: (context) => modelTurn(context, [{ text }]) };
}

/** A TTS model's answer: one inline audio part, e.g. raw PCM as 'audio/L16;codec=pcm;rate=24000', or a WAV. */
export function audioReply(audio: Buffer, mimeType: string): GeminiStep {
  return { kind: 'respond', status: 200, body: (context) => modelTurn(context, [{ inlineData: { mimeType, data: audio.toString('base64') } }]) };
}

/** Structured output arrives as the JSON text of the first part. */
export function jsonReply(value: unknown): GeminiStep {
  return textReply(JSON.stringify(value));
}

/** A Gemini 3 style function call: the part carries a thoughtSignature the caller must send back unchanged. */
export function functionCallReply(name: string, args: Record<string, unknown>): GeminiStep {
  return {
    kind: 'respond',
    status: 200,
    body: (context) => modelTurn(context, [{ functionCall: { name, args }, thoughtSignature: thoughtSignatureFor(name, args) }]),
  };
}

function thoughtSignatureFor(name: string, args: Record<string, unknown>): string {
  return Buffer.from(`double-thought:${name}:${fnv1a(JSON.stringify(args)).toString(16)}`).toString('base64');
}

/** 200 with no candidate at all, as Google sometimes answers under load. */
export function emptyCandidates(): GeminiStep {
  return { kind: 'respond', status: 200, body: (context) => ({ candidates: [], usageMetadata: usageFor(context), modelVersion: context.model }) };
}

/** 200 that carries no text: the candidate stopped for SAFETY and the prompt feedback says why. */
export function safetyBlock(): GeminiStep {
  const safetyRatings = [
    { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true },
    { category: 'HARM_CATEGORY_HARASSMENT', probability: 'NEGLIGIBLE' },
  ];
  return {
    kind: 'respond',
    status: 200,
    body: (context) => ({
      candidates: [{ finishReason: 'SAFETY', index: 0, safetyRatings }],
      promptFeedback: { blockReason: 'SAFETY', safetyRatings },
      usageMetadata: usageFor(context),
      modelVersion: context.model,
    }),
  };
}

/** One streamGenerateContent chunk carrying a piece of text; the last one of a turn has finishReason 'STOP'. */
export function textChunk(text: string, options: { finishReason?: string } = {}): object {
  return {
    candidates: [{ content: { parts: [{ text }], role: 'model' }, index: 0, finishReason: options.finishReason }],
  };
}

/** A full model turn as generateContent returns it, usage counted from the request and the parts' text. */
function modelTurn(context: ReplyContext, parts: object[], finishReason = 'STOP'): object {
  return {
    candidates: [{ content: { parts, role: 'model' }, finishReason, index: 0 }],
    usageMetadata: usageFor(context, textsIn(parts)),
    modelVersion: context.model,
    responseId: responseIdFor(context),
  };
}

export function usageFor(context: ReplyContext, outputTexts: string[] = []): object {
  const promptTokenCount = estimateTokens(textsIn(context.body));
  const candidatesTokenCount = estimateTokens(outputTexts);
  return {
    promptTokenCount,
    ...(outputTexts.length > 0 ? { candidatesTokenCount } : {}),
    totalTokenCount: promptTokenCount + candidatesTokenCount,
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: promptTokenCount }],
  };
}

function responseIdFor(context: ReplyContext): string {
  return `double-${fnv1a(JSON.stringify(context.body ?? null)).toString(36)}`;
}

/** Every `text` string anywhere in a request or response body. */
export function textsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(textsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === 'text' && typeof inner === 'string' ? [inner] : textsIn(inner)));
}

/** Google's rule of thumb, about four characters a token: close enough for budgets, and deterministic. */
export function estimateTokens(texts: readonly string[]): number {
  return Math.ceil(texts.reduce((sum, text) => sum + text.length, 0) / 4);
}


const CANONICAL: Record<number, { status: string; message: string }> = {
  400: { status: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' },
  401: { status: 'UNAUTHENTICATED', message: 'Request had invalid authentication credentials.' },
  403: { status: 'PERMISSION_DENIED', message: 'The caller does not have permission' },
  404: { status: 'NOT_FOUND', message: 'Requested entity was not found.' },
  429: { status: 'RESOURCE_EXHAUSTED', message: 'Resource has been exhausted (e.g. check quota).' },
  500: { status: 'INTERNAL', message: 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting' },
  503: { status: 'UNAVAILABLE', message: 'The service is currently unavailable.' },
  504: { status: 'DEADLINE_EXCEEDED', message: 'The request timed out. Please try again.' },
};

export function googleError(code: number, message?: string, details?: unknown[]): GoogleErrorBody {
  const canonical = CANONICAL[code] ?? { status: 'UNKNOWN', message: 'Unknown error.' };
  return { error: { code, message: message ?? canonical.message, status: canonical.status, ...(details ? { details } : {}) } };
}

/** Any status; without a body, Google's canonical body for that code. */
export function status(code: number, errorBody?: object): GeminiStep {
  const body = errorBody ?? googleError(code);
  return { kind: 'respond', status: code, body: () => body };
}

export interface QuotaOptions {
  /** RetryInfo.retryDelay, as Google writes it ("21s"). */
  retryDelay?: string;
  /** The daily quota ran out: not worth retrying today. */
  perDay?: boolean;
}

function quotaExceededBody(model: string, options: QuotaOptions = {}): GoogleErrorBody {
  const retryDelay = options.retryDelay ?? '21s';
  const period = options.perDay ? 'PerDay' : 'PerMinute';
  const limit = options.perDay ? 250 : 10;
  const metric = 'generativelanguage.googleapis.com/generate_content_free_tier_requests';
  const message =
    'You exceeded your current quota, please check your plan and billing details. For more information on this error, ' +
    'head to: https://ai.google.dev/gemini-api/docs/rate-limits. To monitor your current usage, head to: https://ai.dev/rate-limit. \n' +
    `* Quota exceeded for metric: ${metric}, limit: ${limit}, model: ${model}\nPlease retry in ${retryDelay}.`;
  return googleError(429, message, [
    {
      '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
      violations: [
        {
          quotaMetric: metric,
          quotaId: `GenerateRequests${period}PerProjectPerModel`,
          quotaDimensions: { location: 'global', model },
          quotaValue: String(limit),
        },
      ],
    },
    { '@type': 'type.googleapis.com/google.rpc.Help', links: [{ description: 'Learn more about Gemini API quotas', url: 'https://ai.google.dev/gemini-api/docs/rate-limits' }] },
    { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay },
  ]);
}

/** 429 RESOURCE_EXHAUSTED with QuotaFailure (quotaId says PerDay or PerMinute) and RetryInfo. */
export function quotaExceeded(options: QuotaOptions = {}): GeminiStep {
  return { kind: 'respond', status: 429, body: (context) => quotaExceededBody(context.model, options) };
}

export function overloaded(): GeminiStep {
  return status(503, googleError(503, 'The model is overloaded. Please try again later.'));
}

export const INVALID_KEY_MESSAGE = 'API key not valid. Please pass a valid API key.';

export function invalidKeyBody(): GoogleErrorBody {
  return googleError(400, INVALID_KEY_MESSAGE, [
    {
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'API_KEY_INVALID',
      domain: 'googleapis.com',
      metadata: { service: 'generativelanguage.googleapis.com' },
    },
    { '@type': 'type.googleapis.com/google.rpc.LocalizedMessage', locale: 'en-US', message: INVALID_KEY_MESSAGE },
  ]);
}

/** 400 API_KEY_INVALID, as when a key is revoked between two calls. */
export function invalidKey(): GeminiStep {
  return status(400, invalidKeyBody());
}

export function permissionDenied(): GeminiStep {
  return status(403);
}

/** 400 INVALID_ARGUMENT, e.g. 'Developer instruction is not enabled for models/gemma-4-26b-a4b-it'. */
export function badRequest(message: string): GeminiStep {
  return status(400, googleError(400, message));
}

/** Google's words for a thinkingConfig.thinkingLevel the model does not take (Gemini 2.5 and older). */
export const THINKING_LEVEL_UNSUPPORTED_MESSAGE = 'Thinking level is not supported for this model.';

/** 400 INVALID_ARGUMENT for a thinking level; script it for one model with scriptFor(). */
export function thinkingLevelUnsupported(): GeminiStep {
  return badRequest(THINKING_LEVEL_UNSUPPORTED_MESSAGE);
}

/** `then` after `ms`, or after what `ms` makes of the request: a latency of its own for each kind of request. */
export function delay(ms: number | ((context: ReplyContext) => number), then: GeminiStep): GeminiStep {
  return { kind: 'delay', ms, then };
}

/** Never answers; the request ends when the client gives up (abort, timeout) or the double closes. */
export function hang(): GeminiStep {
  return { kind: 'hang' };
}

/** Reads the request, then drops the connection without a response. */
export function reset(): GeminiStep {
  return { kind: 'reset' };
}

/** 200, JSON content type, a body that is not JSON. */
export function malformed(): GeminiStep {
  return { kind: 'malformed' };
}

export interface StreamOptions {
  chunkDelayMs?: number;
  /** Drops the connection after this many chunks. */
  resetAfter?: number;
}

/** Server-sent events, one `data: {json}` event per chunk. */
export function stream(chunks: readonly object[], options: StreamOptions = {}): GeminiStep {
  return { kind: 'stream', chunks, chunkDelayMs: options.chunkDelayMs ?? 0, resetAfter: options.resetAfter };
}

/** A new Live conversation plays this script turn by turn (gemini-live-script.ts); resumed connections continue it. */
export function liveScript(script: LiveScript): GeminiStep {
  return { kind: 'live', script };
}
