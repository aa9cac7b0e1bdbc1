import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRANSLATION_LANGS } from '../../../shared/translate';
import { languageNamer, languagesByName } from './language-names';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('language names', () => {
  it('names each language in the UI language, as a menu entry starts', () => {
    expect(languageNamer('ru')('de')).toBe('Немецкий');
    expect(languageNamer('fr')('en')).toBe('Anglais');
    expect(languageNamer('zh')('ja')).toBe('日语');
  });

  it('names them in Mongolian where the browser has no Mongolian names, as Electron has none', () => {
    vi.spyOn(Intl.DisplayNames, 'supportedLocalesOf').mockReturnValue([]);
    // What Chromium then answers: a name in the system's language.
    vi.spyOn(Intl.DisplayNames.prototype, 'of').mockReturnValue('English');
    const names = languagesByName('mn');
    expect(names.map(({ lang }) => lang).sort()).toEqual([...TRANSLATION_LANGS].sort());
    expect(names.find(({ lang }) => lang === 'en')?.name).toBe('Англи');
    expect(names.find(({ lang }) => lang === 'mn')?.name).toBe('Монгол');
  });

  it("sorts them by the UI language's own order", () => {
    const names = languagesByName('es').map(({ name }) => name);
    expect(names.slice(0, 3)).toEqual(['Alemán', 'Árabe', 'Chino']);
  });
});
