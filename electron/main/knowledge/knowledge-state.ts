import type Database from 'better-sqlite3';

/** What the knowledge service remembers between runs, in `kb_state`. */
export interface KnowledgeState {
  /** The absolute folder whose notes the index holds, or null before the first pass. */
  folder(): string | null;
  /** ISO 8601 of the last pass that finished for that folder, or null before the first. */
  indexedAt(): string | null;
  /**
   * The index starts holding `folder`'s notes. Another folder than before forgets when the previous one was
   * indexed, so the status line never dates a half-read folder by the last one's pass.
   */
  beginFolder(folder: string): void;
  passFinished(at: string): void;
}

const FOLDER = 'folder';
const INDEXED_AT = 'indexed_at';

export function createKnowledgeState(db: Database.Database): KnowledgeState {
  const select = db.prepare<[string], string>('SELECT value FROM kb_state WHERE key = ?').pluck();
  const upsert = db.prepare<[string, string]>(
    'INSERT INTO kb_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const remove = db.prepare<[string]>('DELETE FROM kb_state WHERE key = ?');
  const read = (key: string): string | null => select.get(key) ?? null;
  const switchFolder = db.transaction((folder: string) => {
    upsert.run(FOLDER, folder);
    remove.run(INDEXED_AT);
  });

  return {
    folder: () => read(FOLDER),
    indexedAt: () => read(INDEXED_AT),
    beginFolder(folder) {
      if (read(FOLDER) !== folder) switchFolder(folder);
    },
    passFinished(at) {
      upsert.run(INDEXED_AT, at);
    },
  };
}
