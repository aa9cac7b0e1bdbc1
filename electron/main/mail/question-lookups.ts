import { SECRETARY } from '../../../shared/limits';
import { ok, type Result } from '../../../shared/result';
import type { MailboxPort, MailSearch, MailSummary } from './mailbox-port';

/** One tool round of this question, as the next prompt shows it to the model. */
export type Lookup =
  | { kind: 'search'; terms: MailSearch; results: MailSummary[] }
  | { kind: 'read'; message: MailSummary; text: string }
  /** S6: the pair did not come from a search in this question. */
  | { kind: 'refused'; messageId: string; folderId: string }
  | { kind: 'reread'; message: MailSummary };

/**
 * A mailbox lookup as the model asks for it, in the seeds' action names (S3): `buscar` searches, `leer` reads one
 * message a search in this question returned. The Secretary's decoded actions and the Assistant's tool calls are both this.
 */
export type LookupAction =
  | { action: 'buscar'; query?: string | undefined; from?: string | undefined; subject?: string | undefined }
  | { action: 'leer'; messageId: string; folderId: string };

/**
 * What this question has looked up so far. It lives only as long as the question: nothing of it is stored (S12).
 */
export interface QuestionLookups {
  readonly done: readonly Lookup[];
  /** Every message a search in this question returned, by messageId: the only ones `leer` may open. */
  readonly found: ReadonlyMap<string, MailSummary>;
  /** The messages read, in order. */
  readonly read: readonly MailSummary[];
  /** Runs one tool round; a mailbox failure ends the question with the mailbox's own error. */
  run(action: LookupAction, signal: AbortSignal): Promise<Result<Lookup>>;
}

export function createQuestionLookups(mailbox: MailboxPort): QuestionLookups {
  const done: Lookup[] = [];
  const found = new Map<string, MailSummary>();
  const read: MailSummary[] = [];

  async function search(terms: MailSearch, signal: AbortSignal): Promise<Result<Lookup>> {
    const searched = await mailbox.search(terms, signal);
    if (!searched.ok) return searched;
    // The port promises these bounds; the prompt keeps them whatever an adapter does.
    const results = searched.value.slice(0, SECRETARY.searchMaxResults).map((message) => ({
      ...message,
      summary: message.summary.slice(0, SECRETARY.searchSummaryMaxChars),
    }));
    for (const message of results) found.set(message.messageId, message);
    return ok({ kind: 'search', terms, results });
  }

  async function readMessage(messageId: string, folderId: string, signal: AbortSignal): Promise<Result<Lookup>> {
    const message = found.get(messageId);
    if (message?.folderId !== folderId) return ok({ kind: 'refused', messageId, folderId });
    if (read.some((earlier) => earlier.messageId === messageId)) return ok({ kind: 'reread', message });
    const body = await mailbox.read({ messageId, folderId }, signal);
    if (!body.ok) return body;
    read.push(message);
    return ok({ kind: 'read', message, text: body.value.text.slice(0, SECRETARY.readBodyMaxChars) });
  }

  return {
    done,
    found,
    read,
    async run(action, signal) {
      const lookup =
        action.action === 'buscar'
          ? await search(termsOf(action), signal)
          : await readMessage(action.messageId, action.folderId, signal);
      if (lookup.ok) done.push(lookup.value);
      return lookup;
    },
  };
}

function termsOf(action: Extract<LookupAction, { action: 'buscar' }>): MailSearch {
  const terms: MailSearch = {};
  if (action.query) terms.query = action.query;
  if (action.from) terms.from = action.from;
  if (action.subject) terms.subject = action.subject;
  return terms;
}
