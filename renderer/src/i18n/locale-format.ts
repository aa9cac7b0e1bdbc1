import { isLang, type Lang } from '../../../shared/lang';
import type { TranslationLang } from '../../../shared/translate';
import { DATE_SHAPES, type AgeUnit, type DateShape, type OwnLocale } from './locale-shapes';
import { MONGOLIAN } from './mongolian-locale';

/*
 * Every date, age, number and language name the renderer shows is written here. Intl writes them when the browser
 * has the language's data; Chromium (so Electron) ships none for some languages, Mongolian among them, and then
 * silently answers in the system's locale ("Dec 1, 2026, 7:10 PM" in a Mongolian window). For those the app writes
 * them itself, from a table of its own.
 */

/** How many digits after the point: relevance is read to two, seconds to one. */
export type Fraction = Pick<Intl.NumberFormatOptions, 'minimumFractionDigits' | 'maximumFractionDigits'>;

const OWN_LOCALES: Partial<Record<Lang, OwnLocale>> = { mn: MONGOLIAN };

interface IntlService {
  supportedLocalesOf(locales: string): string[];
}

/**
 * The app's own table for `lang` when `service` has no data for it. Without a table either, Intl's fallback is
 * still the closest thing there is.
 */
function ownLocale(service: IntlService, lang: string): OwnLocale | null {
  if (!isLang(lang) || service.supportedLocalesOf(lang).length > 0) return null;
  return OWN_LOCALES[lang] ?? null;
}

export function dateText(when: Date, shape: DateShape, lang: string): string {
  const own = ownLocale(Intl.DateTimeFormat, lang);
  return own ? own.date(when, shape) : new Intl.DateTimeFormat(lang, DATE_SHAPES[shape]).format(when);
}

/** "2 minutes ago", "yesterday": `count` whole units before now. */
export function agoText(count: number, unit: AgeUnit, lang: string): string {
  const own = ownLocale(Intl.RelativeTimeFormat, lang);
  if (own) return own.ago(count, numberText(count, lang), unit);
  return new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }).format(-count, unit);
}

/** "1,234.5" in English, "1234,5" in Spanish, "1 234,5" in French and Russian. */
export function numberText(value: number, lang: string, fraction: Fraction = {}): string {
  return new Intl.NumberFormat(ownLocale(Intl.NumberFormat, lang)?.numbersAs ?? lang, fraction).format(value);
}

/** "inglés", "английский", "англи": `lang` named in `uiLang` as CLDR names it (in lower case where the language does). */
export function languageText(lang: TranslationLang, uiLang: string): string {
  const own = ownLocale(Intl.DisplayNames, uiLang);
  return own ? own.languageNames[lang] : (new Intl.DisplayNames(uiLang, { type: 'language' }).of(lang) ?? lang);
}

/** "12 hours", "12 horas", "12 часов", "12 цаг". */
export function hoursText(hours: number, lang: string): string {
  const own = ownLocale(Intl.NumberFormat, lang);
  if (own) return own.hours(numberText(hours, lang));
  return new Intl.NumberFormat(lang, { style: 'unit', unit: 'hour', unitDisplay: 'long' }).format(hours);
}
