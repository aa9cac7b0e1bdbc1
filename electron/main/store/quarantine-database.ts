import { existsSync, renameSync } from 'node:fs';

/** A fresh file must not inherit the old one's log: SQLite would replay it into the new database. */
const COMPANION_SUFFIXES = ['-wal', '-shm', '-journal'] as const;

/**
 * "Start fresh, keeping the damaged file": renames the database and its companions to
 * `<file>.corrupt-<timestamp>` (companions keep their suffix after it, so opening the kept copy for recovery
 * still finds its log) and returns the new path. Call it with the database closed. Throws the file-system
 * error if the main file cannot be renamed, in which case nothing has moved.
 */
export function quarantineDatabase(file: string, now: Date): string {
  // Colons are not allowed in Windows file names.
  const target = `${file}.corrupt-${now.toISOString().replace(/[:.]/g, '-')}`;
  renameSync(file, target);
  for (const suffix of COMPANION_SUFFIXES) {
    if (existsSync(file + suffix)) renameSync(file + suffix, target + suffix);
  }
  return target;
}
