import { useTranslation } from 'react-i18next';
import { ORACLE } from '../../../shared/limits';
import { ChatPanel } from '../chat/chat-panel';
import { OutcomeView } from '../chat/outcome-view';
import type { PaneId } from '../shell/pane-id';
import { useOpenExternal } from '../ui/open-external';
import { OracleAnswerView } from './oracle-answer';
import { useOracleConversation } from './oracle-conversation';
import { useOpenNote } from './use-open-note';

/** Questions to the team's notes and the follow-ups; sources open the note, links in answers the browser. */
export function OracleChat({ openPane }: { openPane: (id: PaneId) => void }) {
  const { t } = useTranslation();
  const notes = useOpenNote();
  const links = useOpenExternal();
  return (
    <ChatPanel
      heading={t('oracle.chat.heading')}
      intro={t('oracle.chat.ephemeral')}
      logLabel={t('oracle.chat.log')}
      assistantName={t('oracle.chat.oracle')}
      conversation={useOracleConversation()}
      questionMaxChars={ORACLE.questionMaxChars}
      notice={notes.notice ?? links.notice}
      renderOutcome={(outcome) => (
        <OutcomeView outcome={outcome} pendingText={t('oracle.chat.thinking')} openPane={openPane}>
          {(answer) => <OracleAnswerView answer={answer} onOpenNote={notes.open} onOpenLink={links.open} openPane={openPane} />}
        </OutcomeView>
      )}
    />
  );
}
