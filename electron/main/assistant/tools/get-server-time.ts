import { z } from 'zod';
import { ASSISTANT } from '../../../../shared/limits';
import { ok } from '../../../../shared/result';
import { defineTool, type Tool } from '../tool-registry';

/** A moment as it reads on the clocks of one time zone. */
export interface ZoneTime {
  /** IANA name, e.g. "Asia/Ulaanbaatar". */
  timeZone: string;
  /** ISO 8601 with the zone's offset, e.g. "2026-12-01T12:00:00+08:00". */
  local: string;
  /** YYYY-MM-DD. */
  date: string;
  /** HH:MM, 24-hour. */
  time: string;
  /** In English, e.g. "Tuesday". */
  weekday: string;
  /** e.g. "+08:00". */
  utcOffset: string;
}

/**
 * One formatter per zone, made once: building an Intl.DateTimeFormat loads the zone's ICU data and costs far more
 * than formatting with it (about a third of a millisecond each, nine per question in the Assistant's benchmark).
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      weekday: 'long',
      timeZoneName: 'longOffset',
    });
    formats.set(timeZone, format);
  }
  return format;
}

export function zoneTime(instant: number, timeZone: string): ZoneTime {
  const format = formatFor(timeZone);
  const part = Object.fromEntries(format.formatToParts(instant).map(({ type, value }) => [type, value]));
  // ICU writes "GMT+08:00", and plain "GMT" for a zone on UTC in some versions.
  const utcOffset = (part.timeZoneName ?? 'GMT').replace(/^GMT/, '') || '+00:00';
  const date = `${part.year}-${part.month}-${part.day}`;
  const time = `${part.hour}:${part.minute}`;
  return {
    timeZone,
    local: `${date}T${time}:${part.second}${utcOffset}`,
    date,
    time,
    weekday: part.weekday ?? '',
    utcOffset,
  };
}

export interface GetServerTimeDeps {
  /** Epoch milliseconds. */
  now: () => number;
  /** The member's own IANA zone, as their computer is set (it may change while the app runs). */
  memberTimeZone: () => string;
}

/** G7, the seeds' demonstration tool: the time in Ulaanbaatar, and (issue 10) on the member's own clock. */
export function createGetServerTimeTool(deps: GetServerTimeDeps): Tool {
  return defineTool({
    name: 'get_server_time',
    description:
      "The current date and time in Ulaanbaatar (the team's server time) and in the member's own time zone: date, time, weekday and UTC offset for each. Call it for any question about the current time or date.",
    args: z.object({}),
    async execute() {
      const instant = deps.now();
      return ok({
        output: {
          instant: new Date(instant).toISOString(),
          server: zoneTime(instant, ASSISTANT.serverTimeZone),
          member: zoneTime(instant, deps.memberTimeZone()),
        },
      });
    },
  });
}
