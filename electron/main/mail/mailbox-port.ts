import type { Result } from '../../../shared/result';

/**
 * What the secretary needs from the member's mailbox. The Zoho client implements it; the loop's tests use a
 * fake. IDs are strings end to end: Zoho's are 64-bit and would be corrupted as JavaScript numbers.
 */
export interface MailSummary {
  messageId: string;
  folderId: string;
  from: string;
  subject: string;
  /** ISO 8601. */
  date: string;
  /** The first characters of the message, as Zoho summarises it (cut to SECRETARY.searchSummaryMaxChars). */
  summary: string;
}

export interface MailSearch {
  /** Free text searched in the whole message. */
  query?: string;
  from?: string;
  subject?: string;
}

export interface MailboxPort {
  /** At most SECRETARY.searchMaxResults, newest first; one relaxed retry with fewer terms on zero hits. */
  search(terms: MailSearch, signal: AbortSignal): Promise<Result<MailSummary[]>>;
  /** The body as readable plain text, capped at SECRETARY.readBodyMaxChars. */
  read(ref: { messageId: string; folderId: string }, signal: AbortSignal): Promise<Result<{ text: string }>>;
  /** Where the member can open the message in Zoho Mail's web app. */
  webUrl(ref: { messageId: string; folderId: string }): string;
}

export interface RecentMailQuery {
  /** Epoch ms: only mail received at or after it; all recent mail without it. */
  since?: number;
  status: 'unread' | 'read' | 'all';
  /** At most this many, newest first. */
  limit: number;
}

/**
 * What the mailbox digest reads: recent mail, newest first. A failure (not connected, rate limited,
 * unreachable) comes back as the Result's error, in words the member can act on.
 */
export interface RecentMailPort {
  listRecent(query: RecentMailQuery, signal: AbortSignal): Promise<Result<MailSummary[]>>;
}
