import { describe, expect, it } from 'vitest';
import { LANGS, type Lang } from '../../../shared/lang';
import { STORE_TEXTS } from '../store/store-texts';
import { APP_TEXTS } from './app-texts';
import { ASSISTANT_TEXTS } from './assistant-texts';
import { DIAGNOSTICS_TEXTS } from './diagnostics-texts';
import { INDICATOR_TEXTS } from './indicator-texts';
import { KNOWLEDGE_TEXTS } from './knowledge-texts';
import { MEETING_TEXTS } from './meeting-texts';
import { MENU_TEXTS } from './menu-texts';
import { SESSION_TEXTS } from './session-texts';
import { TRANSLATE_TEXTS } from './translate-texts';
import { TRAY_TEXTS } from './tray-texts';

const TABLES: Record<string, Record<Lang, unknown>> = {
  APP_TEXTS,
  ASSISTANT_TEXTS,
  DIAGNOSTICS_TEXTS,
  INDICATOR_TEXTS,
  KNOWLEDGE_TEXTS,
  MEETING_TEXTS,
  MENU_TEXTS,
  SESSION_TEXTS,
  STORE_TEXTS,
  TRANSLATE_TEXTS,
  TRAY_TEXTS,
};

const FILE = '/home/ana/.config/staff-desk/staff-desk.sqlite3';

/** Every sentence of one language's entry by its key path; a text that takes the file is given FILE. */
function sentences(entry: unknown, path = ''): Array<[string, string]> {
  if (typeof entry === 'string') return [[path, entry]];
  if (typeof entry === 'function') return [[`${path}(file)`, String((entry as (file: string) => string)(FILE))]];
  return Object.entries(entry as object).flatMap(([key, value]) => sentences(value, `${path}.${key}`));
}

describe.each(Object.entries(TABLES))('%s', (_name, table) => {
  const english = new Map(sentences(table.en));

  it('has an entry for every language the app speaks, and no other', () => {
    expect(Object.keys(table).sort()).toEqual([...LANGS].sort());
  });

  it.each(LANGS.filter((lang) => lang !== 'en'))('%s: says everything English says, in its own words', (lang) => {
    const own = new Map(sentences(table[lang]));
    expect([...own.keys()]).toEqual([...english.keys()]);
    for (const [key, text] of own) {
      const source = english.get(key)!;
      expect(text.trim(), key).not.toBe('');
      expect(text, `${key} is still English`).not.toBe(source);
      // The app's name is never translated, and a file the member must find is always named.
      if (source.includes('Staff Desk')) expect(text, key).toContain('Staff Desk');
      if (source.includes(FILE)) expect(text, key).toContain(FILE);
    }
  });
});

describe('right-to-left texts', () => {
  it('keep a file path in its own left-to-right order inside Arabic', () => {
    const naming = sentences(STORE_TEXTS.ar).filter(([, text]) => text.includes(FILE));
    expect(naming).toHaveLength(5);
    for (const [key, text] of naming) expect(text, key).toContain(`\u2068${FILE}\u2069`);
  });
});
