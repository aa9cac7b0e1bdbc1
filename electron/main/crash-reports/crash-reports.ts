import { readFile } from 'node:fs/promises';
import type Database from 'better-sqlite3';
import { crashServerOrigin, sendsCrashReports, type RecentCrashes } from '../../../shared/crash-reports';
import { CRASH_REPORTS } from '../../../shared/limits';
import { APP_TITLE } from '../../../shared/product';
import type { Settings } from '../../../shared/settings';
import type { Logger } from '../log/logger';
import type { Sleep } from '../timers/sleep';
import { deleteDump, listDumps, type CrashDump } from './crash-dumps';
import { createCrashUploadStore } from './crash-upload-store';
import { sendDump, type CrashServer } from './send-dump';

export interface CrashReportsDeps {
  /** Crashpad's database (Electron's `crashDumps` path); null where there is no crash reporter (the harness). */
  folder: string | null;
  db: Database.Database;
  /** The settings in effect: the member's with the machine policy's over them. */
  settings: () => Settings;
  /** The app's version and the system, sent beside each minidump. */
  appInfo: { version: string; platform: string };
  fetch: typeof fetch;
  sleep: Sleep;
  now: () => number;
  log: Logger;
  /** Each upload's bound; CRASH_REPORTS.uploadTimeoutMs unless a test sets its own. */
  uploadTimeoutMs?: number;
}

export interface CrashReports {
  /** Tidies the folder, and sends what was not sent when sending is on: at start, and when the setting changes. */
  pass(): Promise<void>;
  /** Sending was switched, or its server changed: what is on its way stops, and a pass follows the new setting. */
  settingChanged(): void;
  /** The newest minidumps on this computer, for the diagnostics. */
  recent(): Promise<RecentCrashes>;
  close(): void;
}

/**
 * Crash reports (issue 29, RD3). Electron's crash reporter writes every minidump here and never uploads (its server
 * address cannot change once started): the app sends them itself, each once, only while the member or the policy has
 * sending on, and over https only (the setting's schema). It keeps the newest CRASH_REPORTS.keepDumps, sent or not.
 * Nothing here ever throws into the app: a crash report that cannot be read or sent is logged and kept. The log names
 * the server by its origin, since its path or query may carry a token.
 */
export function createCrashReports(deps: CrashReportsDeps): CrashReports {
  const uploads = createCrashUploadStore(deps.db);
  const lifetime = new AbortController();
  let current = new AbortController();
  let running: Promise<void> | null = null;
  let again = false;

  const dumps = async (): Promise<CrashDump[]> => (deps.folder === null ? [] : listDumps(deps.folder));

  /** Deletes all but the newest, and forgets sent dumps that are gone; answers what is kept. */
  async function tidy(): Promise<CrashDump[]> {
    const all = await dumps();
    const kept = all.slice(0, CRASH_REPORTS.keepDumps);
    for (const old of all.slice(CRASH_REPORTS.keepDumps)) {
      await deleteDump(old).catch((error: unknown) => deps.log.warn('crash reports: an old minidump could not be deleted', { dump: old.id, error }));
    }
    uploads.keepOnly(kept.map((dump) => dump.id));
    return kept;
  }

  async function send(dump: CrashDump, server: CrashServer, signal: AbortSignal): Promise<'next' | 'stop'> {
    const origin = crashServerOrigin(server.url);
    if (dump.bytes > CRASH_REPORTS.dumpMaxBytes) {
      deps.log.warn('crash reports: a minidump too large to send is kept here', { dump: dump.id, bytes: dump.bytes });
      return 'next';
    }
    const bytes = await readFile(dump.file).catch(() => null);
    // Deleted meanwhile (Crashpad's own cleanup, the member): nothing to send.
    if (bytes === null) return 'next';
    const sent = await sendDump(
      { id: dump.id, bytes: new Uint8Array(bytes) },
      server,
      { fetch: deps.fetch, sleep: deps.sleep, now: deps.now, ...(deps.uploadTimeoutMs === undefined ? {} : { timeoutMs: deps.uploadTimeoutMs }) },
      signal,
    );
    switch (sent.kind) {
      case 'sent':
        uploads.record(dump.id, deps.now());
        deps.log.info('crash reports: a minidump was sent', { dump: dump.id, server: origin, bytes: dump.bytes });
        return 'next';
      case 'refused':
        deps.log.warn('crash reports: the server refused a minidump; it is kept here', { dump: dump.id, server: origin, status: sent.status });
        return 'next';
      case 'failed':
        // The server is out of reach or busy: the others would fare no better now.
        deps.log.warn('crash reports: the server could not be reached; the minidumps wait for the next start', {
          dump: dump.id,
          server: origin,
          reason: sent.reason,
          status: sent.status ?? null,
        });
        return 'stop';
      case 'cancelled':
        return 'stop';
    }
  }

  async function runPass(signal: AbortSignal): Promise<void> {
    const kept = await tidy();
    const setting = deps.settings().crashReports;
    if (!sendsCrashReports(setting)) return;
    const server: CrashServer = { url: setting.url, fields: { prod: APP_TITLE, ver: deps.appInfo.version, platform: deps.appInfo.platform } };
    const sent = uploads.all();
    // The oldest first: the server sees the crashes in the order they happened.
    for (const dump of kept.filter(({ id }) => !sent.has(id)).reverse()) {
      if (signal.aborted || (await send(dump, server, signal)) === 'stop') return;
    }
  }

  /** One pass at a time; a call during one runs another after it, with the settings of that moment. */
  function pass(): Promise<void> {
    if (lifetime.signal.aborted) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        current = new AbortController();
        await runPass(AbortSignal.any([current.signal, lifetime.signal])).catch((error: unknown) =>
          deps.log.error('crash reports: the pass failed', { error }),
        );
      } while (again && !lifetime.signal.aborted);
      running = null;
    })();
    return running;
  }

  return {
    pass,
    settingChanged() {
      current.abort();
      void pass();
    },
    async recent() {
      const all = await dumps().catch(() => []);
      const sent = uploads.all();
      return {
        dumps: all.slice(0, CRASH_REPORTS.listInDiagnostics).map((dump) => ({ at: dump.at, bytes: dump.bytes, uploadedAt: sent.get(dump.id) ?? null })),
        kept: all.length,
      };
    },
    close() {
      lifetime.abort();
    },
  };
}
