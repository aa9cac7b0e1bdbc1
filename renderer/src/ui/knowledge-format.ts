// Relevance, days and ages as the member's language writes them (through i18n/locale-format, like every number).
import { agoText, dateText, numberText } from '../i18n/locale-format';
import type { AgeUnit } from '../i18n/locale-shapes';

export { numberText };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Calendar months and years vary; for "3 months ago" these are close enough. */
const AGE_UNITS: readonly [AgeUnit, number][] = [
  ['year', 365 * DAY_MS],
  ['month', 30 * DAY_MS],
  ['day', DAY_MS],
  ['hour', HOUR_MS],
  ['minute', MINUTE_MS],
];
/** Cosine similarity is read to two decimals: the floor (0.65) is set to that precision. */
const RELEVANCE_DIGITS = 2;

/** "0.72" in English, "0,72" in Spanish. */
export function relevanceText(value: number, lang: string): string {
  return numberText(value, lang, { minimumFractionDigits: RELEVANCE_DIGITS, maximumFractionDigits: RELEVANCE_DIGITS });
}

/**
 * "2 minutes ago", "yesterday": how long ago `iso` was at `now`, in whole units rounded down. Null under a minute
 * (or for a time ahead of this computer's clock), where "just now" says it better; `iso` itself when unreadable.
 */
export function relativeTimeText(iso: string, now: number, lang: string): string | null {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return iso;
  const elapsed = now - at;
  const unit = AGE_UNITS.find(([, size]) => elapsed >= size);
  if (!unit) return null;
  const [name, size] = unit;
  return agoText(Math.floor(elapsed / size), name, lang);
}

/** A day main reports as "2030-01-14" (the member's calendar day), as "Jan 14" in English. */
export function dayText(day: string, lang: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!parts) return day;
  return dateText(new Date(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])), 'monthDay', lang);
}
