import { err, ok, type Result } from '../../../shared/result';
import { createSlidingWindow, type SlidingWindow } from './sliding-window';

/** At most `limit` requests in any `windowMs`, per caller (a member, or the installation). */
export interface AiBudget {
  readonly limit: number;
  readonly windowMs: number;
}

export interface AiChannelLimiterDeps<B extends string> {
  /** Epoch milliseconds. */
  now: () => number;
  /** Each named budget of the AI channel: the Assistant and Voice share one, Translate gets its own (G9). */
  budgets: Readonly<Record<B, AiBudget>>;
}

export interface AiChannelLimiter<B extends string = string> {
  /**
   * Counts one request of `caller` (a member's email, or THIS_INSTALLATION where no sign-in is needed) against
   * `budget` and lets it through, or refuses it RATE_LIMITED with how long to wait; a refused request is not
   * counted, so asking again early does not push the wait further.
   */
  admit(budget: B, caller: string): Result<void>;
}

const SECOND_MS = 1000;

/**
 * G9: the one limiter of the AI channel, in memory. It is checked before anything goes upstream, so a member
 * over their budget costs Gemini nothing; a restart forgets the counts, which only ever lets a member in early.
 */
export function createAiChannelLimiter<B extends string>(deps: AiChannelLimiterDeps<B>): AiChannelLimiter<B> {
  const windows = new Map<string, SlidingWindow>();

  function windowOf(budget: B, caller: string): SlidingWindow {
    // JSON keeps the two parts apart whatever characters either holds.
    const key = JSON.stringify([budget, caller]);
    let window = windows.get(key);
    if (!window) {
      const { limit, windowMs } = deps.budgets[budget];
      window = createSlidingWindow(limit, windowMs);
      windows.set(key, window);
    }
    return window;
  }

  return {
    admit(budget, caller) {
      const at = deps.now();
      const window = windowOf(budget, caller);
      const freeAt = window.nextFreeAt(at);
      if (freeAt > at) return rateLimited(deps.budgets[budget], freeAt - at);
      window.record(at);
      return ok(undefined);
    },
  };
}

function rateLimited(budget: AiBudget, waitMs: number): Result<never> {
  const retryAfterMs = Math.ceil(waitMs);
  const seconds = Math.ceil(retryAfterMs / SECOND_MS);
  const window = Math.round(budget.windowMs / SECOND_MS);
  return err(
    'RATE_LIMITED',
    `You have sent ${budget.limit} requests to the AI in the last ${window} seconds. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    { retryAfterMs, reason: 'rate_limit' },
  );
}
