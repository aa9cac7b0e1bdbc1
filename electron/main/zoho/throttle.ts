import { createSlidingWindow } from '../rate-limit/sliding-window';
import type { Sleep } from '../timers/sleep';
import type { ZohoFailure } from './zoho-failure';

export interface ThrottleConfig {
  /** At most `limit` requests start in any `windowMs`. */
  limit: number;
  windowMs: number;
  /** A longer wait than this is not waited out: the caller hears when to come back instead. */
  maxWaitMs: number;
  /** Zoho's lock: the first pause, doubled for each lock in a row, never above the cap. */
  lockBaseMs: number;
  lockMaxMs: number;
}

export type ThrottleOutcome = { ok: true } | { ok: false; failure: ZohoFailure };

/**
 * Keeps the Mail API requests under Zoho's limit: a burst is fine, a minute's worth is spaced, and after Zoho
 * answers with its rate-limit lock nothing more is sent until the lock is over.
 */
export interface Throttle {
  /** Resolves when a request may start (waiting if need be), or says why it may not. */
  acquire(signal: AbortSignal): Promise<ThrottleOutcome>;
  /** Zoho locked us out; returns how long nothing will be sent. */
  locked(retryAfterMs?: number): number;
  /** A request went through: the next lock starts from the base pause again. */
  passed(): void;
}

export function createThrottle(config: ThrottleConfig, deps: { now: () => number; sleep: Sleep }): Throttle {
  const window = createSlidingWindow(config.limit, config.windowMs);
  let lockedUntil = 0;
  let nextLockMs = config.lockBaseMs;

  const lockFailure = (now: number): ThrottleOutcome => ({
    ok: false,
    failure: { kind: 'rate_limited', retryAfterMs: lockedUntil - now },
  });

  return {
    async acquire(signal) {
      const now = deps.now();
      if (lockedUntil > now) return lockFailure(now);
      const slot = window.nextFreeAt(now);
      if (slot - now > config.maxWaitMs) return { ok: false, failure: { kind: 'rate_limited', retryAfterMs: slot - now } };
      window.record(slot);
      if (slot > now) await deps.sleep(slot - now, signal);
      if (signal.aborted) {
        window.release(slot);
        return { ok: false, failure: { kind: 'cancelled' } };
      }
      // A lock may have come down while this request waited for its slot.
      const after = deps.now();
      if (lockedUntil > after) {
        window.release(slot);
        return lockFailure(after);
      }
      return { ok: true };
    },
    locked(retryAfterMs) {
      const pauseMs = Math.max(retryAfterMs ?? 0, nextLockMs);
      nextLockMs = Math.min(nextLockMs * 2, config.lockMaxMs);
      lockedUntil = Math.max(lockedUntil, deps.now() + pauseMs);
      return pauseMs;
    },
    passed() {
      nextLockMs = config.lockBaseMs;
    },
  };
}
