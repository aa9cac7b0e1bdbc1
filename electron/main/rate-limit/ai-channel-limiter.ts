import { err, ok, type Result } from '../../../shared/result';

/**
 * At most `limit` in any `windowMs`, per caller (a member, or the installation): requests, or, for a budget counted
 * in audio (`unit: 'audioMs'`), milliseconds of audio streamed.
 */
export interface AiBudget {
  readonly limit: number;
  readonly windowMs: number;
  readonly unit?: 'requests' | 'audioMs';
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
   * counted, so asking again early does not push the wait further. `cost` is what this one weighs in the budget's
   * unit (1 request; the milliseconds of audio a frame holds).
   */
  admit(budget: B, caller: string, cost?: number): Result<void>;
}

/** What was admitted in the window, oldest first, and its total. */
interface WeightedWindow {
  readonly entries: Array<{ at: number; cost: number }>;
  total: number;
}

const SECOND_MS = 1000;

/**
 * G9: the one limiter of the AI channel, in memory. It is checked before anything goes upstream, so a member
 * over their budget costs Gemini nothing; a restart forgets the counts, which only ever lets a member in early.
 */
export function createAiChannelLimiter<B extends string>(deps: AiChannelLimiterDeps<B>): AiChannelLimiter<B> {
  const windows = new Map<string, WeightedWindow>();

  function windowOf(budget: B, caller: string, at: number): WeightedWindow {
    // JSON keeps the two parts apart whatever characters either holds.
    const key = JSON.stringify([budget, caller]);
    let window = windows.get(key);
    if (!window) {
      window = { entries: [], total: 0 };
      windows.set(key, window);
    }
    const { windowMs } = deps.budgets[budget];
    while (window.entries.length > 0 && window.entries[0]!.at <= at - windowMs) window.total -= window.entries.shift()!.cost;
    return window;
  }

  return {
    admit(budget, caller, cost = 1) {
      const at = deps.now();
      const window = windowOf(budget, caller, at);
      const { limit, windowMs } = deps.budgets[budget];
      if (window.total + cost > limit) return rateLimited(deps.budgets[budget], freeAt(window, cost, limit, windowMs) - at);
      window.entries.push({ at, cost });
      window.total += cost;
      return ok(undefined);
    },
  };
}

/** When enough of the oldest admitted ones have left the window for `cost` more to fit (never, past the window, for more than the limit). */
function freeAt(window: WeightedWindow, cost: number, limit: number, windowMs: number): number {
  let total = window.total;
  for (const entry of window.entries) {
    total -= entry.cost;
    if (total + cost <= limit) return entry.at + windowMs;
  }
  return (window.entries.at(-1)?.at ?? 0) + windowMs;
}

function rateLimited(budget: AiBudget, waitMs: number): Result<never> {
  const retryAfterMs = Math.ceil(waitMs);
  const seconds = Math.ceil(retryAfterMs / SECOND_MS);
  const window = Math.round(budget.windowMs / SECOND_MS);
  const spent =
    budget.unit === 'audioMs' ? `streamed ${Math.round(budget.limit / SECOND_MS)} seconds of audio` : `sent ${budget.limit} requests`;
  return err('RATE_LIMITED', `You have ${spent} to the AI in the last ${window} seconds. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`, {
    retryAfterMs,
    reason: 'rate_limit',
  });
}
