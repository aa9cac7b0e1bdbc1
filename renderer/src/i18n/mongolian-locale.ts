import type { TranslationLang } from '../../../shared/translate';
import type { AgeUnit, DateShape, OwnLocale } from './locale-shapes';

/*
 * Mongolian (Cyrillic) as CLDR writes it, and so Google's Mongolian UI and Chromium would, had Chromium the data:
 * "2026 оны 12-р сарын 1 19:10", "12-р сарын 1", "Мя. 19:10". Months go by their number ("12-р сар", the 12th
 * month) rather than a name, the clock has 24 hours, and weekdays are two-letter abbreviations.
 */

/** Ням, Даваа, Мягмар, Лхагва, Пүрэв, Баасан, Бямба: Sunday first, as Date.getDay() counts. */
const WEEKDAYS = ['Ня', 'Да', 'Мя', 'Лх', 'Пү', 'Ба', 'Бя'] as const;

const twoDigits = (value: number) => String(value).padStart(2, '0');
const clock = (when: Date) => `${twoDigits(when.getHours())}:${twoDigits(when.getMinutes())}`;
/** "12-р сарын 1": the 1st of the 12th month ("-р" makes the ordinal, "-ын" the "of"). */
const monthDay = (when: Date) => `${when.getMonth() + 1}-р сарын ${when.getDate()}`;

const DATES: Record<DateShape, (when: Date) => string> = {
  dateTime: (when) => `${when.getFullYear()} оны ${monthDay(when)} ${clock(when)}`,
  monthDay,
  time: clock,
  weekdayTime: (when) => `${WEEKDAYS[when.getDay()] ?? ''}. ${clock(when)}`,
};

/** "N минутын өмнө" (N minutes before), and CLDR's own words for yesterday, the day before, last month and last year. */
const AGO: Record<AgeUnit, { before: string; words?: Readonly<Record<number, string>> }> = {
  minute: { before: 'минутын өмнө' },
  hour: { before: 'цагийн өмнө' },
  day: { before: 'өдрийн өмнө', words: { 1: 'өчигдөр', 2: 'уржигдар' } },
  month: { before: 'сарын өмнө', words: { 1: 'өнгөрсөн сар' } },
  year: { before: 'жилийн өмнө', words: { 1: 'өнгөрсөн жил' } },
};

/** The languages Translate offers, as CLDR names them: "англи" (English). */
const LANGUAGE_NAMES: Record<TranslationLang, string> = {
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

export const MONGOLIAN: OwnLocale = {
  // CLDR's Mongolian numbers are English's: Latin digits, "," between thousands, "." before the decimals.
  numbersAs: 'en',
  date: (when, shape) => DATES[shape](when),
  ago: (count, written, unit) => AGO[unit].words?.[count] ?? `${written} ${AGO[unit].before}`,
  // A Mongolian noun after a number stays singular: "1 цаг", "12 цаг".
  hours: (written) => `${written} цаг`,
  languageNames: LANGUAGE_NAMES,
};
