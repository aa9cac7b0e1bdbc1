import { useTranslation } from 'react-i18next';
import { AnswerFooter } from '../chat/answer-footer';
import { AnswerMarkdown } from '../chat/answer-markdown';
import { AssistantSteps } from '../chat/assistant-steps';
import type { Outcome } from '../chat/conversation';
import { OutcomeView } from '../chat/outcome-view';
import { MailSources } from '../chat/mail-sources';
import type { PaneId } from '../navigation/pane-id';
import type { SecretaryPartial, SecretaryReply } from './conversation-context';

interface AssistantBubbleProps {
  readonly outcome: Outcome<SecretaryReply, SecretaryPartial>;
  readonly onOpenLink: (url: string) => void;
  readonly openPane: (id: PaneId) => void;
  readonly onCopy: (text: string) => void;
}

/**
 * The secretary's side of an exchange: working on it, each mailbox lookup as soon as it has run, then the answer
 * with its mail, or why not.
 */
export function AssistantBubble({ outcome, onOpenLink, openPane, onCopy }: AssistantBubbleProps) {
  const { t } = useTranslation();
  const lookups = (steps: SecretaryPartial['steps']) => <AssistantSteps steps={steps} onOpenLink={onOpenLink} label={t('secretary.chat.lookups')} />;
  return (
    <OutcomeView
      outcome={outcome}
      pendingText={t('secretary.chat.thinking')}
      openPane={openPane}
      renderPartial={(partial, underway) => (
        <>
          {lookups(partial.steps)}
          {underway && (
            <p className="bubble-working" aria-busy="true">
              {t('secretary.chat.thinking')}
            </p>
          )}
        </>
      )}
    >
      {(answer) => (
        <>
          {lookups(answer.steps)}
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
