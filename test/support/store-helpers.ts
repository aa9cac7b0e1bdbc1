import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { onTestFinished } from 'vitest';
import type { StoreOpenResult } from '../../electron/main/store/open-database';

/** Test-only: a private folder for one test's database files, removed when the test ends. */
export function makeTempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'staff-desk-store-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Test-only: the database an open was expected to give, closed when the test ends. */
export function expectOpened(result: StoreOpenResult): Database.Database {
  if (!result.ok) throw new Error(`expected the database to open, got ${result.error.kind}: ${result.error.message}`);
  onTestFinished(() => {
    result.db.close();
  });
  return result.db;
}
