import { useCallback, useState } from 'react';
import type { AppApi } from '../../../shared/ipc/app-api';
import { FALLBACK_LANG, LANGS, type Lang } from '../../../shared/lang';
import type { TranslationLang } from '../../../shared/translate';
import { useApi } from '../api';

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

/** Source and target change places; a detected source has no language to give the target, so it cannot. */
export function swapLanguages(choice: LanguageChoice, uiLang: Lang): LanguageChoice {
  return choice.from === null ? choice : { from: languagePair(choice, uiLang).to, to: choice.from };
}

/**
 * Kept in memory while the window is open, so the pane finds the languages again after a visit elsewhere; never
 * stored. By the page's api, which lives exactly as long as the page (and a test's fake main as long as its test).
 */
const remembered = new WeakMap<AppApi, LanguageChoice>();
const NOTHING_CHOSEN: LanguageChoice = { from: null, to: null };

export function useLanguageChoice(): [LanguageChoice, (next: LanguageChoice) => void] {
  const api = useApi();
  const [choice, setChoice] = useState(() => remembered.get(api) ?? NOTHING_CHOSEN);
  const choose = useCallback(
    (next: LanguageChoice) => {
      remembered.set(api, next);
      setChoice(next);
    },
    [api],
  );
  return [choice, choose];
}
