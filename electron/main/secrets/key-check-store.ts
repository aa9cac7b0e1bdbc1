import type Database from 'better-sqlite3';
import { keyCheckSchema, type KeyCheck } from '../../../shared/secrets';

/**
 * The Gemini key's last check, kept in the `settings` table beside what the member chose: it describes their key
 * setting, and survives a restart with it. Its row name is dotted, which no settings section (an identifier) can
 * ever be, so the settings store never reads it as one of its own.
 */
const ROW = 'gemini.keyCheck';

export interface KeyCheckStore {
  /** null when the stored key was never checked, or the row cannot be read (then it is as good as unchecked). */
  get(): KeyCheck | null;
  set(check: KeyCheck): void;
  /** The key is gone or replaced without a check: what was known about the old one says nothing now. */
  clear(): void;
}

export function createKeyCheckStore(db: Database.Database): KeyCheckStore {
  const select = db.prepare<[string], string>('SELECT value FROM settings WHERE key = ?').pluck();
  const upsert = db.prepare<[string, string]>(
    `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  );
  const remove = db.prepare<[string]>('DELETE FROM settings WHERE key = ?');

  return {
    get() {
      const raw = select.get(ROW);
      if (raw === undefined) return null;
      // The table only holds valid JSON; a shape this version cannot read is as good as no check.
      const parsed = keyCheckSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    },
    set(check) {
      upsert.run(ROW, JSON.stringify(keyCheckSchema.parse(check)));
    },
    clear() {
      remove.run(ROW);
    },
  };
}
