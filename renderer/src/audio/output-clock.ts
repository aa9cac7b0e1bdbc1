/**
 * When scheduled audio is heard, on the page's clock: what the players report as an answer's first sample, for
 * the browser tests and the benchmark (the time from the end of a question to the first sound of its answer).
 */

const MS_PER_SECOND = 1000;

/** The page's clock: performance. */
export interface PageClock {
  readonly timeOrigin: number;
  now(): number;
}

/** What is needed of an AudioContext to place its time on the page clock. */
export interface OutputClock {
  readonly currentTime: number;
  /** Which context time the speakers play at which performance.now(); an OfflineAudioContext has none. */
  getOutputTimestamp?(): AudioTimestamp;
}

/** When context time `when` reaches the speakers, in epoch ms on the page clock. */
export function epochMsAt(context: OutputClock, when: number, clock: PageClock): number {
  const stamp = context.getOutputTimestamp?.();
  // Zero until the device has played a block: the context's own clock is the estimate then (without the latency).
  if (stamp?.performanceTime && stamp.contextTime !== undefined) {
    return clock.timeOrigin + stamp.performanceTime + (when - stamp.contextTime) * MS_PER_SECOND;
  }
  return clock.timeOrigin + clock.now() + (when - context.currentTime) * MS_PER_SECOND;
}
