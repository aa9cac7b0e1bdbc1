import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHORTCUTS } from '../../../shared/shortcuts';
import { expectOpened, makeTempDir } from '../../../test/support/store-helpers';
import { createSettingsStore } from '../settings/settings-store';
import { appMigrations } from '../store/migrations';
import { openDatabase } from '../store/open-database';

/** A data folder as the version before the shortcuts section left it, with the voice settings the member saved. */
function storedBeforeShortcuts(voice: object): string {
  const file = join(makeTempDir(), 'staff-desk.sqlite3');
  const before = appMigrations.filter((migration) => migration.version < 6);
  const db = openDatabase(file, { migrations: before });
  if (!db.ok) throw new Error(db.error.message);
  db.db.prepare(`INSERT INTO settings (key, value, updated_at) VALUES ('voice', ?, '2026-11-01T09:00:00.000Z')`).run(JSON.stringify(voice));
  db.db.close();
  return file;
}

describe('the push-to-talk shortcut a member chose before shortcuts had their own section', () => {
  it('is kept, with the rest of their voice settings', () => {
    const file = storedBeforeShortcuts({ spokenAnswers: false, voiceName: 'Puck', microphoneId: null, shortcut: 'Control+Alt+K' });
    const settings = createSettingsStore(expectOpened(openDatabase(file))).get();
    expect(settings.shortcuts).toEqual({ ...DEFAULT_SHORTCUTS, pushToTalk: 'Control+Alt+K' });
    expect(settings.voice).toEqual({ spokenAnswers: false, voiceName: 'Puck', microphoneId: null });
  });

  it('stays off when they had turned it off', () => {
    const file = storedBeforeShortcuts({ spokenAnswers: true, voiceName: 'Kore', microphoneId: null, shortcut: null });
    expect(createSettingsStore(expectOpened(openDatabase(file))).get().shortcuts.pushToTalk).toBeNull();
  });
});
