import { describe, expect, it } from 'vitest';
import { DEFAULT_DIGEST_SETTINGS, type DigestSettings } from '../../../shared/digest';
import { DIGEST } from '../../../shared/limits';
import type { Member } from '../../../shared/member';
import { err, ok, type Result } from '../../../shared/result';
import { manualClock } from '../../../test/support/auth-test-kit';
import { createMemoryLogger } from '../log/logger';
import { createDigestSchedule, nextScheduledRun, type DigestReadiness } from './digest-schedule';

const HOUR_MS = 60 * 60 * 1000;
const EDU: Member = { email: 'edu@crearack.com', name: 'Edu' };

/** The offset of a fixed IANA zone at an instant, as the system's would be there: DST included. */
function zoneOffset(timeZone: string): (at: number) => number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return (at) => {
    const part = (type: string) => Number(format.formatToParts(at).find((p) => p.type === type)?.value);
    const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
    return wall - Math.floor(at / 1000) * 1000;
  };
}

const madrid = zoneOffset('Europe/Madrid');
const weekdays = { time: '08:00', weekdaysOnly: true };

describe('when the next scheduled pass falls (Europe/Madrid)', () => {
  it('is later the same morning on a weekday before the set time', () => {
    // Wednesday 12 August 2026, 07:30 CEST.
    expect(nextScheduledRun(Date.UTC(2026, 7, 12, 5, 30), weekdays, madrid)).toBe(Date.UTC(2026, 7, 12, 6, 0));
  });

  it('skips the weekend: from Friday after the set time to Monday morning', () => {
    // Friday 14 August 2026, 09:00 CEST -> Monday 17 August, 08:00 CEST.
    expect(nextScheduledRun(Date.UTC(2026, 7, 14, 7, 0), weekdays, madrid)).toBe(Date.UTC(2026, 7, 17, 6, 0));
    // Every day when weekdaysOnly is off: Saturday 08:00.
    expect(nextScheduledRun(Date.UTC(2026, 7, 14, 7, 0), { ...weekdays, weekdaysOnly: false }, madrid)).toBe(
      Date.UTC(2026, 7, 15, 6, 0),
    );
  });

  it('keeps the local time of day across a daylight-saving change over the weekend', () => {
    // Clocks go forward on Sunday 29 March 2026: Friday 08:00 is 07:00 UTC, Monday 08:00 is 06:00 UTC.
    expect(nextScheduledRun(Date.UTC(2026, 2, 27, 7, 0), weekdays, madrid)).toBe(Date.UTC(2026, 2, 30, 6, 0));
    // And back on Sunday 25 October 2026: Monday 08:00 CET is 07:00 UTC.
    expect(nextScheduledRun(Date.UTC(2026, 9, 23, 6, 0), weekdays, madrid)).toBe(Date.UTC(2026, 9, 26, 7, 0));
    // Every day at 23:30: from Saturday 28 March 23:30 CET exactly to Sunday 29 March 23:30 CEST.
    expect(nextScheduledRun(Date.UTC(2026, 2, 28, 22, 30), { time: '23:30', weekdaysOnly: false }, madrid)).toBe(
      Date.UTC(2026, 2, 29, 21, 30),
    );
  });

  it('follows the zone it is given, not UTC', () => {
    const ulaanbaatar = zoneOffset('Asia/Ulaanbaatar');
    // Monday 17 August 2026, 00:30 UTC is already 08:30 in Ulaanbaatar: the next pass is Tuesday 08:00 there.
    expect(nextScheduledRun(Date.UTC(2026, 7, 17, 0, 30), weekdays, ulaanbaatar)).toBe(Date.UTC(2026, 7, 18, 0, 0));
  });
});

interface Deferred {
  member: Member;
  signal: AbortSignal;
  finish(result: Result<unknown>): void;
}

function setup(options: { start: number; lastPassAt?: number | null; settings?: Partial<DigestSettings> }) {
  const clock = manualClock(options.start);
  let readiness: DigestReadiness = { ready: true, member: EDU };
  let lastPassAt = options.lastPassAt ?? null;
  let settings: DigestSettings = { ...DEFAULT_DIGEST_SETTINGS, ...options.settings };
  const passes: Deferred[] = [];
  const log = createMemoryLogger();
  const schedule = createDigestSchedule({
    settings: () => settings,
    now: clock.now,
    timers: clock.timers,
    utcOffsetMs: madrid,
    readiness: async () => readiness,
    lastPassAt: () => lastPassAt,
    runPass: (member, signal) =>
      new Promise((resolve) => {
        passes.push({
          member,
          signal,
          finish: (result) => {
            if (result.ok) lastPassAt = clock.now();
            resolve(result);
          },
        });
      }),
    log,
  });
  return {
    clock,
    schedule,
    passes,
    log,
    setReadiness(next: DigestReadiness) {
      readiness = next;
    },
    setSettings(next: Partial<DigestSettings>) {
      settings = { ...settings, ...next };
    },
    /** Finishes the pass in flight (and lets the schedule see it end). */
    async finishPass(result: Result<unknown> = ok({})) {
      passes.at(-1)?.finish(result);
      await expect.poll(() => schedule.status().running).toBe(false);
    },
  };
}

// Wednesday 12 August 2026, 09:00 CEST.
const WEDNESDAY_9 = Date.UTC(2026, 7, 12, 7, 0);

