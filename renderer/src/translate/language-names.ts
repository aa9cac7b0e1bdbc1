import type { Lang } from '../../../shared/lang';
import { TRANSLATION_LANGS, type TranslationLang } from '../../../shared/translate';

/**
 * CLDR's Mongolian names, for the one UI language whose names Chromium (so Electron) ships no data for: Intl would
 * silently answer in the system's language (see i18n/locale-format.ts for the same gap in dates).
 */
const MONGOLIAN_NAMES: Record<TranslationLang, string> = {
  mn: 'монгол',
  en: 'англи',
  ar: 'араб',
  zh: 'хятад',
  fr: 'франц',
  ru: 'орос',
  es: 'испани',
  de: 'герман',
  it: 'итали',
  pt: 'португал',
  ja: 'япон',
  ko: 'солонгос',
  tr: 'турк',
  hi: 'хинди',
  uk: 'украин',
  pl: 'польш',
  nl: 'нидерланд',
};

/** A language as `uiLang` names it, capitalized as a menu entry is ("Inglés", "Английский"; CLDR's are lower case). */
export function languageNamer(uiLang: Lang): (lang: TranslationLang) => string {
  const own = uiLang === 'mn' && Intl.DisplayNames.supportedLocalesOf(uiLang).length === 0 ? MONGOLIAN_NAMES : null;
  const intl = new Intl.DisplayNames(uiLang, { type: 'language' });
  return (lang) => {
    const name = own?.[lang] ?? intl.of(lang) ?? lang;
    return name.charAt(0).toLocaleUpperCase(uiLang) + name.slice(1);
  };
}

/** Every translation language with its name in `uiLang`, in the order `uiLang` sorts words. */
export function languagesByName(uiLang: Lang): readonly { lang: TranslationLang; name: string }[] {
  const nameOf = languageNamer(uiLang);
  const collator = new Intl.Collator(uiLang);
  return TRANSLATION_LANGS.map((lang) => ({ lang, name: nameOf(lang) })).sort((a, b) => collator.compare(a.name, b.name));
}
