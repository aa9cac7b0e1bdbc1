import type Database from 'better-sqlite3';
import type { z } from 'zod';

export interface SettingsRow<T> {
  /** null when the row was never written, or holds a shape this version cannot read (as good as unset). */
  get(): T | null;
  set(value: T): void;
  clear(): void;
}

/**
 * One row of the `settings` table that main keeps for itself beside what the member chose (the Gemini key's last
 * check, the window's place). Its name is dotted, which no settings section (an identifier) can ever be, so the
 * settings store never reads it as one of its own.
 */
export function settingsRow<S extends z.ZodType>(db: Database.Database, key: `${string}.${string}`, schema: S): SettingsRow<z.infer<S>> {
  const select = db.prepare<[string], string>('SELECT value FROM settings WHERE key = ?').pluck();
  const upsert = db.prepare<[string, string]>(
    `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  );
  const remove = db.prepare<[string]>('DELETE FROM settings WHERE key = ?');
  return {
    get() {
      const raw = select.get(key);
      if (raw === undefined) return null;
      // The table only holds valid JSON.
      const parsed = schema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    },
    set(value) {
      upsert.run(key, JSON.stringify(schema.parse(value)));
    },
    clear() {
      remove.run(key);
    },
  };
}
