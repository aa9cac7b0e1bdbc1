import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SECRETARY } from '../../../shared/limits';
import { useCopyAnswer } from '../chat/answer-footer';
import { ChatPanel } from '../chat/chat-panel';
import type { PaneId } from '../navigation/pane-id';
import { useOpenExternal } from '../ui/open-external';
import { AssistantBubble } from './assistant-bubble';
import { useSecretaryConversation } from './conversation-context';

/** Questions any mailbox can answer, offered in an empty conversation: what needs the member, and by when. */
const EXAMPLES = ['needsReply', 'invoices', 'latest'] as const;

interface SecretaryChatProps {
  readonly openPane: (id: PaneId) => void;
  /** The latest pass (S7, the secretary's main context), at the top of the log above the conversation. */
  readonly digest: ReactNode;
}

/** S15: the conversation about the member's mail; links in answers and sources open in the system browser. */
export function SecretaryChat({ openPane, digest }: SecretaryChatProps) {
  const { t } = useTranslation();
  const links = useOpenExternal();
  const copies = useCopyAnswer();
  return (
    <ChatPanel
      heading={t('secretary.chat.heading')}
      intro={t('secretary.chat.ephemeral')}
      logLabel={t('secretary.chat.log')}
      assistantName={t('secretary.chat.secretary')}
      conversation={useSecretaryConversation()}
      questionMaxChars={SECRETARY.questionMaxChars}
      notice={links.notice ?? copies.notice}
      leading={digest}
      suggestions={{ kind: 'questions', questions: EXAMPLES.map((example) => t(`secretary.chat.examples.${example}`)) }}
      renderOutcome={(outcome) => <AssistantBubble outcome={outcome} onOpenLink={links.open} openPane={openPane} onCopy={copies.copy} />}
    />
  );
}
