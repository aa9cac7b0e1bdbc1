import { existsSync, mkdirSync, renameSync, rmSync, symlinkSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CRASH_REPORTS } from '../../../shared/limits';
import { DEFAULT_SETTINGS, type Settings } from '../../../shared/settings';
import { startCrashServerDouble, type CrashServerDouble } from '../../../test/doubles/crash-server-double';
import { expectOpened, makeTempDir } from '../../../test/support/store-helpers';
import { createMemoryLogger } from '../log/logger';
import { openDatabase } from '../store/open-database';
import { createCrashReports, type CrashReports } from './crash-reports';

/** The team's server as the member typed it: https, a token in its query. Requests reach the double instead. */
const SERVER = 'https://crashes.example.com/api/7/minidump/?sentry_key=team0secret0token';
const DAY_MS = 24 * 60 * 60 * 1000;
const START = Date.parse('2026-12-01T09:00:00Z');

let server: CrashServerDouble;
beforeAll(async () => {
  server = await startCrashServerDouble();
});
afterAll(() => server.close());

const services: CrashReports[] = [];
afterEach(() => {
  for (const service of services.splice(0)) service.close();
  server.reset();
});

const dumpText = (id: string) => `MDMP minidump of ${id}`;
const bytesOf = (id: string) => Buffer.byteLength(dumpText(id));

/** A Crashpad database with a minidump per entry, in the folder it names, written `day` days after START. */
function crashpadFolder(dumps: Array<{ id: string; in: 'new' | 'pending' | 'completed' | 'reports'; day: number; meta?: boolean }>) {
  const folder = makeTempDir();
  for (const dump of dumps) {
    mkdirSync(join(folder, dump.in), { recursive: true });
    const file = join(folder, dump.in, `${dump.id}.dmp`);
    writeFileSync(file, dumpText(dump.id));
    if (dump.meta) writeFileSync(join(folder, dump.in, `${dump.id}.meta`), 'meta');
    const at = new Date(START + dump.day * DAY_MS);
    utimesSync(file, at, at);
  }
  return folder;
}

function setup(folder: string, crashReports: Settings['crashReports'] = { upload: true, url: SERVER }, options: { uploadTimeoutMs?: number } = {}) {
  let settings: Settings = { ...DEFAULT_SETTINGS, crashReports };
  const waits: number[] = [];
  const log = createMemoryLogger();
  const service = createCrashReports({
    folder,
    db: expectOpened(openDatabase(join(makeTempDir(), 'app.db'))),
    settings: () => settings,
    appInfo: { version: '1.4.0', platform: 'win32' },
    fetch: (url, init) => fetch(String(url).replace('https://crashes.example.com', server.baseUrl), init),
    sleep: async (ms) => {
      waits.push(ms);
    },
    now: () => START + 30 * DAY_MS,
    log,
    ...options,
  });
  services.push(service);
  return {
    service,
    waits,
    log,
    change(next: Settings['crashReports']) {
      settings = { ...settings, crashReports: next };
      service.settingChanged();
    },
  };
}

const sentDumps = () => server.uploads.map((upload) => upload.minidump?.fileName);

describe('RD3 crash reports stay here unless sending is on', () => {
  it('RD3 sends nothing while sending is off, the default, and keeps every minidump on this computer', async () => {
    const folder = crashpadFolder([{ id: 'a1', in: 'pending', day: 1 }]);
    const { service } = setup(folder, DEFAULT_SETTINGS.crashReports);
    await service.pass();
    expect(server.requests).toHaveLength(0);
    expect(existsSync(join(folder, 'pending', 'a1.dmp'))).toBe(true);
    expect(await service.recent()).toEqual({ dumps: [{ at: START + DAY_MS, bytes: bytesOf('a1'), uploadedAt: null }], kept: 1 });
  });

  it('RD3 sends nothing when sending is on with no server', async () => {
    const { service } = setup(crashpadFolder([{ id: 'a1', in: 'pending', day: 1 }]), { upload: true, url: null });
    await service.pass();
    expect(server.uploads).toEqual([]);
  });
});

