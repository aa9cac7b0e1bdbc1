import type { Timers } from '../timers/alarm';

/**
 * Calls `tick` every `ms` until closed: for a store that has no change event Node can hear (the Windows registry,
 * macOS managed preferences).
 */
export function pollEvery(timers: Timers, ms: number, tick: () => void): { close(): void } {
  let handle: unknown = null;
  let closed = false;
  const arm = () => {
    handle = timers.setTimeout(() => {
      if (closed) return;
      tick();
      arm();
    }, ms);
  };
  arm();
  return {
    close() {
      closed = true;
      if (handle !== null) timers.clearTimeout(handle);
      handle = null;
    },
  };
}
