import { FALLBACK_LANG, LANGS, type Lang } from '../../../shared/lang';
import type { TranslationLang } from '../../../shared/translate';

/** What the member picked: a null source is detected by the model, a null target follows the UI language. */
export interface LanguageChoice {
  readonly from: TranslationLang | null;
  readonly to: TranslationLang | null;
}

/** The languages a translation goes between, as the pickers show them. */
export interface LanguagePair {
  readonly from: TranslationLang | null;
  readonly to: TranslationLang;
}

/** Into the member's language, unless that is the source: then English, and for English the app's first language. */
function defaultTarget(uiLang: Lang, from: TranslationLang | null): TranslationLang {
  return [uiLang, FALLBACK_LANG, ...LANGS].find((lang) => lang !== from) ?? FALLBACK_LANG;
}

export function languagePair(choice: LanguageChoice, uiLang: Lang): LanguagePair {
  return { from: choice.from, to: choice.to ?? defaultTarget(uiLang, choice.from) };
}

/** A source that is the target already turns the pair around, as picking the other side's language does in any translator. */
export function chooseSource(choice: LanguageChoice, uiLang: Lang, from: TranslationLang | null): LanguageChoice {
  return from !== null && from === languagePair(choice, uiLang).to ? { from, to: choice.from } : { ...choice, from };
}

export function chooseTarget(choice: LanguageChoice, uiLang: Lang, to: TranslationLang): LanguageChoice {
  return to === choice.from ? { from: languagePair(choice, uiLang).to, to } : { ...choice, to };
}

/** The translation on screen: the language it is in, and the one its text was found in when that was detected. */
export interface Translated {
  readonly lang: TranslationLang;
  readonly detected?: TranslationLang | undefined;
}

/**
 * Source and target change places: the translation's language becomes the source (it is what moves into the
 * source box), and the text's language, chosen or detected, the target. Null when the text's language is not known,
 * or is the translation's own: then there is nothing to turn around.
 */
export function swapLanguages(choice: LanguageChoice, uiLang: Lang, translated: Translated | null): LanguageChoice | null {
  const textLang = choice.from ?? translated?.detected ?? null;
  const into = translated?.lang ?? languagePair(choice, uiLang).to;
  return textLang === null || textLang === into ? null : { from: into, to: textLang };
}
