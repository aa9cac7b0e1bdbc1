import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { checkKeptData, checkWholeFile, needsCheckMarker } from './integrity-check';
import { applyMigrations, latestVersion, readUserVersion } from './migrate';
import { appMigrations, type Migration } from './migrations';
import { classifyOpenFailure, storeOpenError, type StoreOpenError } from './open-error';

export type { StoreOpenError } from './open-error';

export type StoreOpenResult = { ok: true; db: Database.Database } | { ok: false; error: StoreOpenError };

/** Short, so that a file another program holds fails at start with a clear message instead of a frozen window. */
const BUSY_TIMEOUT_MS = 2000;

/**
 * Opens (creating it and its folder if needed) the app's one SQLite file: WAL, foreign keys on, migrated to
 * the last of `migrations`. A damaged, locked, newer or unwritable file is a returned error; only bugs throw
 * (including a migration whose SQL is wrong). Damage is looked for in the member's data, not in the knowledge
 * index (checkIntegrityInBackground covers the whole file after start), unless that background check left
 * its marker: then the whole file is checked here, and the marker removed once it passes.
 */
export function openDatabase(file: string, options: { migrations?: readonly Migration[] } = {}): StoreOpenResult {
  const migrations = options.migrations ?? appMigrations;
  let db: Database.Database;
  try {
    mkdirSync(dirname(file), { recursive: true });
    db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
  } catch (error) {
    return failure(error, file);
  }
  try {
    const result = prepare(db, file, migrations);
    if (!result.ok) db.close();
    return result;
  } catch (error) {
    db.close();
    return failure(error, file);
  }
}

function prepare(db: Database.Database, file: string, migrations: readonly Migration[]): StoreOpenResult {
  // Read before writing anything: a file from a newer version must be left exactly as it was.
  if (readUserVersion(db) > latestVersion(migrations)) return { ok: false, error: storeOpenError('newer', file) };
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  // Damage found now can be offered as "start fresh"; found later it is an unexplained failure mid-task.
  const marker = needsCheckMarker(file);
  const wholeFile = existsSync(marker);
  const check = wholeFile ? checkWholeFile(db) : checkKeptData(db);
  if (!check.ok) return { ok: false, error: storeOpenError('corrupt', file) };
  if (wholeFile) rmSync(marker, { force: true });
  // Migrations write only when one is pending: take the write lock once so a file held by another writer
  // is reported now rather than at the first save.
  db.transaction(() => undefined).immediate();
  applyMigrations(db, migrations);
  return { ok: true, db };
}

function failure(error: unknown, file: string): StoreOpenResult {
  const classified = classifyOpenFailure(error, file);
  if (!classified) throw error;
  return { ok: false, error: classified };
}
