/**
 * Zoho Mail's wire format: 64-bit IDs written as raw JSON numbers (LosslessNumber keeps every digit), status and
 * attachment flags as '0'/'1' strings, addresses HTML-escaped, and the `{status, data}` envelope.
 */
import { LosslessNumber, stringify } from 'lossless-json';
import type { SeededFolder, SeededMailbox, SeededMessage } from './zoho-mailbox-seed';

export const JSON_HEADERS = { 'content-type': 'application/json;charset=UTF-8' };

/** A 64-bit ID as the JSON number Zoho writes: above 2^53, so JSON.parse cannot read it exactly. */
export function jsonId(id: string): LosslessNumber {
  return new LosslessNumber(id);
}

export function writeJson(value: object): string {
  const text = stringify(value);
  if (text === undefined) throw new Error('writeJson(): the value has no JSON form');
  return text;
}

export function success(data: unknown): object {
  return { status: { code: 200, description: 'success' }, data };
}

export function accountItem(mailbox: SeededMailbox): object {
  return {
    accountId: jsonId(mailbox.accountId),
    accountName: mailbox.accountName,
    accountDisplayName: mailbox.accountName,
    displayName: mailbox.accountName,
    primaryEmailAddress: mailbox.primaryEmailAddress,
    mailboxAddress: mailbox.primaryEmailAddress,
    incomingUserName: mailbox.primaryEmailAddress,
    type: 'ZOHO_ACCOUNT',
    enabled: true,
    emailAddress: [{ isAlias: false, isPrimary: true, mailId: mailbox.primaryEmailAddress, isConfirmed: true }],
  };
}

export function folderItem(folder: SeededFolder): object {
  return { folderId: jsonId(folder.folderId), folderName: folder.folderName, folderType: folder.folderType, path: folder.path, imapAccess: true, isArchived: 0 };
}

/** One entry of the search and view lists, with the fields Zoho sends and in its formats. */
export function messageItem(message: SeededMessage): object {
  return {
    summary: message.summary,
    sentDateInGMT: message.receivedTime,
    calendarType: 0,
    subject: message.subject,
    messageId: jsonId(message.messageId),
    flagid: 'flag_not_set',
    status2: message.status === 'read' ? '1' : '0',
    priority: '3',
    hasInline: 'false',
    toAddress: escapeAddresses(message.toAddress),
    folderId: jsonId(message.folderId),
    ccAddress: message.ccAddress === '' ? 'Not Provided' : escapeAddresses(message.ccAddress),
    hasAttachment: message.hasAttachment ? '1' : '0',
    size: String(Buffer.byteLength(message.html)),
    sender: message.sender,
    receivedTime: message.receivedTime,
    fromAddress: message.fromAddress,
    status: message.status === 'read' ? '1' : '0',
    threadId: jsonId(message.threadId),
  };
}

export function contentItem(message: SeededMessage): object {
  return { messageId: jsonId(message.messageId), content: message.html };
}

/** 'Edu Martín <edu@crearack.es>' becomes '&quot;Edu Martín&quot;&lt;edu@crearack.es&gt;', as Zoho lists it. */
function escapeAddresses(addresses: string): string {
  return addresses
    .split(', ')
    .map((entry) => {
      const match = /^(.*) <([^<>]+)>$/.exec(entry);
      return match ? `&quot;${match[1]}&quot;&lt;${match[2]}&gt;` : `&lt;${entry.replace(/[<>]/g, '')}&gt;`;
    })
    .join(',');
}
