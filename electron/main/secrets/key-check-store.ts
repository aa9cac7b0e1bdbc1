import type Database from 'better-sqlite3';
import { keyCheckSchema, type KeyCheck } from '../../../shared/secrets';
import { settingsRow } from '../settings/settings-row';

/** The Gemini key's last check, kept beside what the member chose: it describes their key setting, and survives a restart with it. */
export interface KeyCheckStore {
  /** null when the stored key was never checked, or the row cannot be read (then it is as good as unchecked). */
  get(): KeyCheck | null;
  set(check: KeyCheck): void;
  /** The key is gone or replaced without a check: what was known about the old one says nothing now. */
  clear(): void;
}

export function createKeyCheckStore(db: Database.Database): KeyCheckStore {
  return settingsRow(db, 'gemini.keyCheck', keyCheckSchema);
}
