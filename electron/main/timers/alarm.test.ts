import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../test/support/auth-test-kit';
import { createAlarm, type Timers } from './alarm';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('createAlarm', () => {
  it('rings at the time it was set for, once', () => {
    const clock = manualClock();
    const alarm = createAlarm(clock);
    const rings: number[] = [];
    const start = clock.now();
    alarm.set(start + 5_000, () => rings.push(clock.now()));

    clock.advance(4_999);
    expect(rings).toEqual([]);
    clock.advance(10_000);
    expect(rings).toEqual([start + 5_000]);
  });

  it('waits out a month-long session instead of ringing at once, never asking a timer for more than Node keeps', () => {
    const clock = manualClock();
    const asked: number[] = [];
    const timers: Timers = {
      setTimeout: (run, ms) => {
        asked.push(ms);
        return clock.timers.setTimeout(run, ms);
      },
      clearTimeout: clock.timers.clearTimeout,
    };
    const alarm = createAlarm({ now: clock.now, timers });
    let rang = false;
    alarm.set(clock.now() + 30 * DAY_MS, () => (rang = true));

    clock.advance(29 * DAY_MS);
    expect(rang).toBe(false);
    clock.advance(DAY_MS);
    expect(rang).toBe(true);
    expect(Math.max(...asked)).toBeLessThanOrEqual(2 ** 31 - 1);
  });

  it('does not ring early when its timer fires before the wall clock reaches the time (a clock set back)', () => {
    let wall = 1_000_000;
    let fire: (() => void) | null = null;
    const timers: Timers = {
      setTimeout: (run) => (fire = run),
      clearTimeout: () => (fire = null),
    };
    const alarm = createAlarm({ now: () => wall, timers });
    let rang = false;
    alarm.set(wall + 60_000, () => (rang = true));

    wall += 30_000;
    fire!();
    expect(rang).toBe(false);
    wall += 30_000;
    fire!();
    expect(rang).toBe(true);
  });

  it('rings only for the last time set, and not at all once cleared', () => {
    const clock = manualClock();
    const alarm = createAlarm(clock);
    const rings: string[] = [];
    alarm.set(clock.now() + 1_000, () => rings.push('first'));
    alarm.set(clock.now() + 2_000, () => rings.push('second'));
    clock.advance(5_000);
    expect(rings).toEqual(['second']);

    alarm.set(clock.now() + 1_000, () => rings.push('third'));
    alarm.clear();
    clock.advance(5_000);
    expect(rings).toEqual(['second']);
    expect(clock.pendingCount()).toBe(0);
  });
});
