import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import type { AppError, Result } from '../../../shared/result';
import { useAuth } from '../auth/auth-context';

/** How a question ended, or that it has not yet. */
export type Outcome<A> =
  | { readonly kind: 'pending' }
  | { readonly kind: 'answered'; readonly answer: A }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'failed'; readonly error: AppError };

/** One question and what came of it; `id` is also the requestId that cancels it. */
export interface Exchange<A> {
  readonly id: string;
  readonly question: string;
  readonly outcome: Outcome<A>;
}

export interface Conversation<A> {
  readonly exchanges: readonly Exchange<A>[];
  /** A question is on its way: one at a time. */
  readonly busy: boolean;
  ask(question: string): void;
  /** Abandons the question on its way; its answer, if one still comes, is not shown. */
  cancel(): void;
  /** Forgets the conversation (abandoning a question on its way): the next question starts a new topic. */
  startOver(): void;
}

/** A prior turn as main takes it in `history`. */
export interface Turn {
  readonly role: 'user' | 'assistant';
  readonly content: string;
}

/** What main accepts of a conversation's history (S2, O1). */
export interface HistoryLimits {
  readonly messageMaxChars: number;
  readonly maxMessages: number;
}

/**
 * What the model sees of the conversation: the answered turns only (a cancelled or failed question has no answer
 * to pair with, and main refuses an empty turn), each cut to what main accepts, and only the last `maxMessages`.
 */
export function historyOf<A>(exchanges: readonly Exchange<A>[], answerText: (answer: A) => string, limits: HistoryLimits): Turn[] {
  const cut = (content: string) => content.slice(0, limits.messageMaxChars);
  return exchanges
    .flatMap(({ question, outcome }) => {
      if (outcome.kind !== 'answered') return [];
      const answer = cut(answerText(outcome.answer));
      return answer.trim() === ''
        ? []
        : [
            { role: 'user' as const, content: cut(question) },
            { role: 'assistant' as const, content: answer },
          ];
    })
    .slice(-limits.maxMessages);
}

/** How a pane's conversation reaches main. Keep it stable between renders (useMemo), like any dependency. */
export interface ConversationChannel<A> {
  ask(input: { question: string; history: Turn[]; requestId: string }): Promise<Result<A>>;
  cancel(requestId: string): void;
  /** The answer's words, as the next question's history carries them. */
  answerText(answer: A): string;
  readonly limits: HistoryLimits;
}

interface Held<A> {
  readonly member: string | null;
  readonly exchanges: readonly Exchange<A>[];
}

/**
 * S12: a conversation lives in React state and nowhere else (no storage, no main). It belongs to the member who had
 * it: signing out, an ended session or another member forgets it.
 */
function useMemberConversation<A>(channel: ConversationChannel<A>): Conversation<A> {
  const { status } = useAuth();
  const member = status?.state === 'signed_in' ? status.email : null;
  const [held, setHeld] = useState<Held<A>>({ member, exchanges: [] });
  // Adjusting state while rendering (React's pattern for state that follows a prop): nothing stale is ever shown.
  if (held.member !== member) setHeld({ member, exchanges: [] });
  const exchanges = held.member === member ? held.exchanges : [];
  const pending = exchanges.find((exchange) => exchange.outcome.kind === 'pending');

  const settle = useCallback((id: string, outcome: Outcome<A>) => {
    setHeld((current) => ({
      ...current,
      exchanges: current.exchanges.map((exchange) =>
        exchange.id === id && exchange.outcome.kind === 'pending' ? { ...exchange, outcome } : exchange,
      ),
    }));
  }, []);

  const ask = useCallback(
    (question: string) => {
      const id = crypto.randomUUID();
      const history = historyOf(exchanges, channel.answerText, channel.limits);
      setHeld((current) => ({ ...current, exchanges: [...current.exchanges, { id, question, outcome: { kind: 'pending' } }] }));
      void channel
        .ask({ question, history, requestId: id })
        .then((result) => settle(id, result.ok ? { kind: 'answered', answer: result.value } : { kind: 'failed', error: result.error }));
    },
    [channel, exchanges, settle],
  );

  const cancel = useCallback(() => {
    if (!pending) return;
    settle(pending.id, { kind: 'cancelled' });
    channel.cancel(pending.id);
  }, [channel, pending, settle]);

  const startOver = useCallback(() => {
    if (pending) channel.cancel(pending.id);
    setHeld((current) => ({ ...current, exchanges: [] }));
  }, [channel, pending]);

  return useMemo(
    () => ({ exchanges, busy: pending !== undefined, ask, cancel, startOver }),
    [exchanges, pending, ask, cancel, startOver],
  );
}

/**
 * A pane's conversation, held above the panes (in AppProviders) so that a visit to another pane does not lose it.
 * `useChannel` is a hook that returns the pane's way to main.
 */
export function createConversationContext<A>(name: string, useChannel: () => ConversationChannel<A>) {
  const Context = createContext<Conversation<A> | null>(null);

  function ConversationProvider({ children }: { children: ReactNode }) {
    return <Context value={useMemberConversation(useChannel())}>{children}</Context>;
  }

  function useConversation(): Conversation<A> {
    const conversation = use(Context);
    if (!conversation) throw new Error(`${name} needs its conversation provider above it (see AppProviders).`);
    return conversation;
  }

  return { ConversationProvider, useConversation };
}
