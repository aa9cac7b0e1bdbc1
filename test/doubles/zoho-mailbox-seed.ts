/**
 * The Zoho double's seeded mailbox: about six months (June to November 2026) of one member's mail, built the same
 * way on every run. IDs are 64-bit and never exactly representable as a JavaScript number, so a client that reads
 * them with JSON.parse visibly corrupts them.
 */
import { conversationDrafts, BODEGAS_SUBJECT, LUIS } from './zoho-seed-conversations';
import { LATEST_HETZNER_NOTICE_SUBJECT, hetznerDrafts } from './zoho-seed-hetzner';
import { BIG_NEWSLETTER_MIN_CHARS, BIG_NEWSLETTER_SUBJECT, newsletterDrafts } from './zoho-seed-newsletters';
import { INJECTION_PHRASE, INJECTION_SUBJECT, providerDrafts } from './zoho-seed-providers';
import { type Draft, OWNER, type Person, type SeedFolderName } from './zoho-seed-kit';

export { BIG_NEWSLETTER_MIN_CHARS, BIG_NEWSLETTER_SUBJECT, BODEGAS_SUBJECT, INJECTION_PHRASE, INJECTION_SUBJECT, LATEST_HETZNER_NOTICE_SUBJECT };
export type { SeedFolderName };

export interface SeededFolder {
  folderId: string;
  folderName: SeedFolderName;
  folderType: string;
  path: string;
}

export interface SeededMessage {
  messageId: string;
  folderId: string;
  threadId: string;
  /** The sender's address. */
  fromAddress: string;
  /** The sender's display name. */
  sender: string;
  /** 'Name <address>' entries joined by ', '. */
  toAddress: string;
  /** Likewise, '' when nobody was copied. */
  ccAddress: string;
  subject: string;
  /** The start of the visible text, as Zoho's lists show it. */
  summary: string;
  /** Epoch milliseconds, as a string (Zoho's wire format). */
  receivedTime: string;
  status: 'read' | 'unread';
  html: string;
  /** The visible text of `html` (no CSS, script or link targets): what the double searches. */
  text: string;
  hasAttachment: boolean;
}

export interface SeededMailbox {
  accountId: string;
  primaryEmailAddress: string;
  accountName: string;
  folders: SeededFolder[];
  messages: SeededMessage[];
}

export const SEED_ACCOUNT_ID = '1709876190693100009';
export const SEED_OWNER: Readonly<Person> = OWNER;

/** Zoho's summaries run to about this many characters of the message's text. */
export const SUMMARY_CHARS = 200;

const FOLDERS: readonly SeededFolder[] = [
  { folderId: '1709876190693100021', folderName: 'Inbox', folderType: 'Inbox', path: '/Inbox' },
  { folderId: '1709876190693100023', folderName: 'Drafts', folderType: 'Drafts', path: '/Drafts' },
  { folderId: '1709876190693100025', folderName: 'Sent', folderType: 'Sent', path: '/Sent' },
  { folderId: '1709876190693100027', folderName: 'Spam', folderType: 'Spam', path: '/Spam' },
  { folderId: '1709876190693100029', folderName: 'Trash', folderType: 'Trash', path: '/Trash' },
  { folderId: '1709876190693100031', folderName: 'Archive', folderType: 'Archive', path: '/Archive' },
  { folderId: '1709876190693100033', folderName: 'Newsletters', folderType: 'Folder', path: '/Newsletters' },
];

export function folderNamed(name: SeedFolderName): SeededFolder {
  const folder = FOLDERS.find((candidate) => candidate.folderName === name);
  if (!folder) throw new Error(`no seeded folder '${name}'`);
  return folder;
}

/**
 * A message ID the way Zoho makes them: the receive time in milliseconds followed by six digits. The sequence
 * keeps them unique and the odd last digit keeps them off the doubles' grid (a multiple of 256 at this size).
 */
export function zohoMessageId(receivedAt: number, sequence: number): string {
  return (BigInt(receivedAt) * 1_000_000n + BigInt(100_001 + 2 * sequence)).toString();
}

export function summarise(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, SUMMARY_CHARS);
}

export function formatAddresses(people: readonly Person[]): string {
  return people.map((person) => `${person.name} <${person.address}>`).join(', ');
}

let seeded: readonly SeededMessage[] | undefined;

/** The seeded messages, oldest first; built once per process and frozen, so doubles can share them. */
function seededMessages(): readonly SeededMessage[] {
  seeded ??= buildMessages([...hetznerDrafts(), ...providerDrafts(), ...conversationDrafts(), ...newsletterDrafts()]);
  return seeded;
}

