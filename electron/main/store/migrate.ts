import type Database from 'better-sqlite3';
import type { Migration } from './migrations';

export function readUserVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

export function latestVersion(migrations: readonly Migration[]): number {
  return migrations.at(-1)?.version ?? 0;
}

/**
 * Brings the file up to the last migration, one transaction per migration: a failing step rolls back to the
 * version before it and leaves the file usable. A failure is rethrown with the migration named and the
 * original error as its cause (whose SQLite code still tells a full disk from a broken migration).
 */
export function applyMigrations(db: Database.Database, migrations: readonly Migration[]): void {
  assertNumberedFromOne(migrations);
  const pending = migrations.filter((migration) => migration.version > readUserVersion(db));
  for (const migration of pending) {
    const step = db.transaction(() => {
      // Checked again under the write lock: another copy of the app may have migrated in the meantime.
      if (readUserVersion(db) >= migration.version) return;
      db.exec(migration.up);
      db.pragma(`user_version = ${migration.version}`);
    });
    try {
      step.immediate();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Database migration ${migration.version} (${migration.name}) failed: ${reason}`, {
        cause: error,
      });
    }
  }
}

function assertNumberedFromOne(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`Migration "${migration.name}" has version ${migration.version}; expected ${index + 1}.`);
    }
  });
}
