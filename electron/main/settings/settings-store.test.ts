import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MODELS, DEFAULT_SETTINGS, type SettingsPatch } from '../../../shared/settings';
import { openDatabase } from '../store/open-database';
import { expectOpened, makeTempDir } from '../../../test/support/store-helpers';
import { createSettingsStore } from './settings-store';

function appDatabase(): Database.Database {
  return expectOpened(openDatabase(join(makeTempDir(), 'app.db')));
}

function storeRaw(db: Database.Database, key: string, value: string): void {
  db.prepare("INSERT OR REPLACE INTO settings (key, value, updated_at) VALUES (?, ?, '2020-01-01T00:00:00.000Z')").run(
    key,
    value,
  );
}

function rows(db: Database.Database): unknown[] {
  return db.prepare('SELECT key, value, updated_at FROM settings ORDER BY key').all();
}

describe('settings store', () => {
  it('gives the defaults before anything was saved', () => {
    expect(createSettingsStore(appDatabase()).get()).toEqual(DEFAULT_SETTINGS);
  });

  it('saves a change, returns the full settings, and still has it after a restart', () => {
    const file = join(makeTempDir(), 'app.db');
    const db = expectOpened(openDatabase(file));

    expect(createSettingsStore(db).update({ language: 'fr' })).toEqual({ ...DEFAULT_SETTINGS, language: 'fr' });
    db.close();

    expect(createSettingsStore(expectOpened(openDatabase(file))).get()).toEqual({ ...DEFAULT_SETTINGS, language: 'fr' });
  });

  it('goes back to following the system language when set to null', () => {
    const store = createSettingsStore(appDatabase());
    store.update({ language: 'ar' });

    expect(store.update({ language: null }).language).toBeNull();
    expect(store.get().language).toBeNull();
  });

  it('writes only the keys in the patch and leaves other stored rows alone', () => {
    const db = appDatabase();
    storeRaw(db, 'fromANewerVersion', '{"theme":"dark"}');
    const store = createSettingsStore(db);

    store.update({});
    expect(rows(db)).toEqual([{ key: 'fromANewerVersion', value: '{"theme":"dark"}', updated_at: '2020-01-01T00:00:00.000Z' }]);

    store.update({ language: 'mn' });
    expect(rows(db)).toEqual([
      { key: 'fromANewerVersion', value: '{"theme":"dark"}', updated_at: '2020-01-01T00:00:00.000Z' },
      { key: 'language', value: '"mn"', updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    ]);
    expect(store.get()).toEqual({ ...DEFAULT_SETTINGS, language: 'mn' });
  });

  it('falls back to the default for a stored value it cannot read, and a later change replaces it', () => {
    const db = appDatabase();
    storeRaw(db, 'language', '"klingon"');
    const store = createSettingsStore(db);

    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    expect(store.update({ language: 'es' }).language).toBe('es');
  });

  it('falls back to the default for a stored value that is not JSON at all', () => {
    const db = appDatabase();
    // A hand edit made without the table's JSON check in force.
    db.pragma('ignore_check_constraints = ON');
    storeRaw(db, 'language', '{"unterminated');
    db.pragma('ignore_check_constraints = OFF');

    expect(createSettingsStore(db).get()).toEqual(DEFAULT_SETTINGS);
  });

  it('refuses a patch that would not read back, writing nothing', () => {
    const db = appDatabase();
    const store = createSettingsStore(db);

    expect(() => store.update({ language: 'xx' } as unknown as SettingsPatch)).toThrow();
    expect(() => store.update({ unknownKey: 1 } as unknown as SettingsPatch)).toThrow();
    expect(rows(db)).toEqual([]);
  });
});

describe('settings store: model sections', () => {
  it('patches one model and keeps the others as they were', () => {
    const db = expectOpened(openDatabase(join(makeTempDir(), 'models.sqlite3')));
    const store = createSettingsStore(db);
    store.update({ models: { oracle: 'gemini-custom-oracle' } });
    const after = store.update({ models: { assistant: 'gemini-custom-assistant' } });
    expect(after.models).toEqual({
      ...DEFAULT_MODELS,
      oracle: 'gemini-custom-oracle',
      assistant: 'gemini-custom-assistant',
    });
  });
});
