import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZOHO } from '../../../shared/limits';
import { createThrottle, type ThrottleConfig } from './throttle';

const CONFIG: ThrottleConfig = {
  limit: ZOHO.requestsPerWindow,
  windowMs: ZOHO.requestWindowMs,
  maxWaitMs: ZOHO.throttleMaxWaitMs,
  lockBaseMs: ZOHO.lockBackoffMs,
  lockMaxMs: ZOHO.lockBackoffMaxMs,
};

/** A clock that only moves when the throttle sleeps (or the test says so): no real waiting. */
function fakeTime() {
  let now = 1_000_000;
  const slept: number[] = [];
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
    slept,
    sleep: async (ms: number) => {
      slept.push(ms);
      now += ms;
    },
  };
}

const live = () => new AbortController().signal;

describe('the Zoho throttle', () => {
  it(`lets a burst of ${CONFIG.limit} through at once, then spaces the next until the first leaves the minute`, async () => {
    const time = fakeTime();
    const throttle = createThrottle(CONFIG, time);
    for (let i = 0; i < CONFIG.limit; i++) expect(await throttle.acquire(live())).toEqual({ ok: true });
    expect(time.slept).toEqual([]);

    time.advance(CONFIG.windowMs - 5_000);
    const start = time.now();
    expect(await throttle.acquire(live())).toEqual({ ok: true });
    expect(time.slept).toEqual([5_000]);
    expect(time.now() - start).toBe(5_000);
  });

  it('answers "try again in …" instead of holding a caller longer than the longest worthwhile wait', async () => {
    const time = fakeTime();
    const throttle = createThrottle(CONFIG, time);
    for (let i = 0; i < CONFIG.limit; i++) await throttle.acquire(live());
    const refused = await throttle.acquire(live());
    expect(refused).toEqual({ ok: false, failure: { kind: 'rate_limited', retryAfterMs: CONFIG.windowMs } });
    expect(time.slept).toEqual([]);
  });

  it('property: whatever the pace of the callers, no minute ever holds more than the limit', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 8_000 }), { minLength: 1, maxLength: 120 }), async (gaps) => {
        const time = fakeTime();
        const throttle = createThrottle(CONFIG, time);
        const starts: number[] = [];
        for (const gap of gaps) {
          time.advance(gap);
          if ((await throttle.acquire(live())).ok) starts.push(time.now());
        }
        for (let i = CONFIG.limit; i < starts.length; i++) {
          expect(starts[i]! - starts[i - CONFIG.limit]!).toBeGreaterThanOrEqual(CONFIG.windowMs);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('sends nothing during Zoho’s lock, and pauses longer after each lock in a row', async () => {
    const time = fakeTime();
    const throttle = createThrottle(CONFIG, time);
    expect(throttle.locked()).toBe(CONFIG.lockBaseMs);
    expect(await throttle.acquire(live())).toEqual({ ok: false, failure: { kind: 'rate_limited', retryAfterMs: CONFIG.lockBaseMs } });

    time.advance(CONFIG.lockBaseMs);
    expect(await throttle.acquire(live())).toEqual({ ok: true });
    expect(throttle.locked()).toBe(CONFIG.lockBaseMs * 2);
    time.advance(CONFIG.lockBaseMs * 2);
    throttle.passed();
    expect(throttle.locked()).toBe(CONFIG.lockBaseMs);
  });

  it('takes Zoho’s Retry-After when it asks for longer, and never pauses beyond the cap on its own', () => {
    const time = fakeTime();
    const throttle = createThrottle(CONFIG, time);
    expect(throttle.locked(CONFIG.lockBaseMs * 3)).toBe(CONFIG.lockBaseMs * 3);
    const pauses = Array.from({ length: 10 }, () => throttle.locked());
    expect(Math.max(...pauses)).toBe(CONFIG.lockMaxMs);
  });

  it('stops waiting as soon as the caller cancels', async () => {
    const time = fakeTime();
    const controller = new AbortController();
    const throttle = createThrottle(CONFIG, {
      now: time.now,
      sleep: async (ms) => {
        time.advance(ms);
        controller.abort();
      },
    });
    for (let i = 0; i < CONFIG.limit; i++) await throttle.acquire(live());
    time.advance(CONFIG.windowMs - 1_000);
    expect(await throttle.acquire(controller.signal)).toEqual({ ok: false, failure: { kind: 'cancelled' } });
  });
});
