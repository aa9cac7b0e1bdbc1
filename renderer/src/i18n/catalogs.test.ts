import { describe, expect, it } from 'vitest';
import { LANGS } from '../../../shared/lang';
import { catalogs } from './resources';

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

const english = flatten(catalogs.en as Tree);

describe('translation catalogues', () => {
  it('has exactly the same keys in Spanish and English', () => {
    expect([...flatten(catalogs.es as Tree).keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each(LANGS.filter((lang) => lang !== 'en'))('has no key in %s that English lacks', (lang) => {
    const extra = [...flatten(catalogs[lang] as Tree).keys()].filter((key) => !english.has(key));
    expect(extra).toEqual([]);
  });

  it.each(LANGS)('keeps the same {{placeholders}} as English in %s', (lang) => {
    for (const [key, text] of flatten(catalogs[lang] as Tree)) {
      expect(placeholders(text), `${lang}: ${key}`).toEqual(placeholders(english.get(key) ?? ''));
    }
  });

  it.each(LANGS)('has no empty strings in %s', (lang) => {
    const empty = [...flatten(catalogs[lang] as Tree)].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });
});
