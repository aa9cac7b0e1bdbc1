import { app, crashReporter } from 'electron';
import type { GoneProcess } from '../../../shared/crash-reports';
import { CRASH_REPORTS } from '../../../shared/limits';

/** What the crash reporter gives the core (issue 29, RD3). */
export interface CrashReporting {
  /** Crashpad's database, where every minidump is written. */
  folder(): string;
  /** The app's processes that ended badly since it started, the oldest first (the latest few). */
  gone(): readonly GoneProcess[];
}

/**
 * Electron's crash reporter (RD3), started before the app is ready, so it watches every process the app makes: it
 * keeps a minidump of each crash in the crash dumps folder and uploads nothing (its server could not follow the
 * setting, which it cannot change once started: crash-reports/ sends them, with the member's consent). It also notes
 * the processes that died this session: a renderer that crashed leaves a line in the diagnostics even when its
 * minidump is not the app's to read yet.
 */
export function startCrashReporter(now: () => number = Date.now): CrashReporting {
  crashReporter.start({ uploadToServer: false });
  const gone: GoneProcess[] = [];
  const note = (type: string, details: { reason: string; exitCode: number }) => {
    // A helper process that finished its work is not a crash.
    if (details.reason === 'clean-exit') return;
    gone.push({ at: now(), type, reason: details.reason, exitCode: details.exitCode });
    gone.splice(0, Math.max(0, gone.length - CRASH_REPORTS.listInDiagnostics));
  };
  app.on('render-process-gone', (_event, _contents, details) => note('renderer', details));
  app.on('child-process-gone', (_event, details) => note(details.type, details));
  return {
    folder: () => app.getPath('crashDumps'),
    gone: () => [...gone],
  };
}
