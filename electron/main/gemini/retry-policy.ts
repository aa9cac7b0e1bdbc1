import { ASSISTANT, GEMINI, SECRETARY } from '../../../shared/limits';
import type { Sleep } from '../timers/sleep';
import type { GeminiFailure, Outcome } from './failure';

/** Total attempts each pipeline makes (S10: one retry for cold starts; G3: three retries after the first). */
export const SECRETARY_ATTEMPTS = SECRETARY.modelAttempts;
export const ASSISTANT_ATTEMPTS = 1 + ASSISTANT.transientRetries;

export interface RetryTiming {
  baseDelayMs: number;
  maxDelayMs: number;
  /** The longest RetryInfo.retryDelay waited out; beyond it the failure comes back at once, with its wait. */
  quotaWaitMaxMs: number;
}

/** For calls someone is waiting on; background work passes a longer quotaWaitMaxMs (CallOptions). */
export const RETRY_TIMING: RetryTiming = {
  baseDelayMs: GEMINI.retryBaseDelayMs,
  maxDelayMs: GEMINI.retryMaxDelayMs,
  quotaWaitMaxMs: GEMINI.quietQuotaWaitMaxMs,
};

/**
 * Failures worth another attempt: the connection, the clock, a busy server, a per-minute quota. Never a per-day
 * quota, a refused key or request, a safety block, unreadable output or a cancel: those would fail the same way.
 */
export function isTransient(failure: GeminiFailure): boolean {
  switch (failure.kind) {
    case 'network':
    case 'timeout':
    case 'overloaded':
      return true;
    case 'quota':
      return !failure.perDay;
    default:
      return false;
  }
}

/** A per-minute quota whose wait is too long to sit out quietly: the member is told at once, with the wait. */
export function isLongQuotaWait(failure: GeminiFailure, timing: RetryTiming = RETRY_TIMING): boolean {
  return failure.kind === 'quota' && !failure.perDay && failure.retryAfterMs !== undefined && failure.retryAfterMs > timing.quotaWaitMaxMs;
}

/**
 * How long to wait before retry number `retry` (1 for the first retry), or null not to retry. Google's own
 * RetryInfo wins when it gives one; otherwise exponential backoff with "equal jitter" (half fixed, half random),
 * so that retries spread out yet never come back at once.
 */
export function retryDelayMs(
  failure: GeminiFailure,
  retry: number,
  random: () => number,
  timing: RetryTiming = RETRY_TIMING,
): number | null {
  if (!isTransient(failure)) return null;
  if (failure.kind === 'quota' && failure.retryAfterMs !== undefined) {
    // Waiting less than Google asks only earns another 429; waiting longer than the cap keeps the member stuck.
    return isLongQuotaWait(failure, timing) ? null : failure.retryAfterMs;
  }
  const ceiling = Math.min(timing.maxDelayMs, timing.baseDelayMs * 2 ** (retry - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** An attempt's failure; `final` when it must not be retried whatever its kind (a stream that already spoke). */
export type AttemptOutcome<T> = Outcome<T> | { ok: false; failure: GeminiFailure; final: true };

export interface RetryOptions {
  attempts: number;
  signal?: AbortSignal;
  sleep: Sleep;
  random: () => number;
  timing?: RetryTiming;
  /** Told about every failed attempt, and whether (and after how long) it will be retried. */
  onFailure?: (failure: GeminiFailure, attempt: number, retryInMs: number | null) => void;
}

/** Runs `attempt` until it succeeds, fails for good, or the attempts run out. */
export async function withRetry<T>(
  attempt: (number: number) => Promise<AttemptOutcome<T>>,
  options: RetryOptions,
): Promise<Outcome<T>> {
  for (let number = 1; ; number++) {
    if (options.signal?.aborted) return { ok: false, failure: { kind: 'cancelled' } };
    const outcome = await attempt(number);
    if (outcome.ok) return outcome;
    const delay =
      'final' in outcome || number >= options.attempts
        ? null
        : retryDelayMs(outcome.failure, number, options.random, options.timing);
    options.onFailure?.(outcome.failure, number, delay);
    if (delay === null) return { ok: false, failure: outcome.failure };
    await options.sleep(delay, options.signal);
  }
}
