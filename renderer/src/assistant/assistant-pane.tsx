import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSISTANT } from '../../../shared/limits';
import { useAssistantConversation } from '../chat/assistant-conversation';
import { ChatPanel } from '../chat/chat-panel';
import { useAssistantChat } from '../chat/use-assistant-chat';
import type { PaneProps } from '../navigation/pane-id';
import { useSettings } from '../settings-provider';
import { ManagedNote } from '../ui/managed-note';

/** Questions its tools answer on any install: the time (G7) and the app's own guide (G6). */
const EXAMPLES = ['time', 'apiKey', 'abilities'] as const;

interface AssistantPaneProps extends PaneProps {
  /** The composer's microphone, push-to-talk's: the shell's list of panes hands it in, so no pane imports another. */
  readonly composerTools?: (insert: (text: string) => void) => ReactNode;
}

/**
 * The Assistant (seeds 004): a Gemini chat that runs the app's tools and shows each one it ran, streams its answer,
 * writes in the UI's language whatever the member writes in (G5), and says so when it could only fall back (G3).
 * Its microphone asks by voice or dictates into the box (V1, V3); the Voice pane shows the same conversation.
 */
export function AssistantPane({ openPane, composerTools }: AssistantPaneProps) {
  const { t } = useTranslation();
  const { notice, renderOutcome } = useAssistantChat(openPane);
  const mailToolsOff = useSettings()?.features.mailTools === false;

  return (
    <div className="assistant chat-pane">
      <p className="muted">{t('panes.assistant.summary')}</p>
      {/* Main leaves the mailbox tools out (issue 28): said here, so a question about mail is not a surprise. */}
      {mailToolsOff && <ManagedNote text={t('managed.mailToolsOff')} />}
      <ChatPanel
        heading={t('assistant.chat.heading')}
        intro={t('assistant.chat.ephemeral')}
        logLabel={t('assistant.chat.log')}
        assistantName={t('assistant.chat.assistant')}
        conversation={useAssistantConversation()}
        questionMaxChars={ASSISTANT.messageMaxChars}
        notice={notice}
        suggestions={{ kind: 'questions', questions: EXAMPLES.map((example) => t(`assistant.chat.examples.${example}`)) }}
        renderOutcome={renderOutcome}
        composerTools={composerTools}
      />
    </div>
  );
}
