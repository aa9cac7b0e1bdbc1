import { useTranslation } from 'react-i18next';
import { SECRETARY } from '../../../shared/limits';
import { ChatPanel } from '../chat/chat-panel';
import type { PaneId } from '../shell/pane-id';
import { useOpenExternal } from '../ui/open-external';
import { AssistantBubble } from './assistant-bubble';
import { useSecretaryConversation } from './conversation-context';

/** S15: the conversation about the member's mail; links in answers and sources open in the system browser. */
export function SecretaryChat({ openPane }: { openPane: (id: PaneId) => void }) {
  const { t } = useTranslation();
  const links = useOpenExternal();
  return (
    <ChatPanel
      heading={t('secretary.chat.heading')}
      intro={t('secretary.chat.ephemeral')}
      logLabel={t('secretary.chat.log')}
      assistantName={t('secretary.chat.secretary')}
      conversation={useSecretaryConversation()}
      questionMaxChars={SECRETARY.questionMaxChars}
      notice={links.notice}
      renderOutcome={(outcome) => <AssistantBubble outcome={outcome} onOpenLink={links.open} openPane={openPane} />}
    />
  );
}
