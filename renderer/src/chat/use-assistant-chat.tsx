import { useTranslation } from 'react-i18next';
import type { AssistantDone } from '../../../shared/assistant';
import type { OpenPane } from '../navigation/pane-id';
import type { Notice } from '../ui/notice';
import { useOpenExternal } from '../ui/open-external';
import { useCopyAnswer } from './answer-footer';
import { AssistantAnswerView } from './assistant-answer';
import type { AssistantPartial } from './assistant-conversation';
import type { Outcome } from './conversation';
import { OutcomeView } from './outcome-view';
import { useOpenNote } from '../ui/use-open-note';

/**
 * How the Assistant's conversation shows an answer, wherever it is shown: the Assistant pane and the Voice pane
 * hold the same conversation, so an answer looks and opens its sources the same in both.
 */
export function useAssistantChat(openPane: OpenPane): {
  notice: Notice | null;
  renderOutcome: (outcome: Outcome<AssistantDone, AssistantPartial>) => React.ReactNode;
} {
  const { t } = useTranslation();
  const notes = useOpenNote();
  const links = useOpenExternal();
  const copies = useCopyAnswer();
  const answerLinks = { onOpenLink: links.open, onOpenNote: notes.open, onCopy: copies.copy };
  return {
    notice: notes.notice ?? links.notice ?? copies.notice,
    renderOutcome: (outcome) => (
      <OutcomeView
        outcome={outcome}
        pendingText={t('assistant.chat.thinking')}
        openPane={openPane}
        renderPartial={(partial, underway) => <AssistantAnswerView answer={partial} underway={underway} {...answerLinks} />}
      >
        {(done) => <AssistantAnswerView answer={{ text: done.answer, steps: done.steps, done }} underway={false} {...answerLinks} />}
      </OutcomeView>
    ),
  };
}
