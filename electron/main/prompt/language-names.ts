import type { Lang } from '../../../shared/lang';

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
