import type Database from 'better-sqlite3';
import {
  applySettingsPatch,
  DEFAULT_SETTINGS,
  settingsPatchSchema,
  settingsSchema,
  type Settings,
  type SettingsPatch,
} from '../../../shared/settings';

export interface SettingsStore {
  get(): Settings;
  /** Writes only the keys present in `patch`, all or none, and returns the settings as they now are. */
  update(patch: SettingsPatch): Settings;
}

type SettingsKey = keyof Settings;
const SETTINGS_KEYS = Object.keys(settingsSchema.shape) as SettingsKey[];

/**
 * Settings over the `settings` table, one row per top-level key holding its JSON value. Reading merges the
 * defaults with what is stored; a stored value this version cannot read (written by an older or newer version,
 * or edited by hand) counts as unset, and is left in place until the member changes that setting.
 */
export function createSettingsStore(db: Database.Database): SettingsStore {
  const selectAll = db.prepare<[], { key: string; value: string }>('SELECT key, value FROM settings');
  const upsert = db.prepare<[string, string]>(
    `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  );
  const writeAll = db.transaction((entries: [string, unknown][]) => {
    for (const [key, value] of entries) upsert.run(key, JSON.stringify(value));
  });

  function get(): Settings {
    const stored = new Map(selectAll.all().map((row) => [row.key, row.value]));
    const merged: Record<string, unknown> = {};
    for (const key of SETTINGS_KEYS) {
      const raw = stored.get(key);
      merged[key] = raw === undefined ? DEFAULT_SETTINGS[key] : decode(key, raw);
    }
    return settingsSchema.parse(merged);
  }

  return {
    get,
    update(patch) {
      // Callers inside main are typed, not validated: a value that would not read back is a bug, caught here.
      const valid = settingsPatchSchema.parse(patch);
      const next = applySettingsPatch(get(), valid);
      const entries = Object.keys(valid).map((key): [string, unknown] => [key, next[key as SettingsKey]]);
      writeAll(entries);
      return get();
    },
  };
}

function decode(key: SettingsKey, raw: string): unknown {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return DEFAULT_SETTINGS[key];
  }
  const parsed = settingsSchema.shape[key].safeParse(json);
  return parsed.success ? parsed.data : DEFAULT_SETTINGS[key];
}

