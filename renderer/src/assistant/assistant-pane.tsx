import { useTranslation } from 'react-i18next';
import { ASSISTANT } from '../../../shared/limits';
import { ChatPanel } from '../chat/chat-panel';
import { OutcomeView } from '../chat/outcome-view';
import { useOpenNote } from '../oracle/use-open-note';
import type { PaneProps } from '../shell/pane-id';
import { useOpenExternal } from '../ui/open-external';
import { useCopyText } from '../ui/use-copy-text';
import { AssistantAnswerView } from './assistant-answer';
import { useAssistantConversation } from './assistant-conversation';
import './assistant.css';

/** Questions its tools answer on any install: the time (G7) and the app's own guide (G6). */
const EXAMPLES = ['time', 'apiKey', 'abilities'] as const;

/**
 * The Assistant (seeds 004): a Gemini chat that runs the app's tools and shows each one it ran, streams its answer,
 * writes in the UI's language whatever the member writes in (G5), and says so when it could only fall back (G3).
 */
export function AssistantPane({ openPane }: PaneProps) {
  const { t } = useTranslation();
  const notes = useOpenNote();
  const links = useOpenExternal();
  const copies = useCopyText(t('assistant.answer.copied'));
  const answerLinks = { onOpenLink: links.open, onOpenNote: notes.open, onCopy: copies.copy };

  return (
    <div className="assistant chat-pane">
      <p className="muted">{t('panes.assistant.summary')}</p>
      <ChatPanel
        heading={t('assistant.chat.heading')}
        intro={t('assistant.chat.ephemeral')}
        logLabel={t('assistant.chat.log')}
        assistantName={t('assistant.chat.assistant')}
        conversation={useAssistantConversation()}
        questionMaxChars={ASSISTANT.messageMaxChars}
        notice={notes.notice ?? links.notice ?? copies.notice}
        suggestions={{ kind: 'questions', questions: EXAMPLES.map((example) => t(`assistant.chat.examples.${example}`)) }}
        renderOutcome={(outcome) => (
          <OutcomeView
            outcome={outcome}
            pendingText={t('assistant.chat.thinking')}
            openPane={openPane}
            renderPartial={(partial, underway) => <AssistantAnswerView answer={partial} underway={underway} {...answerLinks} />}
          >
            {(done) => <AssistantAnswerView answer={{ text: done.answer, steps: done.steps, done }} underway={false} {...answerLinks} />}
          </OutcomeView>
        )}
      />
    </div>
  );
}
