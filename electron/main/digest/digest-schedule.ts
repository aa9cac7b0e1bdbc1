import type { DigestSettings } from '../../../shared/digest';
import { DIGEST } from '../../../shared/limits';
import type { Member } from '../../../shared/member';
import type { Result } from '../../../shared/result';
import type { Logger } from '../log/logger';
import { createAlarm, type Timers } from '../timers/alarm';

/** Why a pass that was due did not run. */
export type DigestSkipReason = 'signed_out' | 'zoho_disconnected';

/** Whether a pass could run now, and for whom. */
export type DigestReadiness = { ready: true; member: Member } | { ready: false; reason: DigestSkipReason };

export interface DigestScheduleDeps {
  settings: () => DigestSettings;
  /** Wall clock, epoch ms. */
  now: () => number;
  timers: Timers;
  /** What to add to UTC for the local wall-clock time at an instant, daylight saving included (systemUtcOffsetMs). */
  utcOffsetMs: (at: number) => number;
  /** A signed-in member with a connected mailbox, or why not. */
  readiness: () => Promise<DigestReadiness>;
  /** When the member's last pass looked at the mailbox (epoch ms), or null before the first. */
  lastPassAt: (owner: string) => number | null;
  runPass: (member: Member, signal: AbortSignal) => Promise<Result<unknown>>;
  log: Logger;
}

export interface DigestScheduleStatus {
  /** When the next scheduled pass is due (epoch ms); null while the schedule is off. */
  nextRunAt: number | null;
  running: boolean;
  /** Why the last pass that was due did not run; null once one could. */
  skipped: DigestSkipReason | null;
}

export interface DigestSchedule {
  /**
   * Re-reads the settings, re-arms the next scheduled pass, and runs a pass now if one is owed: the last one is
   * older than DIGEST.staleAfterMs (or there is none), or a scheduled or failed one is still to be made up.
   * Call it at start and whenever the settings, the sign-in or the Zoho connection change. Resolves when the
   * pass it started (if any) has ended.
   */
  check(): Promise<void>;
  status(): DigestScheduleStatus;
  /** Disarms, and aborts a pass in flight. */
  stop(): void;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const SATURDAY = 6;
const SUNDAY = 0;

/** The wall-clock time in the system's zone: the default `utcOffsetMs` outside tests. */
export function systemUtcOffsetMs(at: number): number {
  return -new Date(at).getTimezoneOffset() * 60_000;
}

/**
 * The first instant after `from` at the schedule's local time of day, on a weekday if so asked. Wall-clock
 * arithmetic is done on UTC fields shifted by the zone's offset, then turned back into an instant with the
 * offset in force then, so a daylight-saving change between now and then moves the instant, not the time of day.
 */
export function nextScheduledRun(
  from: number,
  schedule: Pick<DigestSettings, 'time' | 'weekdaysOnly'>,
  utcOffsetMs: (at: number) => number,
): number {
  const hours = Number(schedule.time.slice(0, 2));
  const minutes = Number(schedule.time.slice(3, 5));
  const local = new Date(from + utcOffsetMs(from));
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  // Ends within four days: some weekday at that time always comes after `from`.
  for (let day = 0; ; day += 1) {
    const wall = midnight + day * DAY_MS + (hours * 60 + minutes) * 60_000;
    const weekday = new Date(wall).getUTCDay();
    if (schedule.weekdaysOnly && (weekday === SATURDAY || weekday === SUNDAY)) continue;
    const at = instantOf(wall, utcOffsetMs);
    if (at > from) return at;
  }
}

/** The instant a wall-clock time (written as UTC fields) falls on, with the zone's offset at that instant. */
function instantOf(wall: number, utcOffsetMs: (at: number) => number): number {
  const guess = wall - utcOffsetMs(wall);
  return wall - utcOffsetMs(guess);
}

/**
 * The scheduled F0 pass: every (week)day at the member's time, and at start when the last pass is stale. Never
 * two passes at once; while signed out or without a connected mailbox the pass is skipped, logged with why, and
 * made up at the next check() that finds the way clear. Long waits go through the alarm (no timer overflow).
 */
export function createDigestSchedule(deps: DigestScheduleDeps): DigestSchedule {
  const { log } = deps;
  const alarm = createAlarm({ now: deps.now, timers: deps.timers });
  let nextRunAt: number | null = null;
  let running: AbortController | null = null;
  let skipped: DigestSkipReason | null = null;
  /** A scheduled pass was skipped, or a pass failed: the next check() makes it up. */
  let owed = false;
  let stopped = false;

  function arm() {
    const settings = deps.settings();
    if (!settings.enabled) {
      alarm.clear();
      nextRunAt = null;
      return;
    }
    const at = nextScheduledRun(deps.now(), settings, deps.utcOffsetMs);
    nextRunAt = at;
    alarm.set(at, () => {
      arm();
      void attempt('scheduled');
    });
  }

  function isStale(owner: string): boolean {
    const last = deps.lastPassAt(owner);
    return last === null || deps.now() - last >= DIGEST.staleAfterMs;
  }

  async function attempt(trigger: 'scheduled' | 'check'): Promise<void> {
    if (running || stopped) return;
    const controller = new AbortController();
    running = controller;
    try {
      const readiness = await deps.readiness();
      if (stopped) return;
      if (!readiness.ready) {
        if (trigger === 'scheduled') owed = true;
        skipped = readiness.reason;
        log.info('digest pass skipped', { trigger, reason: readiness.reason });
        return;
      }
      skipped = null;
      if (trigger === 'check' && !owed && !isStale(readiness.member.email)) return;
      owed = false;
      const result = await deps.runPass(readiness.member, controller.signal);
      // A failure is made up at the next check; a pass stopped on purpose is not.
      if (!result.ok && !controller.signal.aborted) owed = true;
    } catch (error) {
      // A bug, not a failure: nobody awaits a timer's pass, so it is logged here rather than left unhandled.
      log.error('digest: a scheduled pass threw', { error });
      owed = true;
    } finally {
      running = null;
    }
  }

  return {
    async check() {
      if (stopped) return;
      arm();
      if (nextRunAt !== null) await attempt('check');
    },
    status: () => ({ nextRunAt, running: running !== null, skipped }),
    stop() {
      stopped = true;
      alarm.clear();
      nextRunAt = null;
      running?.abort();
    },
  };
}
