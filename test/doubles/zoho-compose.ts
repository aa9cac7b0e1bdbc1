/**
 * Zoho Mail's one composing route, as the double serves it to an authorised request with the scope to create
 * messages (docs/external-apis.md, Zoho Mail): POST /api/accounts/{accountId}/messages sends an email, or with
 * `mode` saves it as a draft or a template. Zoho's input checks are strict: an unknown field is refused, and so is a
 * sender that is not the account's own address.
 */
import { isStringRecord } from './http-double';
import { badInput, MESSAGES_ROUTE, noSuchAccount, ok, type MailAnswer } from './zoho-mail-api';
import type { SeededMailbox } from './zoho-mailbox-seed';
import { jsonId } from './zoho-wire';

/** Either of these lets a grant compose (Zoho's "Save Draft" and "Send an email" take both). */
export const COMPOSE_SCOPES = ['ZohoMail.messages.CREATE', 'ZohoMail.messages.ALL'] as const;

/** A draft the double saved, for a test to read back. */
export interface SavedDraft {
  messageId: string;
  fromAddress: string;
  /** Comma-separated, as sent; '' when the draft is addressed to nobody. */
  toAddress: string;
  subject: string;
  content: string;
  mailFormat: 'html' | 'plaintext';
}

const FIELDS = new Set(['fromAddress', 'toAddress', 'ccAddress', 'bccAddress', 'subject', 'content', 'mode', 'mailFormat', 'askReceipt', 'encoding']);
const ADDRESS = /^[^\s@,<>]+@[^\s@,<>]+\.[^\s@,<>]+$/;

export interface Composed {
  answer: MailAnswer;
  /** Set when the request saved a draft. */
  draft: SavedDraft | null;
}

/** `messageId` is the ID a saved message takes. Sending is answered as Zoho would, but nothing goes anywhere. */
export function composeMessage(path: string, body: unknown, mailbox: SeededMailbox, messageId: string): Composed {
  const refused = (answer: MailAnswer): Composed => ({ answer, draft: null });
  const accountId = MESSAGES_ROUTE.pattern.exec(path)?.[1] ?? '';
  if (!/^\d+$/.test(accountId)) return refused(badInput(`The IDs in ${path} must be numbers.`));
  if (accountId !== mailbox.accountId) return refused(noSuchAccount());
  if (!isStringRecord(body)) return refused(badInput('The body must be a JSON object of strings.', 'JSON_PARSE_ERROR'));
  const extra = Object.keys(body).find((key) => !FIELDS.has(key));
  if (extra !== undefined) return refused(badInput(`${extra} is not a parameter of this API.`, 'EXTRA_PARAM_FOUND'));

  const { mode, fromAddress, toAddress, subject = '', content = '', mailFormat = 'html' } = body;
  if (mode !== undefined && mode !== 'draft' && mode !== 'template') return refused(badInput('mode must be draft or template.'));
  if (fromAddress === undefined) return refused(badInput('fromAddress is required.', 'MANDATORY_PARAM_MISSING'));
  if (fromAddress.toLowerCase() !== mailbox.primaryEmailAddress.toLowerCase()) return refused(badInput('fromAddress must be an address of this account.'));
  // Zoho's documentation marks toAddress as required; a draft without recipients is what its web app saves.
  if (toAddress === undefined && mode === undefined) return refused(badInput('toAddress is required.', 'MANDATORY_PARAM_MISSING'));
  if (toAddress !== undefined && !toAddress.split(',').every((address) => ADDRESS.test(address.trim()))) {
    return refused(badInput('toAddress must be email addresses separated by commas.'));
  }
  if (mailFormat !== 'html' && mailFormat !== 'plaintext') return refused(badInput('mailFormat must be html or plaintext.'));

  const answer = ok({ messageId: jsonId(messageId), fromAddress, toAddress: toAddress ?? '', subject, mailFormat, ...(mode === undefined ? {} : { mode }) });
  return { answer, draft: mode === 'draft' ? { messageId, fromAddress, toAddress: toAddress ?? '', subject, content, mailFormat } : null };
}
