import type Database from 'better-sqlite3';

/** Which minidumps went to the crash server, and when (`crash_uploads`, store/migrations.ts v9): each is sent once. */
export interface CrashUploadStore {
  /** Report id to epoch milliseconds. */
  all(): Map<string, number>;
  record(id: string, at: number): void;
  /** Forgets the dumps that are no longer on this computer. */
  keepOnly(ids: readonly string[]): void;
}

export function createCrashUploadStore(db: Database.Database): CrashUploadStore {
  const select = db.prepare('SELECT dump, uploaded_at FROM crash_uploads');
  const insert = db.prepare('INSERT INTO crash_uploads (dump, uploaded_at) VALUES (?, ?) ON CONFLICT (dump) DO NOTHING');
  const remove = db.prepare('DELETE FROM crash_uploads WHERE dump = ?');
  return {
    all: () => new Map((select.all() as Array<{ dump: string; uploaded_at: number }>).map((row) => [row.dump, row.uploaded_at])),
    record: (id, at) => void insert.run(id, at),
    keepOnly(ids) {
      const kept = new Set(ids);
      db.transaction(() => {
        for (const id of (select.all() as Array<{ dump: string }>).map((row) => row.dump)) if (!kept.has(id)) remove.run(id);
      })();
    },
  };
}
