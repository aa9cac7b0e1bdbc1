import { describe, expect, it } from 'vitest';
import { LANGS, type Lang } from '../../../shared/lang';
import { PLURAL_CATEGORIES } from './catalog';
import { loadCatalog } from './resources';

type Tree = { readonly [key: string]: string | Tree };

/** Every string in a catalogue as dotted key -> text. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [inner, text] of flatten(value, path)) out.set(inner, text);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

const catalogs = new Map(await Promise.all(LANGS.map(async (lang) => [lang, await loadCatalog(lang)] as const)));
const english = flatten(catalogs.get('en') as Tree);
const strings = (lang: Lang) => flatten(catalogs.get(lang) as Tree);

const pluralForm = new RegExp(`^(.+)_(${PLURAL_CATEGORIES.join('|')})$`);
/** The plural key "errors.wait_other" for any of its forms ("errors.wait_few"), or null for a plain key. */
function pluralKey(key: string): string | null {
  const match = pluralForm.exec(key);
  return match ? `${match[1]}_other` : null;
}
/** The English string a translated key stands for: itself, or for a plural form, English's "other" form. */
function englishKeyFor(key: string): string | undefined {
  if (english.has(key)) return key;
  const plural = pluralKey(key);
  return plural !== null && english.has(plural) ? plural : undefined;
}

describe('translation catalogues', () => {
  // No part of the app falls back to English for a member who chose another of its languages.
  it.each(LANGS.filter((lang) => lang !== 'en'))('has every English string in %s', (lang) => {
    const keys = new Set(strings(lang).keys());
    const needed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    const missing = [...english.keys()].filter((key) => {
      const plural = pluralForm.exec(key);
      // A plural string is there when the language has its own forms of it (Chinese has no "one").
      return plural ? !needed.some((category) => keys.has(`${plural[1]}_${category}`)) : !keys.has(key);
    });
    expect(missing).toEqual([]);
  });

  it.each(LANGS.filter((lang) => lang !== 'en'))('has no key in %s that English lacks', (lang) => {
    const extra = [...strings(lang).keys()].filter((key) => englishKeyFor(key) === undefined);
    expect(extra).toEqual([]);
  });

  it.each(LANGS)('keeps the same {{placeholders}} as English in %s', (lang) => {
    for (const [key, text] of strings(lang)) {
      expect(placeholders(text), `${lang}: ${key}`).toEqual(placeholders(english.get(englishKeyFor(key) ?? '') ?? ''));
    }
  });

  it.each(LANGS)('has every plural form %s needs for the plural strings it translates', (lang) => {
    const keys = [...strings(lang).keys()];
    const needed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    const translated = new Set(keys.map(pluralKey).filter((key) => key !== null));
    const missing = [...translated].flatMap((key) =>
      needed.map((category) => key.replace(/_other$/, `_${category}`)).filter((form) => !keys.includes(form)),
    );
    expect(missing).toEqual([]);
  });

  it.each(LANGS)('has no empty strings in %s', (lang) => {
    const empty = [...flatten(catalogs.get(lang) as Tree)].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });
});
