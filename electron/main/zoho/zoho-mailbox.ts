import { SECRETARY, ZOHO } from '../../../shared/limits';
import { err } from '../../../shared/result';
import type { Logger } from '../log/logger';
import type { MailboxPort, MailSearch, MailSummary, RecentMailPort } from '../mail/mailbox-port';
import type { MailApi } from './mail-api';
import { readMessageList } from './mail-summary';
import { relaxedSearch, searchKey, searchTerms } from './search-key';
import type { AccountCache } from './zoho-account';
import { zohoFailed, type ZohoResult } from './zoho-failure';
import { zohoContentSchema, zohoFolderSchema } from './zoho-wire';

/** The secretary's port onto the member's mailbox, plus the inbox's newest mail for the digest (F0 pass). */
export interface ZohoMailbox extends MailboxPort, RecentMailPort {}

export interface ZohoMailboxDeps {
  api: MailApi;
  account: AccountCache;
  /** Mail HTML to readable text capped at SECRETARY.readBodyMaxChars (mail-text.ts in the app). */
  htmlToText: (html: string) => string;
  /** Zoho Mail's web app for the member's data centre. */
  webMailUrl: () => string;
  log: Logger;
}

/** Zoho's IDs are digits; anything else (they reach `read` from the model) is refused before it nears a URL path. */
const ZOHO_ID = /^\d{1,24}$/;

/**
 * Zoho Mail's web app opens a message at #mail/folder/<folderId>/p/<messageId>. Zoho documents no deep-link format:
 * this is the one its web app uses, kept here alone so that it changes in one place if Zoho changes it.
 */
function zohoWebUrl(webMailUrl: string, ref: { messageId: string; folderId: string }): string {
  return `${webMailUrl}/zm/#mail/folder/${encodeURIComponent(ref.folderId)}/p/${encodeURIComponent(ref.messageId)}`;
}

export function createZohoMailbox(deps: ZohoMailboxDeps): ZohoMailbox {
  let inbox: { accountId: string; folderId: string } | null = null;

  async function searchOnce(accountId: string, search: MailSearch, signal: AbortSignal): Promise<ZohoResult<MailSummary[]>> {
    const found = await deps.api.get(
      `/api/accounts/${accountId}/messages/search`,
      { searchKey: searchKey(searchTerms(search)), start: '1', limit: String(SECRETARY.searchMaxResults) },
      signal,
    );
    if (!found.ok) return found;
    const { mail, skipped } = readMessageList(found.value, SECRETARY.searchMaxResults);
    if (skipped > 0) deps.log.warn('zoho: search items that could not be read were left out', { skipped });
    return { ok: true, value: mail };
  }

  async function inboxOf(accountId: string, signal: AbortSignal): Promise<ZohoResult<string>> {
    if (inbox?.accountId === accountId) return { ok: true, value: inbox.folderId };
    const listed = await deps.api.get(`/api/accounts/${accountId}/folders`, {}, signal);
    if (!listed.ok) return listed;
    const folders = (Array.isArray(listed.value) ? listed.value : []).flatMap((item) => {
      const parsed = zohoFolderSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
    const found = folders.find((folder) => /^inbox$/i.test(folder.folderType ?? folder.folderName ?? ''));
    if (!found) return zohoFailed({ kind: 'upstream', detail: 'no inbox folder listed' });
    inbox = { accountId, folderId: found.folderId };
    return { ok: true, value: found.folderId };
  }

  return {
    async search(search, signal) {
      if (searchTerms(search).length === 0) {
        return err('INVALID_INPUT', 'Say what to look for: a few words, a sender or a subject.', { field: 'query' });
      }
      const account = await deps.account.get(signal);
      if (!account.ok) return account;
      const first = await searchOnce(account.value.accountId, search, signal);
      if (!first.ok || first.value.length > 0) return first;
      const relaxed = relaxedSearch(search);
      return relaxed ? searchOnce(account.value.accountId, relaxed, signal) : first;
    },

    async read(ref, signal) {
      if (!ZOHO_ID.test(ref.messageId) || !ZOHO_ID.test(ref.folderId)) {
        return err('INVALID_INPUT', 'That is not a message from a search: use the messageId and folderId a search returned.', { field: 'messageId' });
      }
      const account = await deps.account.get(signal);
      if (!account.ok) return account;
      const fetched = await deps.api.get(
        `/api/accounts/${account.value.accountId}/folders/${ref.folderId}/messages/${ref.messageId}/content`,
        {},
        signal,
      );
      if (!fetched.ok) return fetched;
      const content = zohoContentSchema.safeParse(fetched.value);
      if (!content.success) return zohoFailed({ kind: 'upstream', detail: 'unreadable content answer' });
      return { ok: true, value: { text: deps.htmlToText(content.data.content) } };
    },

    webUrl: (ref) => zohoWebUrl(deps.webMailUrl(), ref),

    async listRecent(query, signal) {
      const account = await deps.account.get(signal);
      if (!account.ok) return account;
      const folderId = await inboxOf(account.value.accountId, signal);
      if (!folderId.ok) return folderId;
      const limit = Math.min(Math.max(1, Math.floor(query.limit)), ZOHO.listMaxLimit);
      const listed = await deps.api.get(
        `/api/accounts/${account.value.accountId}/messages/view`,
        // sortorder=false is newest first.
        { folderId: folderId.value, status: query.status, limit: String(limit), sortBy: 'date', sortorder: 'false', start: '1' },
        signal,
      );
      if (!listed.ok) return listed;
      const { mail } = readMessageList(listed.value, limit);
      const since = query.since;
      return { ok: true, value: since === undefined ? mail : mail.filter((item) => item.date !== '' && Date.parse(item.date) >= since) };
    },
  };
}
