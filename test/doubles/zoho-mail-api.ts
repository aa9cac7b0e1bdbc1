/**
 * The Zoho Mail API routes the double serves (docs/external-apis.md, Zoho Mail), as answers to already
 * authorised requests: accounts, folders, search, message content and the folder view. Composing (the one POST)
 * is zoho-compose.ts.
 */
import { type SeededMailbox, type SeededMessage } from './zoho-mailbox-seed';
import { type IndexedMessage, indexMessage, matchesTerms, parseSearchKey } from './zoho-search-key';
import type { MailEndpoint } from './zoho-steps';
import { zohoError } from './zoho-steps';
import { accountItem, contentItem, folderItem, messageItem, success } from './zoho-wire';

export interface MailAnswer {
  status: number;
  body: object;
}

/** What a GET reads. */
export type ReadEndpoint = Exclude<MailEndpoint, 'messages'>;

interface Route<E extends MailEndpoint> {
  endpoint: E;
  pattern: RegExp;
}

const ROUTES: readonly Route<ReadEndpoint>[] = [
  { endpoint: 'accounts', pattern: /^\/api\/accounts$/ },
  { endpoint: 'folders', pattern: /^\/api\/accounts\/([^/]+)\/folders$/ },
  { endpoint: 'search', pattern: /^\/api\/accounts\/([^/]+)\/messages\/search$/ },
  { endpoint: 'view', pattern: /^\/api\/accounts\/([^/]+)\/messages\/view$/ },
  { endpoint: 'content', pattern: /^\/api\/accounts\/([^/]+)\/folders\/([^/]+)\/messages\/([^/]+)\/content$/ },
];

/** Send an email, or save it as a draft or a template: its account ID is the first group. */
export const MESSAGES_ROUTE: Route<'messages'> = { endpoint: 'messages', pattern: /^\/api\/accounts\/([^/]+)\/messages$/ };

export function mailEndpointOf(method: string, path: string): MailEndpoint | 'unknown' {
  if (method === 'POST') return MESSAGES_ROUTE.pattern.test(path) ? MESSAGES_ROUTE.endpoint : 'unknown';
  if (method !== 'GET') return 'unknown';
  return ROUTES.find((route) => route.pattern.test(path))?.endpoint ?? 'unknown';
}

/** Folders that search leaves out, as Zoho does unless asked to include them. */
const UNSEARCHED_FOLDERS = new Set(['Spam', 'Trash']);

/** Zoho accepts 1 to 200 results a page. */
const MAX_LIMIT = 200;
const DEFAULT_LIMIT = 10;

const indexes = new WeakMap<SeededMessage, IndexedMessage>();

/** Seeded messages are shared and frozen, so their indexes are built once per process. */
function indexOf(message: SeededMessage): IndexedMessage {
  let index = indexes.get(message);
  if (!index) {
    index = indexMessage(message);
    indexes.set(message, index);
  }
  return index;
}

export function answerMail(endpoint: ReadEndpoint, path: string, query: Record<string, string>, mailbox: SeededMailbox): MailAnswer {
  const route = ROUTES.find((candidate) => candidate.endpoint === endpoint);
  const ids = route?.pattern.exec(path)?.slice(1) ?? [];
  if (ids.some((id) => !/^\d+$/.test(id))) return badInput(`The IDs in ${path} must be numbers.`);
  if (endpoint === 'accounts') return ok([accountItem(mailbox)]);
  if (ids[0] !== mailbox.accountId) return noSuchAccount();
  switch (endpoint) {
    case 'folders':
      return ok(mailbox.folders.map(folderItem));
    case 'search':
      return search(query, mailbox);
    case 'view':
      return view(query, mailbox);
    case 'content':
      return content(ids[1] ?? '', ids[2] ?? '', mailbox);
  }
}

export function ok(data: unknown): MailAnswer {
  return { status: 200, body: success(data) };
}

export function badInput(moreInfo: string, errorCode = 'PATTERN_NOT_MATCHED'): MailAnswer {
  return { status: 400, body: zohoError(400, errorCode, moreInfo) };
}