function buildMessages(drafts: Draft[]): readonly SeededMessage[] {
  const ordered = [...drafts].sort((a, b) => a.at - b.at || a.subject.localeCompare(b.subject));
  const threadIds = new Map<string, string>();
  return ordered.map((draft, sequence) => {
    const messageId = zohoMessageId(draft.at, sequence);
    const threadId = draft.thread === undefined ? messageId : (threadIds.get(draft.thread) ?? messageId);
    if (draft.thread !== undefined && !threadIds.has(draft.thread)) threadIds.set(draft.thread, messageId);
    return Object.freeze({
      messageId,
      folderId: folderNamed(draft.folder).folderId,
      threadId,
      fromAddress: draft.from.address,
      sender: draft.from.name,
      toAddress: formatAddresses(draft.to),
      ccAddress: formatAddresses(draft.cc ?? []),
      subject: draft.subject,
      summary: summarise(draft.body.text),
      receivedTime: String(draft.at),
      status: draft.unread ? 'unread' : 'read',
      html: draft.body.html,
      text: draft.body.text,
      hasAttachment: draft.attachment ?? false,
    } satisfies SeededMessage);
  });
}

/** A fresh mailbox: its own arrays around the shared, frozen seeded messages. */
export function seedMailbox(): SeededMailbox {
  return {
    accountId: SEED_ACCOUNT_ID,
    primaryEmailAddress: OWNER.address,
    accountName: OWNER.name,
    folders: FOLDERS.map((folder) => ({ ...folder })),
    messages: [...seededMessages()],
  };
}

/** The newest message that satisfies the predicate, or undefined. */
export function newestMessage(messages: readonly SeededMessage[], predicate: (message: SeededMessage) => boolean): SeededMessage | undefined {
  let newest: SeededMessage | undefined;
  for (const message of messages) {
    if (predicate(message) && (newest === undefined || Number(message.receivedTime) > Number(newest.receivedTime))) newest = message;
  }
  return newest;
}

export interface SeededQuestion {
  question: string;
  /** The answer is the NEWEST message this accepts. */
  answeredBy: (message: SeededMessage) => boolean;
  /** What a right answer states, as the message writes it. */
  facts: readonly string[];
}

const mentions = (message: SeededMessage, word: string) => `${message.subject}\n${message.text}`.toLowerCase().includes(word);

/** Questions a member would ask of this mailbox, each answered by exactly one newest message. */
export const SEEDED_QUESTIONS: readonly SeededQuestion[] = [
  {
    question: '¿Qué decía el último aviso de Hetzner?',
    answeredBy: (message) => message.fromAddress.endsWith('@hetzner.com'),
    facts: [LATEST_HETZNER_NOTICE_SUBJECT, '9 December 2026, 02:00 CET', '9 December 2026, 04:00 CET', 'FSN1-DC14', 'crearack-db1', 'up to 15 minutes'],
  },
  {
    question: 'When is the next maintenance window?',
    answeredBy: (message) => mentions(message, 'maintenance'),
    facts: ['9 December 2026, 02:00 CET', '9 December 2026, 04:00 CET', 'crearack-db1'],
  },
  {
    question: 'How much was the last Hetzner invoice?',
    answeredBy: (message) => message.fromAddress === 'billing@hetzner.com',
    facts: ['R0023918481', '€68.40', '10 November 2026'],
  },
  {
    question: '¿Cuándo se renueva el dominio crearack.com?',
    answeredBy: (message) => message.fromAddress === 'noreply@notify.cloudflare.com' && mentions(message, 'renew'),
    facts: ['15 December 2026', '$10.44'],
  },
  {
    question: '¿Qué me ha dicho Luis de Bodegas García sobre el presupuesto?',
    answeredBy: (message) => message.fromAddress === LUIS.address,
    facts: ['4.840 €', 'PRES-2026-031', 'lunes 1 de diciembre a las 9:00', 'Carmen'],
  },
  {
    question: 'What failed in the last GitHub Actions run?',
    answeredBy: (message) => message.fromAddress === 'notifications@github.com' && message.subject.includes('Run failed'),
    facts: ['Release - main (a41c9e7)', 'ENOSPC', 'build-linux'],
  },
];

export function answerTo(mailbox: SeededMailbox, question: SeededQuestion): SeededMessage {
  const answer = newestMessage(mailbox.messages, question.answeredBy);
  if (!answer) throw new Error(`nothing in the mailbox answers '${question.question}'`);
  return answer;
}