describe('the scheduled pass', () => {
  it('runs at the set time each weekday, and not at the weekend', async () => {
    const test = setup({ start: WEDNESDAY_9, lastPassAt: WEDNESDAY_9 - HOUR_MS });
    await test.schedule.check();
    expect(test.passes).toHaveLength(0);
    expect(test.schedule.status().nextRunAt).toBe(Date.UTC(2026, 7, 13, 6, 0));

    test.clock.advance(Date.UTC(2026, 7, 13, 6, 0) - test.clock.now());
    await expect.poll(() => test.passes.length).toBe(1);
    expect(test.passes[0]!.member).toEqual(EDU);
    await test.finishPass();
    expect(test.schedule.status().nextRunAt).toBe(Date.UTC(2026, 7, 14, 6, 0));

    test.clock.advance(Date.UTC(2026, 7, 14, 6, 0) - test.clock.now());
    await expect.poll(() => test.passes.length).toBe(2);
    await test.finishPass();

    // Saturday and Sunday go by without a pass; Monday has one.
    test.clock.advance(Date.UTC(2026, 7, 17, 5, 59) - test.clock.now());
    expect(test.passes).toHaveLength(2);
    test.clock.advance(60_000);
    await expect.poll(() => test.passes.length).toBe(3);
  });

  it('runs a pass at start when the last one is stale or there is none, and not when it is recent', async () => {
    const stale = setup({ start: WEDNESDAY_9, lastPassAt: WEDNESDAY_9 - DIGEST.staleAfterMs - 60_000 });
    void stale.schedule.check();
    await expect.poll(() => stale.passes.length).toBe(1);

    const never = setup({ start: WEDNESDAY_9, lastPassAt: null });
    void never.schedule.check();
    await expect.poll(() => never.passes.length).toBe(1);

    const recent = setup({ start: WEDNESDAY_9, lastPassAt: WEDNESDAY_9 - DIGEST.staleAfterMs + 60_000 });
    await recent.schedule.check();
    expect(recent.passes).toHaveLength(0);
  });

  it('never runs two passes at once', async () => {
    const test = setup({ start: Date.UTC(2026, 7, 13, 5, 59), lastPassAt: null });
    void test.schedule.check();
    await expect.poll(() => test.passes.length).toBe(1);

    // The scheduled time comes and the settings change while the start-up pass still runs.
    test.clock.advance(60_000);
    await test.schedule.check();
    expect(test.passes).toHaveLength(1);
    expect(test.schedule.status().running).toBe(true);

    await test.finishPass();
    expect(test.passes).toHaveLength(1);
  });

  it('skips a due pass while signed out or without a connected mailbox, says why, and makes it up when it can', async () => {
    const test = setup({ start: WEDNESDAY_9, lastPassAt: WEDNESDAY_9 - HOUR_MS });
    await test.schedule.check();
    test.setReadiness({ ready: false, reason: 'signed_out' });

    test.clock.advance(Date.UTC(2026, 7, 13, 6, 0) - test.clock.now());
    await expect.poll(() => test.schedule.status().skipped).toBe('signed_out');
    expect(test.passes).toHaveLength(0);
    expect(test.log.lines.some((line) => line.includes('digest pass skipped') && line.includes('signed_out'))).toBe(true);

    // Signed in again, but the mailbox is not connected yet.
    test.setReadiness({ ready: false, reason: 'zoho_disconnected' });
    await test.schedule.check();
    expect(test.schedule.status().skipped).toBe('zoho_disconnected');
    expect(test.passes).toHaveLength(0);

    // The last pass is less than staleAfterMs old, yet the skipped one is owed.
    test.setReadiness({ ready: true, member: EDU });
    void test.schedule.check();
    await expect.poll(() => test.passes.length).toBe(1);
    expect(test.schedule.status().skipped).toBeNull();
    await test.finishPass();

    await test.schedule.check();
    expect(test.passes).toHaveLength(1);
  });

  it('makes up a failed pass at the next check, and stop() aborts a pass in flight', async () => {
    // Thursday 13 August, 07:30 CEST; a pass ran by hand at 07:00.
    const test = setup({ start: Date.UTC(2026, 7, 13, 5, 30), lastPassAt: Date.UTC(2026, 7, 13, 5, 0) });
    await test.schedule.check();
    expect(test.passes).toHaveLength(0);

    test.clock.advance(30 * 60_000);
    await expect.poll(() => test.passes.length).toBe(1);
    await test.finishPass(err('UPSTREAM', 'Google Gemini is overloaded right now. Try again in a moment.'));

    void test.schedule.check();
    await expect.poll(() => test.passes.length).toBe(2);
    test.schedule.stop();
    expect(test.passes[1]!.signal.aborted).toBe(true);
    expect(test.schedule.status().nextRunAt).toBeNull();
    expect(test.clock.pendingCount()).toBe(0);
  });

  it('does nothing while switched off in Settings, and re-arms when the time changes', async () => {
    const test = setup({ start: WEDNESDAY_9, lastPassAt: null, settings: { enabled: false } });
    await test.schedule.check();
    expect(test.passes).toHaveLength(0);
    expect(test.schedule.status().nextRunAt).toBeNull();
    expect(test.clock.pendingCount()).toBe(0);

    test.setSettings({ enabled: true, time: '18:30' });
    void test.schedule.check();
    await expect.poll(() => test.passes.length).toBe(1);
    await test.finishPass();
    // 18:30 CEST the same Wednesday.
    expect(test.schedule.status().nextRunAt).toBe(Date.UTC(2026, 7, 12, 16, 30));
    expect(test.clock.pendingCount()).toBe(1);
  });
});
