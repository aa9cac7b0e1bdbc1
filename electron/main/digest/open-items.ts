import type { MailSummary } from '../mail/mailbox-port';

/** A message a pass may still show, by id and (when known) when Zoho received it, ISO 8601. */
export interface MessageRef {
  messageId: string;
  date?: string | null | undefined;
}

/**
 * Whether a message may still need the member, by the inbox's unread listing: an item stays until its mail is read,
 * answered (which reads it) or moved out of the inbox. A listing shorter than its limit holds every unread
 * message, so what it lacks was handled. A full one holds only the newest: a message older than its oldest one (or
 * of unknown age) may be unread beyond it, and stays rather than vanish on a guess.
 */
export function stillOpenIn(listed: readonly MailSummary[], limit: number): (message: MessageRef) => boolean {
  const unread = new Set(listed.map((message) => message.messageId));
  if (listed.length < limit) return ({ messageId }) => unread.has(messageId);
  const oldest = Math.min(...listed.map((message) => Date.parse(message.date)).filter((at) => !Number.isNaN(at)));
  return ({ messageId, date }) => {
    if (unread.has(messageId)) return true;
    const at = date ? Date.parse(date) : Number.NaN;
    // An unknown date (NaN), or a listing without one readable date (Infinity), compares false: the item stays.
    return !(at >= oldest);
  };
}
