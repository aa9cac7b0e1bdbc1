/** The timer functions the session schedules with; tests pass a manual clock's. */
export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemTimers: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** One pending wake-up at a wall-clock time; setting it again replaces the previous one. */
export interface Alarm {
  set(at: number, run: () => void): void;
  clear(): void;
}

/**
 * Node fires a timer longer than 2^31-1 ms at once, and a Cloudflare Access session can last a month; timers also
 * run on a monotonic clock that drifts from the wall clock the token's exp is written in (a laptop that slept).
 * So the alarm waits in steps no longer than that, and on each wake-up compares the wall clock with the target.
 */
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

export function createAlarm(deps: { now: () => number; timers: Timers }): Alarm {
  let handle: unknown = null;

  function clear() {
    if (handle !== null) deps.timers.clearTimeout(handle);
    handle = null;
  }

  function arm(at: number, run: () => void) {
    const wait = Math.max(0, at - deps.now());
    handle = deps.timers.setTimeout(
      () => {
        handle = null;
        if (deps.now() >= at) run();
        else arm(at, run);
      },
      Math.min(wait, MAX_TIMER_DELAY_MS),
    );
  }

  return {
    set(at, run) {
      clear();
      arm(at, run);
    },
    clear,
  };
}
