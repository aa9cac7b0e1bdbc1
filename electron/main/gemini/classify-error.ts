import { refusedCapability } from './capabilities';
import { parseGoogleError } from './error-body';
import type { GeminiFailure } from './failure';
import { scrubSecrets } from './scrub-secrets';

export interface ThrownContext {
  /** The caller's signal had fired: whatever the error says, the member cancelled. */
  callerAborted: boolean;
  /** This attempt's own deadline had passed. */
  timedOut: boolean;
  /** Scrubbed from every detail, in whatever form it appears. */
  key?: string;
}

// Node's fetch (undici) and socket error codes that mean the connection failed or broke.
const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTUNREACH',
]);
const NETWORK_MESSAGES = /fetch failed|socket hang up|other side closed|^terminated$|incomplete json segment/i;
const SERVER_TIMEOUT_STATUSES = new Set([408, 504]);

/** Google's words for a key it refuses, over HTTP and in a Live session's close reason alike. */
export function refusesKey(text: string): boolean {
  return /api key (not valid|expired)|API_KEY_INVALID/i.test(text);
}

/** Turns whatever the SDK or the runtime threw into one failure kind. */
export function classifyThrown(error: unknown, context: ThrownContext): GeminiFailure {
  if (context.callerAborted) return { kind: 'cancelled' };
  if (context.timedOut) return { kind: 'timeout' };
  if (isApiError(error)) {
    const failure = classifyStatus(error.status, error.message);
    return { ...failure, detail: scrubSecrets(failure.detail ?? '', context.key) };
  }
  const detail = scrubSecrets(describe(error), context.key);
  if (error instanceof SyntaxError || /exception parsing stream chunk/i.test(messageOf(error))) {
    // These messages quote the body, that is the model's words (which may quote mail): not for the log.
    return { kind: 'malformed', detail: 'the response body was not JSON' };
  }
  if (isNetworkError(error)) return { kind: 'network', detail };
  if (isAbort(error)) return { kind: 'cancelled', detail };
  return { kind: 'unexpected', detail };
}

/** A non-2xx answer from Google, by status and body (the detail is not scrubbed yet). */
function classifyStatus(status: number, text: string): GeminiFailure {
  const body = parseGoogleError(text);
  const known = { status, detail: `${status} ${body.status ?? ''}: ${body.message}` };
  if (status === 429) {
    const perDay = body.quotaIds.some((id) => id.includes('PerDay'));
    const retry = body.retryDelayMs === null ? {} : { retryAfterMs: body.retryDelayMs };
    return { kind: 'quota', perDay, ...retry, ...known };
  }
  if (status === 400) {
    const keyRefused = body.reasons.some((reason) => reason.startsWith('API_KEY_'));
    if (keyRefused || refusesKey(body.message)) {
      return { kind: 'invalid_key', ...known };
    }
    const capability = refusedCapability(body.message);
    return capability ? { kind: 'unsupported', capability, ...known } : { kind: 'bad_request', ...known };
  }
  if (status === 401) return { kind: 'invalid_key', ...known };
  if (status === 403) return { kind: 'permission_denied', ...known };
  if (status === 404) return { kind: 'unknown_model', ...known };
  if (SERVER_TIMEOUT_STATUSES.has(status)) return { kind: 'timeout', ...known };
  if (status >= 500) return { kind: 'overloaded', ...known };
  return { kind: 'bad_request', ...known };
}

// By shape, not instanceof: the SDK ships an ESM and a CJS build, and either may have thrown it.
function isApiError(error: unknown): error is Error & { status: number } {
  return (
    error instanceof Error && error.name === 'ApiError' && typeof (error as { status?: unknown }).status === 'number'
  );
}

function isNetworkError(error: unknown): boolean {
  // fetch wraps the socket's error as `cause`, sometimes twice.
  for (let current = error, depth = 0; current instanceof Error && depth < 4; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('UND_ERR_'))) return true;
    if (NETWORK_MESSAGES.test(current.message)) return true;
  }
  return false;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.name}: ${error.cause.message})` : '';
  return `${error.name}: ${error.message}${cause}`;
}
