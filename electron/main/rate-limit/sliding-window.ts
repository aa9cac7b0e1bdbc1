import { slidingWindowFreeAt } from '../../../shared/sliding-window';

/**
 * At most `limit` events in any `windowMs`. Times are recorded in order (a reserved slot may lie in the future),
 * so the limit-th most recent one says when the next may happen.
 */
export interface SlidingWindow {
  /** The earliest time, not before `at` nor before the last recorded event, that keeps within the limit. */
  nextFreeAt(at: number): number;
  record(at: number): void;
  /** Gives back a reserved slot that was not used (its caller gave up). */
  release(at: number): void;
  clear(): void;
}

export function createSlidingWindow(limit: number, windowMs: number): SlidingWindow {
  const times: number[] = [];
  return {
    nextFreeAt(at) {
      while (times.length > 0 && times[0]! <= at - windowMs) times.shift();
      return Math.max(times.at(-1) ?? at, slidingWindowFreeAt(times, at, limit, windowMs));
    },
    record(at) {
      times.push(at);
    },
    release(at) {
      const index = times.lastIndexOf(at);
      if (index >= 0) times.splice(index, 1);
    },
    clear() {
      times.length = 0;
    },
  };
}
