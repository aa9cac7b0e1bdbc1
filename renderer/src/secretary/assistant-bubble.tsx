import { useTranslation } from 'react-i18next';
import type { SecretaryAnswer } from '../../../shared/secretary';
import { AnswerMarkdown } from '../chat/answer-markdown';
import type { Outcome } from '../chat/conversation';
import { OutcomeView } from '../chat/outcome-view';
import { MailSources } from '../chat/mail-sources';
import type { PaneId } from '../navigation/pane-id';

interface AssistantBubbleProps {
  readonly outcome: Outcome<SecretaryAnswer>;
  readonly onOpenLink: (url: string) => void;
  readonly openPane: (id: PaneId) => void;
}

/** The secretary's side of an exchange: working on it, the answer with its lookups and mail, or why not. */
export function AssistantBubble({ outcome, onOpenLink, openPane }: AssistantBubbleProps) {
  const { t } = useTranslation();
  return (
    <OutcomeView outcome={outcome} pendingText={t('secretary.chat.thinking')} openPane={openPane}>
      {(answer) => (
        <>
          <AnswerMarkdown text={answer.answer} onOpenLink={onOpenLink} />
          <p className="bubble-meta">{t('secretary.chat.rounds', { count: answer.tool_rounds })}</p>
          <MailSources sources={answer.sources} onOpen={onOpenLink} />
        </>
      )}
    </OutcomeView>
  );
}