describe('RD3 sending crash reports to the team’s server', () => {
  it('RD3 sends each finished minidump once, the oldest first, as Crashpad servers take it; never one being written', async () => {
    const folder = crashpadFolder([
      { id: 'b2', in: 'completed', day: 2 },
      { id: 'a1', in: 'pending', day: 1 },
      { id: 'c3', in: 'reports', day: 3 },
      { id: 'writing', in: 'new', day: 4 },
    ]);
    const { service } = setup(folder);
    await service.pass();

    expect(sentDumps()).toEqual(['a1.dmp', 'b2.dmp', 'c3.dmp']);
    expect(server.uploads[0]).toEqual({
      method: 'POST',
      path: '/api/7/minidump/',
      fields: { prod: 'Staff Desk', ver: '1.4.0', platform: 'win32' },
      minidump: { fileName: 'a1.dmp', text: dumpText('a1') },
    });
    expect(server.requests[0]?.query).toEqual({ sentry_key: 'team0secret0token' });

    // The next start sends nothing again, and the diagnostics say when each went.
    await service.pass();
    expect(server.uploads).toHaveLength(3);
    const sentAt = START + 30 * DAY_MS;
    expect((await service.recent()).dumps).toEqual([
      { at: START + 3 * DAY_MS, bytes: bytesOf('c3'), uploadedAt: sentAt },
      { at: START + 2 * DAY_MS, bytes: bytesOf('b2'), uploadedAt: sentAt },
      { at: START + DAY_MS, bytes: bytesOf('a1'), uploadedAt: sentAt },
    ]);
  });

  it('RD3 sends what was kept once the member turns sending on', async () => {
    const { service, change } = setup(crashpadFolder([{ id: 'a1', in: 'pending', day: 1 }]), { upload: false, url: SERVER });
    await service.pass();
    expect(server.uploads).toEqual([]);
    change({ upload: true, url: SERVER });
    await service.pass();
    expect(sentDumps()).toEqual(['a1.dmp']);
  });

  it.each([
    ['429 with Retry-After', { status: 429, retryAfter: '3' }, 3_000],
    ['503', { status: 503 }, CRASH_REPORTS.retryBaseMs],
    ['a reset connection', 'reset', CRASH_REPORTS.retryBaseMs],
  ] as const)('RD3 tries again after %s, and sends the minidump once', async (_what, fault, wait) => {
    server.script(fault);
    const { service, waits } = setup(crashpadFolder([{ id: 'a1', in: 'pending', day: 1 }]));
    await service.pass();
    expect(sentDumps()).toEqual(['a1.dmp', 'a1.dmp']);
    expect(waits).toEqual([wait]);
    await service.pass();
    expect(server.uploads).toHaveLength(2);
  });

  it('RD3 gives up on a server that does not answer in time, and tries again', async () => {
    server.script('hang');
    const { service, log } = setup(crashpadFolder([{ id: 'a1', in: 'pending', day: 1 }]), undefined, { uploadTimeoutMs: 100 });
    await service.pass();
    expect(sentDumps()).toEqual(['a1.dmp', 'a1.dmp']);
    expect(log.lines.some((line) => line.includes('crash reports: a minidump was sent'))).toBe(true);
  });

  it(`RD3 stops after ${CRASH_REPORTS.uploadAttempts} tries at a failing server, keeps everything, and sends it at the next pass`, async () => {
    server.script({ status: 500 }, { status: 502 }, { status: 503 });
    const { service, waits } = setup(crashpadFolder([{ id: 'a1', in: 'pending', day: 1 }, { id: 'b2', in: 'pending', day: 2 }]));
    await service.pass();
    expect(sentDumps()).toEqual(['a1.dmp', 'a1.dmp', 'a1.dmp']);
    expect(waits).toEqual([CRASH_REPORTS.retryBaseMs, CRASH_REPORTS.retryBaseMs * 2]);
    expect((await service.recent()).dumps.map((dump) => dump.uploadedAt)).toEqual([null, null]);

    await service.pass();
    expect(sentDumps().slice(3)).toEqual(['a1.dmp', 'b2.dmp']);
  });

  it('RD3 waits for the next pass when the server asks for longer than it may wait', async () => {
    server.script({ status: 429, retryAfter: String(CRASH_REPORTS.retryAfterMaxMs / 1000 + 1) });
    const { service, waits } = setup(crashpadFolder([{ id: 'a1', in: 'pending', day: 1 }]));
    await service.pass();
    expect(server.uploads).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('RD3 counts a minidump the server took as sent even when its answer is cut short, so it is never sent twice', async () => {
    server.script('cut');
    const { service } = setup(crashpadFolder([{ id: 'a1', in: 'pending', day: 1 }]));
    await service.pass();
    await service.pass();
    expect(sentDumps()).toEqual(['a1.dmp']);
  });

  it('RD3 takes a refusal or a redirect as the answer for that minidump: not retried, never followed, the next one still sent', async () => {
    server.script({ status: 400 }, 'redirect');
    const { service, waits } = setup(crashpadFolder([{ id: 'a1', in: 'pending', day: 1 }, { id: 'b2', in: 'pending', day: 2 }, { id: 'c3', in: 'pending', day: 3 }]));
    await service.pass();
    expect(sentDumps()).toEqual(['a1.dmp', 'b2.dmp', 'c3.dmp']);
    expect(waits).toEqual([]);
    expect((await service.recent()).dumps.map((dump) => dump.uploadedAt !== null)).toEqual([true, false, false]);
  });

  it('RD3 stops sending the moment the member turns it off', async () => {
    server.script('hang');
    const { service, change } = setup(crashpadFolder([{ id: 'a1', in: 'pending', day: 1 }, { id: 'b2', in: 'pending', day: 2 }]));
    const passing = service.pass();
    await vi.waitFor(() => expect(server.uploads).toHaveLength(1));
    change({ upload: false, url: SERVER });
    await passing;
    await vi.waitFor(() => expect(server.requests[0]?.aborted).toBe(true));
    expect(server.uploads).toHaveLength(1);
    expect((await service.recent()).dumps.every((dump) => dump.uploadedAt === null)).toBe(true);
  });

  it("RD3 names the server by its origin in the log, never its path or query (they may carry a token)", async () => {
    server.script({ status: 400 });
    const { service, log } = setup(crashpadFolder([{ id: 'a1', in: 'pending', day: 1 }, { id: 'b2', in: 'pending', day: 2 }]));
    await service.pass();
    const logged = log.lines.join('\n');
    expect(logged).toContain('https://crashes.example.com');
    expect(logged).not.toContain('team0secret0token');
    expect(logged).not.toContain('/api/7/minidump');
  });
});

describe('RD3 the minidumps kept on this computer', () => {
  it(`RD3 keeps the newest ${CRASH_REPORTS.keepDumps}, sent or not, and deletes the rest with their metadata`, async () => {
    const count = CRASH_REPORTS.keepDumps + 2;
    const folder = crashpadFolder(Array.from({ length: count }, (_, day) => ({ id: `d${day}`, in: 'completed' as const, day, meta: true })));
    const { service } = setup(folder, DEFAULT_SETTINGS.crashReports);
    await service.pass();
    expect(existsSync(join(folder, 'completed', 'd0.dmp'))).toBe(false);
    expect(existsSync(join(folder, 'completed', 'd0.meta'))).toBe(false);
    expect(existsSync(join(folder, 'completed', 'd1.dmp'))).toBe(false);
    expect(existsSync(join(folder, 'completed', 'd2.dmp'))).toBe(true);
    expect(await service.recent()).toMatchObject({ kept: CRASH_REPORTS.keepDumps });
    expect((await service.recent()).dumps).toHaveLength(CRASH_REPORTS.listInDiagnostics);
  });

  it('RD3 keeps a minidump too large to send here, without reading it', async () => {
    const folder = crashpadFolder([{ id: 'huge', in: 'pending', day: 1 }]);
    truncateSync(join(folder, 'pending', 'huge.dmp'), CRASH_REPORTS.dumpMaxBytes + 1);
    const { service } = setup(folder);
    await service.pass();
    expect(server.uploads).toEqual([]);
    expect(existsSync(join(folder, 'pending', 'huge.dmp'))).toBe(true);
  });

  it('RD3 sends only regular files: a link named like a minidump is not one', async () => {
    const folder = crashpadFolder([]);
    const private_ = join(makeTempDir(), 'id_ed25519');
    writeFileSync(private_, 'PRIVATE KEY');
    mkdirSync(join(folder, 'pending'));
    symlinkSync(private_, join(folder, 'pending', 'link.dmp'));
    const { service } = setup(folder);
    await service.pass();
    expect(server.uploads).toEqual([]);
    expect(await service.recent()).toEqual({ dumps: [], kept: 0 });
  });

  it('RD3 takes a folder it cannot read for a problem, not for empty: what was sent is never sent again', async () => {
    const folder = crashpadFolder([{ id: 'a1', in: 'completed', day: 1 }]);
    const { service, log } = setup(folder);
    await service.pass();
    // For a moment, where the sent dump lives cannot be read.
    renameSync(join(folder, 'completed'), join(folder, 'away'));
    writeFileSync(join(folder, 'completed'), 'not a folder');
    await service.pass();
    expect(log.lines.some((line) => line.includes('crash reports: the pass failed'))).toBe(true);
    rmSync(join(folder, 'completed'));
    renameSync(join(folder, 'away'), join(folder, 'completed'));
    await service.pass();
    expect(sentDumps()).toEqual(['a1.dmp']);
  });

  it('RD3 lists nothing, and sends nothing, where the crash reporter never ran', async () => {
    const { service } = setup(join(makeTempDir(), 'Crashpad'));
    await service.pass();
    expect(await service.recent()).toEqual({ dumps: [], kept: 0 });
    expect(server.requests).toHaveLength(0);
  });
});
