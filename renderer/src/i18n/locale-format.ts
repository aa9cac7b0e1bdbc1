import { isLang, type Lang } from '../../../shared/lang';
import type { TranslationLang } from '../../../shared/translate';
import { MONGOLIAN } from './mongolian-locale';

/*
 * Every date, age, number and language name the renderer shows is written here. Intl writes them when the browser
 * has the language's data; Chromium (so Electron) ships none for some languages, Mongolian among them, and then
 * silently answers in the system's locale ("Dec 1, 2026, 7:10 PM" in a Mongolian window). For those the app writes
 * them itself, from a table of its own.
 */

/** The dates the app shows, by what Intl is asked for. */
const DATE_SHAPES = {
  /** "Dec 1, 2026, 7:10 PM": when a message came, when a pass ran. */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** "Dec 1": a day on a chart. */
  monthDay: { month: 'short', day: 'numeric' },
  /** "7:10 PM": a time later today. */
  time: { timeStyle: 'short' },
  /** "Tue 7:10 PM": a time later this week. */
  weekdayTime: { weekday: 'short', hour: 'numeric', minute: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateShape = keyof typeof DATE_SHAPES;

export type AgeUnit = Extract<Intl.RelativeTimeFormatUnit, 'year' | 'month' | 'day' | 'hour' | 'minute'>;

/** How many digits after the point: relevance is read to two, seconds to one. */
export type Fraction = Pick<Intl.NumberFormatOptions, 'minimumFractionDigits' | 'maximumFractionDigits'>;

/** What the app writes itself for a language Intl has no data for. */
export interface OwnLocale {
  /** A locale Intl does have that writes numbers with this language's digits and separators. */
  readonly numbersAs: string;
  date(when: Date, shape: DateShape): string;
  /** `count` (1 or more, `written` as numberText writes it) units ago, with the words Intl's numeric: 'auto' uses ("yesterday"). */
  ago(count: number, written: string, unit: AgeUnit): string;
  /** `written` hours, the unit agreeing with the number. */
  hours(written: string): string;
  /** Each language Translate offers, named as CLDR names it in this language (in lower case, as Intl does). */
  readonly languageNames: Readonly<Record<TranslationLang, string>>;
}

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
