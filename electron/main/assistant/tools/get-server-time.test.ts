import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../log/logger';
import { testToolContext } from '../../../../test/support/assistant/assistant-kit';
import { createToolRegistry } from '../tool-registry';
import { createGetServerTimeTool } from './get-server-time';

async function askTime(instant: string, memberTimeZone: string) {
  const tool = createGetServerTimeTool({ now: () => Date.parse(instant), memberTimeZone: () => memberTimeZone });
  const registry = createToolRegistry([tool], createMemoryLogger());
  const ran = await registry.run({ name: 'get_server_time', args: {} }, testToolContext(), new AbortController().signal);
  return ran.response;
}

describe('G7 get_server_time: Ulaanbaatar time, and the member’s own', () => {
  it('gives noon in Ulaanbaatar for 04:00 UTC, and the same instant on the member’s clock', async () => {
    expect(await askTime('2026-12-01T04:00:00Z', 'Europe/Madrid')).toEqual({
      output: {
        instant: '2026-12-01T04:00:00.000Z',
        server: {
          timeZone: 'Asia/Ulaanbaatar',
          local: '2026-12-01T12:00:00+08:00',
          date: '2026-12-01',
          time: '12:00',
          weekday: 'Tuesday',
          utcOffset: '+08:00',
        },
        member: {
          timeZone: 'Europe/Madrid',
          local: '2026-12-01T05:00:00+01:00',
          date: '2026-12-01',
          time: '05:00',
          weekday: 'Tuesday',
          utcOffset: '+01:00',
        },
      },
    });
  });

  it('gives each clock its own date and weekday when they fall on different days', async () => {
    const { output } = (await askTime('2026-12-01T20:30:00Z', 'America/New_York')) as { output: Record<string, unknown> };
    expect(output.server).toMatchObject({ date: '2026-12-02', time: '04:30', weekday: 'Wednesday' });
    expect(output.member).toMatchObject({ date: '2026-12-01', time: '15:30', weekday: 'Tuesday', utcOffset: '-05:00' });
  });

  it('writes the offset of a zone on UTC and of a half-hour zone', async () => {
    const utc = (await askTime('2026-07-01T09:00:00Z', 'UTC')) as { output: { member: { utcOffset: string; time: string } } };
    expect(utc.output.member).toMatchObject({ utcOffset: '+00:00', time: '09:00' });
    const india = (await askTime('2026-07-01T09:00:00Z', 'Asia/Kolkata')) as { output: { member: { utcOffset: string; time: string } } };
    expect(india.output.member).toMatchObject({ utcOffset: '+05:30', time: '14:30' });
  });
});
