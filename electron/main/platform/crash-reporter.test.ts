import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CRASH_REPORTS } from '../../../shared/limits';

const electron = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  const app = Object.assign(new EventEmitter(), {
    isReady: vi.fn(() => false),
    getPath: vi.fn((name: string) => `/home/ana/.config/Staff Desk/${name === 'crashDumps' ? 'Crashpad' : name}`),
  });
  // Whether the app was ready when the reporter started: Electron watches only the processes made after.
  const readyAtStart: boolean[] = [];
  const crashReporter = { start: vi.fn(() => void readyAtStart.push(app.isReady())) };
  return { app, crashReporter, readyAtStart };
});
vi.mock('electron', () => electron);

const { startCrashReporter } = await import('./crash-reporter');

beforeEach(() => {
  electron.app.removeAllListeners();
  electron.readyAtStart.length = 0;
  vi.clearAllMocks();
});

describe('RD3 the crash reporter', () => {
  it('RD3 starts before the app is ready, keeping minidumps in the crash dumps folder and uploading nothing itself', () => {
    const reporting = startCrashReporter();
    expect(electron.crashReporter.start).toHaveBeenCalledExactlyOnceWith({ uploadToServer: false });
    expect(electron.readyAtStart).toEqual([false]);
    expect(reporting.folder()).toBe('/home/ana/.config/Staff Desk/Crashpad');
    expect(electron.app.getPath).toHaveBeenCalledWith('crashDumps');
  });

  it("RD3 notes this session's processes that died, not those that finished their work", () => {
    let clock = Date.parse('2026-12-04T09:30:00.000Z');
    const reporting = startCrashReporter(() => clock);
    electron.app.emit('render-process-gone', {}, {}, { reason: 'crashed', exitCode: 11 });
    clock += 1000;
    electron.app.emit('child-process-gone', {}, { type: 'GPU', reason: 'oom', exitCode: -536870904 });
    electron.app.emit('child-process-gone', {}, { type: 'Utility', reason: 'clean-exit', exitCode: 0 });
    expect(reporting.gone()).toEqual([
      { at: Date.parse('2026-12-04T09:30:00.000Z'), type: 'renderer', reason: 'crashed', exitCode: 11 },
      { at: Date.parse('2026-12-04T09:30:01.000Z'), type: 'GPU', reason: 'oom', exitCode: -536870904 },
    ]);
  });

  it(`RD3 keeps the latest ${CRASH_REPORTS.listInDiagnostics} of them`, () => {
    const reporting = startCrashReporter();
    const codes = Array.from({ length: CRASH_REPORTS.listInDiagnostics + 2 }, (_, n) => n + 1);
    for (const exitCode of codes) electron.app.emit('render-process-gone', {}, {}, { reason: 'crashed', exitCode });
    expect(reporting.gone().map((process) => process.exitCode)).toEqual(codes.slice(2));
  });
});
