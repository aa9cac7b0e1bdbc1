import type { AppError, Err, Ok } from '../../../shared/result';

/** A model feature some models refuse: Gemma on the hosted API the first three, Gemini 1 and 2 thinking levels. */
export type Capability = 'systemInstruction' | 'jsonSchema' | 'tools' | 'thinkingLevel';

/** Why a Gemini call failed, classified once (classify-error.ts) and mapped once (failureError). */
export type GeminiFailure = (
  | { kind: 'missing_key' }
  /** The keychain could not be read: its own NOT_CONFIGURED error is passed on as it is. */
  | { kind: 'keychain'; error: AppError }
  | { kind: 'invalid_key' }
  | { kind: 'permission_denied' }
  | { kind: 'unknown_model' }
  | { kind: 'quota'; perDay: boolean; retryAfterMs?: number }
  | { kind: 'overloaded' }
  | { kind: 'timeout' }
  | { kind: 'network' }
  | { kind: 'safety' }
  /** `raw` is the model's own text when there was one (a caller may still use it as a plain answer). */
  | { kind: 'malformed'; raw?: string }
  | { kind: 'cancelled' }
  | { kind: 'unsupported'; capability: Capability }
  | { kind: 'bad_request' }
  | { kind: 'unexpected' }
) & {
  /** HTTP status when Google answered. */
  status?: number;
  /** Google's or the runtime's own words, keys scrubbed: for the log, never for the member. */
  detail?: string;
};

/** The gateway's inner result: a value, or a classified failure. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; failure: GeminiFailure };

/** A Result error that also carries the typed failure, for callers in main that decide by kind. */
export type GeminiErr = Err & { readonly failure: GeminiFailure };
/** Assignable to Result<T>: hand `{ ok: false, error }` on across IPC, the failure stays in main. */
export type GeminiResult<T> = Ok<T> | GeminiErr;

export function failed(failure: GeminiFailure): { ok: false; failure: GeminiFailure } {
  return { ok: false, failure };
}

export function toResult<T>(outcome: Outcome<T>, model: string): GeminiResult<T> {
  if (outcome.ok) return outcome;
  return { ok: false, error: failureError(outcome.failure, model), failure: outcome.failure };
}

const SECOND_MS = 1000;

/** The one mapping from a failure to what the member reads; `reason` lets the UI say it in their language. */
export function failureError(failure: GeminiFailure, model: string): AppError {
  switch (failure.kind) {
    case 'missing_key':
      return appError('NOT_CONFIGURED', 'Add your Gemini API key in Settings.', 'missing_key');
    case 'keychain':
      return failure.error;
    case 'invalid_key':
      return appError('NOT_CONFIGURED', 'Google refused the Gemini API key. Check it in Settings.', 'invalid_key');
    case 'permission_denied':
      return appError(
        'NOT_CONFIGURED',
        'Google refused this Gemini API key permission to do that. Check the key and its restrictions in Settings.',
        'permission_denied',
      );
    case 'unknown_model':
      return {
        ...appError('NOT_CONFIGURED', `The model ${model} is not available for this key. Choose another model in Settings.`, 'unknown_model'),
        model,
      };
    case 'quota':
      return quotaError(failure.perDay, failure.retryAfterMs);
    case 'overloaded':
      return appError('UPSTREAM', 'Google Gemini is overloaded right now. Try again in a moment.', 'overloaded');
    case 'timeout':
      return appError('UPSTREAM', 'Google Gemini took too long to answer. Try again.', 'timeout');
    case 'network':
      return appError('UPSTREAM', 'Could not reach Google Gemini. Check your internet connection.', 'network');
    case 'safety':
      return appError('UPSTREAM', 'Gemini declined to answer this for safety reasons. Try rephrasing it.', 'safety');
    case 'malformed':
      return appError('UPSTREAM', 'Gemini sent an answer the app could not read. Try again.', 'malformed');
    case 'cancelled':
      return appError('UPSTREAM', 'The request to Gemini was cancelled.', 'cancelled');
    case 'unsupported':
    case 'bad_request':
      return appError(
        'UPSTREAM',
        `Gemini refused the request to "${model}" as invalid. Try a shorter question, or another model in Settings.`,
        'bad_request',
      );
    case 'unexpected':
      return appError('UPSTREAM', 'Something went wrong talking to Google Gemini. Try again.', 'unexpected');
  }
}

function quotaError(perDay: boolean, retryAfterMs: number | undefined): AppError {
  if (perDay) {
    return appError(
      'RATE_LIMITED',
      "This key's daily Gemini quota is used up. It resets tomorrow; until then, use another key in Settings.",
      'quota',
      retryAfterMs,
    );
  }
  const wait =
    retryAfterMs === undefined ? 'in a minute' : `in ${Math.max(1, Math.ceil(retryAfterMs / SECOND_MS))} seconds`;
  const message = `Gemini's request quota for this key is used up for now. Try again ${wait}.`;
  return appError('RATE_LIMITED', message, 'quota', retryAfterMs);
}

function appError(code: AppError['code'], message: string, reason: string, retryAfterMs?: number): AppError {
  return { code, message, reason, ...(retryAfterMs === undefined ? {} : { retryAfterMs: Math.ceil(retryAfterMs) }) };
}
