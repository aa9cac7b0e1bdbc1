import { dateText } from '../i18n/locale-format';

/** An ISO 8601 time from main (a message's date, a pass's time, a question's) as the member's language writes it. */
export function dateTimeText(iso: string, lang: string): string {
  const when = new Date(iso);
  // A date main could not vouch for is still worth showing as it came.
  if (Number.isNaN(when.getTime())) return iso;
  return dateText(when, 'dateTime', lang);
}
