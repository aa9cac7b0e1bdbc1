import { describe, expect, it, vi } from 'vitest';
import {
  type SeededMessage,
  BIG_NEWSLETTER_MIN_CHARS,
  BIG_NEWSLETTER_SUBJECT,
  INJECTION_PHRASE,
  INJECTION_SUBJECT,
  LATEST_HETZNER_NOTICE_SUBJECT,
  SEEDED_QUESTIONS,
  answerTo,
  folderNamed,
  newestMessage,
  seedMailbox,
} from './zoho-mailbox-seed';

const mailbox = seedMailbox();
const { messages } = mailbox;
const inFolder = (name: Parameters<typeof folderNamed>[0]) => messages.filter((message) => message.folderId === folderNamed(name).folderId);
const mentions = (message: SeededMessage, word: string) => `${message.subject}\n${message.text}`.toLowerCase().includes(word);

describe('the seeded mailbox', () => {
  it('is built the same on every run', async () => {
    vi.resetModules();
    const rebuilt = (await import('./zoho-mailbox-seed')).seedMailbox();

    expect(rebuilt.messages).not.toBe(messages);
    expect(rebuilt.messages).toEqual(messages);
  });

  it('holds at least 200 messages over about six months, in Inbox, Sent, Archive and Newsletters', () => {
    const times = messages.map((message) => Number(message.receivedTime));
    const months = (Math.max(...times) - Math.min(...times)) / (30 * 86_400_000);

    expect(messages.length).toBeGreaterThanOrEqual(200);
    expect(months).toBeGreaterThan(5.5);
    for (const folder of ['Inbox', 'Sent', 'Archive', 'Newsletters'] as const) expect(inFolder(folder).length).toBeGreaterThan(10);
  });

  it('has unread and read mail in the Inbox', () => {
    const statuses = new Set(inFolder('Inbox').map((message) => message.status));

    expect(statuses).toEqual(new Set(['read', 'unread']));
  });

  it('gives every message a unique 64-bit ID that a JavaScript number cannot hold, starting with its receive time', () => {
    const ids = messages.map((message) => message.messageId);

    expect(new Set(ids).size).toBe(ids.length);
    for (const message of messages) {
      expect(BigInt(message.messageId)).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER));
      expect(String(Number(message.messageId))).not.toBe(message.messageId);
      expect(message.messageId.startsWith(message.receivedTime)).toBe(true);
    }
    for (const id of [mailbox.accountId, ...mailbox.folders.map((folder) => folder.folderId)]) expect(String(Number(id))).not.toBe(id);
  });

  it('has threads with replies and a forward, each sharing one threadId', () => {
    const byThread = new Map<string, SeededMessage[]>();
    for (const message of messages) byThread.set(message.threadId, [...(byThread.get(message.threadId) ?? []), message]);
    const threads = [...byThread.values()].filter((thread) => thread.length > 1);

    expect(threads.length).toBeGreaterThanOrEqual(8);
    expect(threads.some((thread) => thread.filter((message) => message.subject.startsWith('Re: ')).length >= 4)).toBe(true);
    expect(threads.some((thread) => thread.some((message) => message.subject.startsWith('Fwd: ')) && thread.some((message) => message.subject.startsWith('Re: Fwd: ')))).toBe(true);
    expect(threads.every((thread) => thread.some((message) => message.folderId === folderNamed('Sent').folderId))).toBe(true);
  });

  it('is written in Spanish and English', () => {
    expect(messages.filter((message) => /\b(hola|gracias|factura|presupuesto)\b/i.test(message.text)).length).toBeGreaterThan(20);
    expect(messages.filter((message) => /\b(the|your|invoice|thanks)\b/i.test(message.text)).length).toBeGreaterThan(20);
  });

  it('has notices from Hetzner, Cloudflare, GitHub, Google Workspace and the bank', () => {
    for (const domain of ['@hetzner.com', '@notify.cloudflare.com', '@github.com', '@google.com', '@bancamarina.es']) {
      expect(messages.filter((message) => message.fromAddress.endsWith(domain)).length, domain).toBeGreaterThanOrEqual(5);
    }
  });

  it('has HTML newsletters the way bulk senders write them: styles, scripts, layout tables, tracking pixels', () => {
    const newsletters = inFolder('Newsletters');

    expect(newsletters.length).toBeGreaterThanOrEqual(50);
    for (const newsletter of newsletters) {
      expect(newsletter.html).toMatch(/<style[^>]*>[\s\S]+<\/style>/);
      expect(newsletter.html).toMatch(/<script[^>]*>[\s\S]+<\/script>/);
      expect(newsletter.html).toContain('<table role="presentation"');
      expect(newsletter.html).toMatch(/<img src="https:\/\/open\.[^"]+" width="1" height="1"/);
      expect(newsletter.text).not.toMatch(/gtag|@media|<\w/);
    }
  });

  it('has one newsletter of at least 5 MB for the HTML-to-text benchmark', () => {
    const big = messages.find((message) => message.subject === BIG_NEWSLETTER_SUBJECT);

    expect(big?.folderId).toBe(folderNamed('Newsletters').folderId);
    expect(big?.html.length).toBeGreaterThanOrEqual(BIG_NEWSLETTER_MIN_CHARS);
    expect(messages.filter((message) => message.html.length > 1_000_000)).toHaveLength(1);
  });

  it('has a mail that tries to give the assistant orders', () => {
    const injection = messages.find((message) => message.subject === INJECTION_SUBJECT);

    expect(injection?.folderId).toBe(folderNamed('Inbox').folderId);
    expect(injection?.text).toContain(INJECTION_PHRASE);
  });
});

describe('seeded questions', () => {
  it.each(SEEDED_QUESTIONS.map((question) => [question.question, question] as const))('%s: one newest message answers, stating the facts', (_, question) => {
    const answer = answerTo(mailbox, question);
    const candidates = messages.filter(question.answeredBy);
    const runnerUp = newestMessage(
      candidates.filter((message) => message !== answer),
      () => true,
    );

    expect(candidates.length).toBeGreaterThan(1);
    expect(Number(answer.receivedTime)).toBeGreaterThan(Number(runnerUp?.receivedTime));
    for (const fact of question.facts) expect(`${answer.subject}\n${answer.text}`).toContain(fact);
  });

  it('the newest mail that mentions Hetzner or a maintenance window anywhere is the latest Hetzner notice', () => {
    for (const word of ['hetzner', 'maintenance', 'fsn1']) {
      expect(newestMessage(messages, (message) => mentions(message, word))?.subject, word).toBe(LATEST_HETZNER_NOTICE_SUBJECT);
    }
  });
});
