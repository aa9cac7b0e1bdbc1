import type { LoginPort } from '../../electron/main/auth/login-port';
import type { Timers } from '../../electron/main/timers/alarm';

/** A window the fake port opened and holds open until the test (or an abort) closes it. */
export interface OpenWindow {
  readonly appUrl: string;
  readonly signal: AbortSignal;
  /** Closes it: with a token as if the identity provider let the member in, with null as if closed by hand. */
  finish(token: string | null): void;
}

type Answer = string | null | (() => Promise<string | null>);

/** The Electron login windows, scripted: what each window answers, and a record of what was asked. */
export interface FakeLoginPort {
  readonly port: LoginPort;
  /** What a sign-in window answers at once; 'hold' keeps it open (in `windows`) until finish() or an abort. */
  signInAnswer: Answer | 'hold';
  /** What a hidden renewal window answers. */
  renewAnswer: Answer;
  /** False: an abort leaves held windows open, as a slow window might still hand back a token after one. */
  honoursAbort: boolean;
  /** Every sign-in window opened, in order. */
  readonly windows: OpenWindow[];
  /** The application URL of every renewal attempt. */
  readonly renewals: string[];
  /** How many times the sign-in partition was cleared. */
  clears: number;
}

const answer = (value: Answer) => (typeof value === 'function' ? value() : Promise.resolve(value));

export function fakeLoginPort(): FakeLoginPort {
  const fake: FakeLoginPort = {
    signInAnswer: null,
    renewAnswer: null,
    honoursAbort: true,
    windows: [],
    renewals: [],
    clears: 0,
    port: {
      signIn(appUrl, signal) {
        return new Promise((resolve, reject) => {
          const finish = (token: string | null) => resolve(token);
          // As the real window does: an abort (sign-out, settings change) closes it with nothing.
          if (fake.honoursAbort) signal.addEventListener('abort', () => finish(null), { once: true });
          fake.windows.push({ appUrl, signal, finish });
          if (fake.signInAnswer !== 'hold') answer(fake.signInAnswer).then(finish, reject);
        });
      },
      renewSilently(appUrl) {
        fake.renewals.push(appUrl);
        return answer(fake.renewAnswer);
      },
      async clear() {
        fake.clears += 1;
      },
    },
  };
  return fake;
}

/** A port for a core whose test does not sign in: every window is closed by hand. */
export function closedLoginPort(): LoginPort {
  return fakeLoginPort().port;
}

/**
 * A wall clock and the timers that follow it, moved by hand. Work a timer starts may go on asynchronously (key
 * lookups, signature checks): tests wait for its visible outcome rather than for a number of ticks.
 */
export function manualClock(start = Date.UTC(2031, 0, 15, 9, 0, 0)) {
  let now = start;
  let nextId = 1;
  const pending = new Map<number, { at: number; run: () => void }>();
  const timers: Timers = {
    setTimeout(run, ms) {
      const id = nextId++;
      pending.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
  };

  function nextDue(until: number): [number, { at: number; run: () => void }] | undefined {
    return [...pending].filter(([, timer]) => timer.at <= until).sort(([, a], [, b]) => a.at - b.at)[0];
  }

  return {
    now: () => now,
    timers,
    /** Timers still waiting. */
    pendingCount: () => pending.size,
    /** Moves the clock forward, running each timer that falls due on the way, in order. */
    advance(ms: number) {
      const end = now + ms;
      for (let due = nextDue(end); due; due = nextDue(end)) {
        const [id, timer] = due;
        pending.delete(id);
        now = Math.max(now, timer.at);
        timer.run();
      }
      now = end;
    },
  };
}
export type ManualClock = ReturnType<typeof manualClock>;
