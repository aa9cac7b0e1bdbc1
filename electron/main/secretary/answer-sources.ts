import { SECRETARY } from '../../../shared/limits';
import type { SecretarySource } from '../../../shared/secretary';
import type { MailboxPort, MailSummary } from '../mail/mailbox-port';
import type { QuestionLookups } from '../mail/question-lookups';

/**
 * The messages an answer used: every message read in this question, then those the model cites by messageId.
 * A cited id that no search of this question returned is dropped, so a citation always names real mail.
 */
export function answerSources(
  lookups: Pick<QuestionLookups, 'read' | 'found'>,
  cited: readonly string[] | undefined,
  webUrl: MailboxPort['webUrl'],
): SecretarySource[] {
  const citedMessages = (cited ?? []).flatMap((messageId) => lookups.found.get(messageId.trim()) ?? []);
  return toSources([...lookups.read, ...citedMessages], webUrl);
}

/**
 * S4: the best answer from the last state when the model would not close one: what the lookups found. It is the
 * app speaking, not the model, so it lists facts only.
 */
export function foundSoFar(
  lookups: Pick<QuestionLookups, 'read' | 'found'>,
  webUrl: MailboxPort['webUrl'],
): { answer: string; sources: SecretarySource[] } {
  const sources = toSources([...lookups.read, ...lookups.found.values()], webUrl).slice(0, SECRETARY.searchMaxResults);
  const rounds = SECRETARY.maxToolRounds;
  if (sources.length === 0) {
    return { answer: `I could not reach an answer in ${rounds} mailbox lookups, and they found no matching mail.`, sources };
  }
  const lines = sources.map((source) => `- ${source.subject || '(no subject)'}: ${source.from}, ${source.date}`);
  return {
    answer: [`I could not reach an answer in ${rounds} mailbox lookups. These are the messages I found:`, ...lines].join('\n'),
    sources,
  };
}

function toSources(messages: readonly MailSummary[], webUrl: MailboxPort['webUrl']): SecretarySource[] {
  const seen = new Set<string>();
  return messages.flatMap(({ messageId, folderId, from, subject, date }) => {
    if (seen.has(messageId)) return [];
    seen.add(messageId);
    return [{ messageId, folderId, from, subject, date, webUrl: webUrl({ messageId, folderId }) }];
  });
}
