import { writeFileSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import type { Lang } from '../../../shared/lang';
import type { Logger } from '../log/logger';
import { needsCheckMarker } from './integrity-check';
import { STORE_TEXTS } from './store-texts';

export type IntegrityVerdict = 'ok' | 'damaged' | 'unavailable';

/** What integrity-check-worker.ts is started with. */
export interface IntegrityWorkerData {
  file: string;
}

/** What integrity-check-worker.ts posts back, once. */
export type IntegrityWorkerReport =
  | { verdict: 'ok' }
  | { verdict: 'damaged'; problem: string }
  | { verdict: 'unavailable'; code: string | undefined };

export interface BackgroundIntegrityDeps {
  file: string;
  /** Starts integrity-check-worker.ts as a worker thread with `workerData` (the app: electron-vite's `?nodeWorker`). */
  startWorker: (workerData: IntegrityWorkerData) => Worker;
  /** A desktop notice: the member hears of the damage even with the window hidden in the tray. */
  notify: (notice: { title: string; body: string }) => void;
  /** The member's language when the check ends (they may have changed it while it ran). */
  lang: () => Lang;
  log: Logger;
}

/**
 * The whole-file check openDatabase leaves out of the start path, run on a worker thread. Damage is logged, marked
 * beside the database (so the next open checks the whole file and offers the recovery dialog) and told to the
 * member. Never rejects: a check that could not run is 'unavailable', and logged.
 */
export async function checkIntegrityInBackground(deps: BackgroundIntegrityDeps): Promise<IntegrityVerdict> {
  const { file, log } = deps;
  const report = await runWorker(deps);
  if (report.verdict === 'ok') {
    log.info('database check passed', { file });
    return 'ok';
  }
  if (report.verdict === 'unavailable') {
    log.warn('database could not be checked in the background', { file, code: report.code });
    return 'unavailable';
  }
  log.error('database file is damaged', { file, problem: report.problem });
  try {
    writeFileSync(needsCheckMarker(file), `${report.problem}\n`);
  } catch (error) {
    log.error('could not mark the damaged database for a full check at the next start', { file, error });
  }
  deps.notify(STORE_TEXTS[deps.lang()].damageNotice);
  return 'damaged';
}

const NO_REPORT: IntegrityWorkerReport = { verdict: 'unavailable', code: undefined };

function runWorker(deps: BackgroundIntegrityDeps): Promise<IntegrityWorkerReport> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = deps.startWorker({ file: deps.file });
    } catch (error) {
      deps.log.warn('the background database check could not start', { error });
      resolve(NO_REPORT);
      return;
    }
    // The app never waits for this check: it must not keep a quitting process alive.
    worker.unref();
    worker.once('message', (report: IntegrityWorkerReport) => resolve(report));
    worker.once('error', (error) => {
      deps.log.warn('the background database check failed', { error });
      resolve(NO_REPORT);
    });
    // Only the first settles the promise: this covers a worker that ends without a report.
    worker.once('exit', () => resolve(NO_REPORT));
  });
}
