import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaneId } from '../shell/pane-id';
import { useErrorText } from '../ui/use-error-text';
import type { Outcome } from './conversation';

interface OutcomeViewProps<A> {
  readonly outcome: Outcome<A>;
  /** What the pane says while main works on the question ("Looking through your mailbox…"). */
  readonly pendingText: string;
  readonly openPane: (id: PaneId) => void;
  /** The answer, as the pane shows its own kind of answer. */
  readonly children: (answer: A) => ReactNode;
}

/** The assistant's side of an exchange: working on it, the answer, that the member cancelled it, or why it failed. */
export function OutcomeView<A>({ outcome, pendingText, openPane, children }: OutcomeViewProps<A>) {
  const { t } = useTranslation();
  const describe = useErrorText();

  switch (outcome.kind) {
    case 'pending':
      return (
        <p className="bubble-working" aria-busy="true">
          {pendingText}
        </p>
      );
    case 'cancelled':
      return <p className="muted">{t('chat.cancelled')}</p>;
    case 'answered':
      return children(outcome.answer);
    case 'failed': {
      const said = describe(outcome.error);
      return (
        <div className="bubble-error">
          <p>{said.message}</p>
          {said.hint && <p className="muted">{said.hint}</p>}
          {/* Every "set this up first" is done in Settings: the mailbox, the OAuth client, the Gemini key. */}
          {outcome.error.code === 'NOT_CONFIGURED' && (
            <button type="button" onClick={() => openPane('settings')}>
              {t('chat.openSettings')}
            </button>
          )}
        </div>
      );
    }
  }
}