export function noSuchAccount(): MailAnswer {
  return { status: 404, body: zohoError(404, 'INVALID_ACCOUNT', 'No account with this accountId.') };
}

type Page = { start: number; limit: number } | { problem: string };

function pageOf(query: Record<string, string>): Page {
  const start = integerParam(query.start, 1);
  const limit = integerParam(query.limit, DEFAULT_LIMIT);
  if (start === null || start < 1) return { problem: 'start must be a whole number from 1.' };
  if (limit === null || limit < 1 || limit > MAX_LIMIT) return { problem: `limit must be a whole number from 1 to ${MAX_LIMIT}.` };
  return { start, limit };
}

function integerParam(value: string | undefined, fallback: number): number | null {
  if (value === undefined) return fallback;
  return /^\d+$/.test(value) ? Number(value) : null;
}

const newestFirst = (a: SeededMessage, b: SeededMessage) => Number(b.receivedTime) - Number(a.receivedTime) || (BigInt(b.messageId) > BigInt(a.messageId) ? 1 : -1);

function search(query: Record<string, string>, mailbox: SeededMailbox): MailAnswer {
  if (query.searchKey === undefined) return badInput('searchKey is required.');
  const parsed = parseSearchKey(query.searchKey);
  if (!parsed.ok) return badInput(`searchKey: ${parsed.problem}.`);
  const page = pageOf(query);
  if ('problem' in page) return badInput(page.problem);
  const unsearched = new Set(mailbox.folders.filter((folder) => UNSEARCHED_FOLDERS.has(folder.folderName)).map((folder) => folder.folderId));
  const hits = mailbox.messages.filter((message) => !unsearched.has(message.folderId) && matchesTerms(indexOf(message), parsed.terms)).sort(newestFirst);
  return ok(hits.slice(page.start - 1, page.start - 1 + page.limit).map(messageItem));
}

const SORT_KEYS: Record<string, (message: SeededMessage) => bigint> = {
  date: (message) => BigInt(message.receivedTime),
  messageId: (message) => BigInt(message.messageId),
  size: (message) => BigInt(Buffer.byteLength(message.html)),
};

function view(query: Record<string, string>, mailbox: SeededMailbox): MailAnswer {
  const folderId = query.folderId ?? mailbox.folders.find((folder) => folder.folderType === 'Inbox')?.folderId ?? '';
  if (!/^\d+$/.test(folderId)) return badInput('folderId must be a number.');
  if (!mailbox.folders.some((folder) => folder.folderId === folderId)) return { status: 404, body: zohoError(404, 'INVALID_FOLDER', 'No folder with this folderId.') };
  const status = query.status ?? 'all';
  if (status !== 'all' && status !== 'read' && status !== 'unread') return badInput('status must be read, unread or all.');
  const sortKey = SORT_KEYS[query.sortBy ?? 'date'];
  if (!sortKey) return badInput('sortBy must be date, messageId or size.');
  const sortorder = query.sortorder ?? 'false';
  if (sortorder !== 'true' && sortorder !== 'false') return badInput('sortorder must be true or false.');
  const page = pageOf(query);
  if ('problem' in page) return badInput(page.problem);
  const ascending = sortorder === 'true';
  const listed = mailbox.messages
    .filter((message) => message.folderId === folderId && (status === 'all' || message.status === status))
    .sort((a, b) => {
      const order = sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0;
      return ascending ? order : -order;
    });
  return ok(listed.slice(page.start - 1, page.start - 1 + page.limit).map(messageItem));
}

function content(folderId: string, messageId: string, mailbox: SeededMailbox): MailAnswer {
  const message = mailbox.messages.find((candidate) => candidate.messageId === messageId && candidate.folderId === folderId);
  if (!message) return { status: 404, body: zohoError(404, 'INVALID_MESSAGE', 'No message with this messageId in this folder.') };
  return ok(contentItem(message));
}
