import { useTranslation } from 'react-i18next';
import type { PaneId } from '../shell/pane-id';
import { useErrorText } from '../ui/use-error-text';
import { AnswerMarkdown } from './answer-markdown';
import { AnswerSources } from './answer-sources';
import type { Outcome } from './conversation-context';

interface AssistantBubbleProps {
  readonly outcome: Outcome;
  readonly onOpenLink: (url: string) => void;
  readonly openPane: (id: PaneId) => void;
}

/** The secretary's side of an exchange: working on it, the answer with its lookups and mail, or why not. */
export function AssistantBubble({ outcome, onOpenLink, openPane }: AssistantBubbleProps) {
  const { t } = useTranslation();
  const describe = useErrorText();

  switch (outcome.kind) {
    case 'pending':
      return (
        <p className="bubble-working" aria-busy="true">
          {t('secretary.chat.thinking')}
        </p>
      );
    case 'cancelled':
      return <p className="muted">{t('secretary.chat.cancelled')}</p>;
    case 'answered': {
      const { answer } = outcome;
      return (
        <>
          <AnswerMarkdown text={answer.answer} onOpenLink={onOpenLink} />
          <p className="bubble-meta">{t('secretary.chat.rounds', { count: answer.tool_rounds })}</p>
          <AnswerSources sources={answer.sources} onOpen={onOpenLink} />
        </>
      );
    }
    case 'failed': {
      const said = describe(outcome.error);
      return (
        <div className="bubble-error">
          <p>{said.message}</p>
          {said.hint && <p className="muted">{said.hint}</p>}
          {/* Every "set this up first" is done in Settings: the mailbox, the OAuth client, the Gemini key. */}
          {outcome.error.code === 'NOT_CONFIGURED' && (
            <button type="button" onClick={() => openPane('settings')}>
              {t('secretary.chat.openSettings')}
            </button>
          )}
        </div>
      );
    }
  }
}
