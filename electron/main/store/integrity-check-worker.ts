import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { IntegrityWorkerData, IntegrityWorkerReport } from './background-integrity-check';
import { checkWholeFile } from './integrity-check';
import { classifyOpenFailure } from './open-error';

/**
 * Worker thread entry, started by checkIntegrityInBackground: SQLite's quick_check of the whole database on a
 * read-only connection of its own, so the seconds it takes on a large file never hold up the main process.
 */
function check({ file }: IntegrityWorkerData): IntegrityWorkerReport {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const outcome = checkWholeFile(db);
    return outcome.ok ? { verdict: 'ok' } : { verdict: 'damaged', problem: outcome.problem };
  } catch (error) {
    // Bad enough damage makes SQLite fail the read instead of listing what it found.
    const failure = classifyOpenFailure(error, file);
    if (!failure) throw error;
    return failure.kind === 'corrupt'
      ? { verdict: 'damaged', problem: error instanceof Error ? error.message : failure.message }
      : { verdict: 'unavailable', code: failure.code };
  } finally {
    db?.close();
  }
}

if (!parentPort) throw new Error('integrity-check-worker runs only as a worker thread (checkIntegrityInBackground).');
parentPort.postMessage(check(workerData as IntegrityWorkerData));
