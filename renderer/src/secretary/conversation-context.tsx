import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { SECRETARY } from '../../../shared/limits';
import type { AppError } from '../../../shared/result';
import { keepRecentHistory, type HistoryEntry, type SecretaryAnswer } from '../../../shared/secretary';
import { useApi } from '../api';
import { useAuth } from '../auth/auth-context';

/** How a question ended, or that it has not yet. */
export type Outcome =
  | { readonly kind: 'pending' }
  | { readonly kind: 'answered'; readonly answer: SecretaryAnswer }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'failed'; readonly error: AppError };

/** One question and what came of it; `id` is also the requestId that cancels it. */
export interface Exchange {
  readonly id: string;
  readonly question: string;
  readonly outcome: Outcome;
}

export interface Conversation {
  readonly exchanges: readonly Exchange[];
  /** A question is on its way: one at a time. */
  readonly busy: boolean;
  ask(question: string): void;
  /** Abandons the question on its way; its answer, if one still comes, is not shown. */
  cancel(): void;
}

/**
 * S2: what the model sees of the conversation, the answered turns only (a cancelled or failed question has no
 * answer to pair with), each cut to what main accepts, and only the last SECRETARY.historyMaxMessages.
 */
export function historyOf(exchanges: readonly Exchange[]): HistoryEntry[] {
  const cut = (content: string) => content.slice(0, SECRETARY.historyMessageMaxChars);
  return keepRecentHistory(
    exchanges.flatMap(({ question, outcome }) =>
      outcome.kind === 'answered'
        ? [
            { role: 'user' as const, content: cut(question) },
            { role: 'assistant' as const, content: cut(outcome.answer.answer) },
          ]
        : [],
    ),
  );
}

const ConversationContext = createContext<Conversation | null>(null);

export function useConversation(): Conversation {
  const conversation = use(ConversationContext);
  if (!conversation) throw new Error('useConversation() needs a <ConversationProvider> above it.');
  return conversation;
}

interface Held {
  readonly member: string | null;
  readonly exchanges: readonly Exchange[];
}

/**
 * S12: the conversation lives here, in React state and nowhere else (no storage, no main), above the panes so that
 * a visit to Settings does not lose it. It belongs to the member who had it: signing out, an ended session or
 * another member forgets it.
 */
export function ConversationProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const { status } = useAuth();
  const member = status?.state === 'signed_in' ? status.email : null;
  const [held, setHeld] = useState<Held>({ member, exchanges: [] });
  // Adjusting state while rendering (React's pattern for state that follows a prop): nothing stale is ever shown.
  if (held.member !== member) setHeld({ member, exchanges: [] });
  const exchanges = held.member === member ? held.exchanges : [];
  const pending = exchanges.find((exchange) => exchange.outcome.kind === 'pending');

  const settle = useCallback((id: string, outcome: Outcome) => {
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
      const history = historyOf(exchanges);
      setHeld((current) => ({ ...current, exchanges: [...current.exchanges, { id, question, outcome: { kind: 'pending' } }] }));
      void api.secretary.ask({ question, history, requestId: id }).then((result) =>
        settle(id, result.ok ? { kind: 'answered', answer: result.value } : { kind: 'failed', error: result.error }),
      );
    },
    [api, exchanges, settle],
  );

  const cancel = useCallback(() => {
    if (!pending) return;
    settle(pending.id, { kind: 'cancelled' });
    void api.secretary.cancel({ requestId: pending.id });
  }, [api, pending, settle]);

  const conversation = useMemo(() => ({ exchanges, busy: pending !== undefined, ask, cancel }), [exchanges, pending, ask, cancel]);
  return <ConversationContext value={conversation}>{children}</ConversationContext>;
}
