import { describe, expect, it } from 'vitest';
import { ASSISTANT, GEMINI, SECRETARY } from '../../../shared/limits';
import type { GeminiFailure } from './failure';
import {
  ASSISTANT_ATTEMPTS,
  RETRY_TIMING,
  SECRETARY_ATTEMPTS,
  isTransient,
  retryDelayMs,
  withRetry,
  type AttemptOutcome,
} from './retry-policy';

const timing = { baseDelayMs: 1000, maxDelayMs: 8000, quotaWaitMaxMs: 30_000 };

describe('retryDelayMs', () => {
  it('waits exactly as long as Google asks, up to the cap', () => {
    expect(retryDelayMs({ kind: 'quota', perDay: false, retryAfterMs: 21_000 }, 1, () => 0.5, timing)).toBe(21_000);
    expect(retryDelayMs({ kind: 'quota', perDay: false, retryAfterMs: 31_000 }, 1, () => 0.5, timing)).toBeNull();
  });

  it('never retries a daily quota, a refusal or a cancel', () => {
    const never: GeminiFailure[] = [
      { kind: 'quota', perDay: true, retryAfterMs: 1000 },
      { kind: 'invalid_key' },
      { kind: 'permission_denied' },
      { kind: 'unknown_model' },
      { kind: 'bad_request' },
      { kind: 'safety' },
      { kind: 'malformed' },
      { kind: 'cancelled' },
      { kind: 'missing_key' },
    ];
    for (const failure of never) expect(retryDelayMs(failure, 1, () => 0.5, timing)).toBeNull();
  });

  it('backs off exponentially with jitter, never beyond the cap', () => {
    const network: GeminiFailure = { kind: 'network' };
    expect(retryDelayMs(network, 1, () => 0, timing)).toBe(500);
    expect(retryDelayMs(network, 1, () => 1, timing)).toBe(1000);
    expect(retryDelayMs(network, 3, () => 0, timing)).toBe(2000);
    expect(retryDelayMs(network, 3, () => 1, timing)).toBe(4000);
    expect(retryDelayMs(network, 10, () => 1, timing)).toBe(8000);
  });

  it('retries the transient kinds', () => {
    expect(isTransient({ kind: 'network' })).toBe(true);
    expect(isTransient({ kind: 'timeout' })).toBe(true);
    expect(isTransient({ kind: 'overloaded' })).toBe(true);
    expect(isTransient({ kind: 'quota', perDay: false })).toBe(true);
  });

  it('takes the pipelines’ attempt counts from the limits', () => {
    expect(SECRETARY_ATTEMPTS).toBe(SECRETARY.modelAttempts);
    expect(ASSISTANT_ATTEMPTS).toBe(ASSISTANT.transientRetries + 1);
  });

  it('by default sits out only a short quota wait: a 20 s one goes back to the member at once (issue 11)', () => {
    expect(retryDelayMs({ kind: 'quota', perDay: false, retryAfterMs: 2_000 }, 1, () => 0.5)).toBe(2_000);
    expect(retryDelayMs({ kind: 'quota', perDay: false, retryAfterMs: 20_000 }, 1, () => 0.5)).toBeNull();
    expect(RETRY_TIMING.quotaWaitMaxMs).toBe(GEMINI.quietQuotaWaitMaxMs);
  });
});

describe('withRetry', () => {
  function scripted(outcomes: AttemptOutcome<string>[]) {
    const calls: number[] = [];
    return {
      calls,
      attempt: async (number: number) => {
        calls.push(number);
        return outcomes[number - 1] ?? { ok: true as const, value: 'fine' };
      },
    };
  }
  const overloaded = { ok: false as const, failure: { kind: 'overloaded' as const } };

  it('stops at the number of attempts it was given', async () => {
    const delays: number[] = [];
    const run = scripted([overloaded, overloaded, overloaded]);
    const outcome = await withRetry(run.attempt, {
      attempts: 2,
      sleep: async (ms) => void delays.push(ms),
      random: () => 0,
      timing,
    });
    expect(outcome).toEqual(overloaded);
    expect(run.calls).toEqual([1, 2]);
    expect(delays).toEqual([500]);
  });

  it('succeeds on a later attempt', async () => {
    const run = scripted([overloaded]);
    const outcome = await withRetry(run.attempt, { attempts: 4, sleep: async () => {}, random: () => 0 });
    expect(outcome).toEqual({ ok: true, value: 'fine' });
    expect(run.calls).toEqual([1, 2]);
  });

  it('does not retry a failure marked final', async () => {
    const run = scripted([{ ok: false, failure: { kind: 'network' }, final: true }]);
    const outcome = await withRetry(run.attempt, { attempts: 4, sleep: async () => {}, random: () => 0 });
    expect(outcome).toEqual({ ok: false, failure: { kind: 'network' } });
    expect(run.calls).toEqual([1]);
  });

  it('stops when the caller cancels during the wait', async () => {
    const controller = new AbortController();
    const run = scripted([overloaded]);
    const outcome = await withRetry(run.attempt, {
      attempts: 4,
      signal: controller.signal,
      sleep: async () => controller.abort(),
      random: () => 0,
    });
    expect(outcome).toEqual({ ok: false, failure: { kind: 'cancelled' } });
    expect(run.calls).toEqual([1]);
  });

  it('reports every failed attempt and what happens next', async () => {
    const seen: [string, number, number | null][] = [];
    await withRetry(scripted([overloaded, overloaded]).attempt, {
      attempts: 2,
      sleep: async () => {},
      random: () => 0,
      timing,
      onFailure: (failure, attempt, retryInMs) => seen.push([failure.kind, attempt, retryInMs]),
    });
    expect(seen).toEqual([
      ['overloaded', 1, 500],
      ['overloaded', 2, null],
    ]);
  });
});
