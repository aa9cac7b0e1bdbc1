import { isLang, type Lang } from '../../../shared/lang';
import type { TranslationLang } from '../../../shared/translate';

/** Each language by its English name, as instructions to a model name it ("answer in Spanish"). */
export const LANGUAGE_NAMES_IN_ENGLISH: Record<Lang, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  ru: 'Russian',
  zh: 'Chinese (Simplified)',
  ar: 'Arabic',
  mn: 'Mongolian',
};

const DISPLAY_NAMES_IN_ENGLISH = new Intl.DisplayNames('en', { type: 'language' });

/** How an instruction names a language: the app's own names for the UI languages, Intl's English for the rest. */
export function languageNameInEnglish(lang: TranslationLang): string {
  return isLang(lang) ? LANGUAGE_NAMES_IN_ENGLISH[lang] : (DISPLAY_NAMES_IN_ENGLISH.of(lang) ?? lang);
}
