import type { Lang } from '../../../shared/lang';
import { TRANSLATION_LANGS, type TranslationLang } from '../../../shared/translate';
import { languageText } from '../i18n/locale-format';

/** A language as `uiLang` names it, capitalized as a menu entry is ("Inglés", "Английский"; CLDR's are lower case). */
export function languageNamer(uiLang: Lang): (lang: TranslationLang) => string {
  return (lang) => {
    const name = languageText(lang, uiLang);
    return name.charAt(0).toLocaleUpperCase(uiLang) + name.slice(1);
  };
}

/** Every translation language with its name in `uiLang`, in the order `uiLang` sorts words. */
export function languagesByName(uiLang: Lang): readonly { lang: TranslationLang; name: string }[] {
  const nameOf = languageNamer(uiLang);
  const collator = new Intl.Collator(uiLang);
  return TRANSLATION_LANGS.map((lang) => ({ lang, name: nameOf(lang) })).sort((a, b) => collator.compare(a.name, b.name));
}
