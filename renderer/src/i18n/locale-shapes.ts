import type { TranslationLang } from '../../../shared/translate';

/*
 * The shapes in which the renderer writes dates, ages and numbers, and what a locale the app writes itself must
 * provide for them (locale-format.ts uses Intl where it can, and such a table where Intl has no data).
 */

/** The dates the app shows, by what Intl is asked for. */
export const DATE_SHAPES = {
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
