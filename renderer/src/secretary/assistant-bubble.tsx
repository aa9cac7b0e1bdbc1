import { useTranslation } from 'react-i18next';
import type { SecretaryAnswer } from '../../../shared/secretary';
import { AnswerFooter } from '../chat/answer-footer';
import { AnswerMarkdown } from '../chat/answer-markdown';
import type { Outcome } from '../chat/conversation';
import { OutcomeView } from '../chat/outcome-view';
import { MailSources } from '../chat/mail-sources';
import type { PaneId } from '../navigation/pane-id';

interface AssistantBubbleProps {
  readonly outcome: Outcome<SecretaryAnswer>;
  readonly onOpenLink: (url: string) => void;
  readonly openPane: (id: PaneId) => void;
  readonly onCopy: (text: string) => void;
}

/** The secretary's side of an exchange: working on it, the answer with its lookups and mail, or why not. */
export function AssistantBubble({ outcome, onOpenLink, openPane, onCopy }: AssistantBubbleProps) {
  const { t } = useTranslation();
  return (
    <OutcomeView outcome={outcome} pendingText={t('secretary.chat.thinking')} openPane={openPane}>
      {(answer) => (
        <>
          <AnswerMarkdown text={answer.answer} onOpenLink={onOpenLink} />
          <MailSources sources={answer.sources} onOpen={onOpenLink} />
          <AnswerFooter
            model={answer.model}
            durationMs={answer.duration_ms}
            details={[t('secretary.chat.rounds', { count: answer.tool_rounds })]}
            text={answer.answer}
            onCopy={onCopy}
          />
        </>
      )}
    </OutcomeView>
  );
}
