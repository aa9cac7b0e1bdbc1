import { SECRETARY } from '../../../shared/limits';
import type { MailSummary } from '../mail/mailbox-port';
import { zohoMessageItemSchema, type ZohoMessageItem } from './zoho-wire';

/** "Name <address>" when Zoho gives both and they differ, else whichever it gave. */
function fromLine(item: ZohoMessageItem): string {
  const name = item.sender?.trim() ?? '';
  const address = item.fromAddress?.trim() ?? '';
  if (name && address && name !== address) return `${name} <${address}>`;
  return address || name;
}

/** The first `max` characters (code points, so no emoji is split), whitespace runs as one space. */
function cutText(text: string, max: number): string {
  return Array.from(text.replace(/\s+/g, ' ').trim()).slice(0, max).join('');
}

export function toMailSummary(item: ZohoMessageItem): MailSummary {
  return {
    messageId: item.messageId,
    folderId: item.folderId,
    from: fromLine(item),
    subject: item.subject?.trim() ?? '',
    // Zoho always sends a time; should one be missing, an empty date says "unknown" rather than inventing one.
    date: item.receivedAtMs === undefined ? '' : new Date(item.receivedAtMs).toISOString(),
    summary: cutText(item.summary ?? '', SECRETARY.searchSummaryMaxChars),
  };
}

/** The list items that read as messages, mapped; `skipped` counts those that did not (for the log). */
export function readMessageList(data: unknown, max: number): { mail: MailSummary[]; skipped: number } {
  const items = Array.isArray(data) ? data : [];
  const mail: MailSummary[] = [];
  for (const item of items) {
    const parsed = zohoMessageItemSchema.safeParse(item);
    if (parsed.success) mail.push(toMailSummary(parsed.data));
  }
  return { mail: mail.slice(0, max), skipped: items.length - mail.length };
}
