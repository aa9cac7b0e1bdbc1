import { dateText } from '../i18n/locale-format';

/**
 * When a session ends, as the member's clock reads it in their language: the time alone when it is today
 * ("14:30", "2:30 PM"), with the weekday otherwise ("Thu 14:30").
 */
export function sessionTimeText(at: number, now: number, lang: string): string {
  const when = new Date(at);
  const today = new Date(now).toDateString() === when.toDateString();
  return dateText(when, today ? 'time' : 'weekdayTime', lang);
}
