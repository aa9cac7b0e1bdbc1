import { useTranslation } from 'react-i18next';
import { useAssistantConversation } from '../chat/assistant-conversation';
import { useCopyAnswer } from '../chat/answer-footer';
import type { Exchange } from '../chat/conversation';
import { OutcomeView } from '../chat/outcome-view';
import { useAssistantChat } from '../chat/use-assistant-chat';
import { useOpenNote } from '../ui/use-open-note';
import type { OpenPane } from '../navigation/pane-id';
import { OracleAnswerView } from '../oracle/oracle-answer';
import { useOracleConversation } from '../oracle/oracle-conversation';
import { AssistantBubble } from '../secretary/assistant-bubble';
import { useSecretaryConversation } from '../secretary/conversation-context';
import { NoticeRegion } from '../ui/notice';
import { useOpenExternal } from '../ui/open-external';
import type { QuickAskTarget } from './quick-ask-target';

/** The question over its answer: the one place the member sees what they asked once the box is cleared. */
function Asked<A, P>({ exchange, children }: { exchange: Exchange<A, P> | undefined; children: React.ReactNode }) {
  if (!exchange) return null;
  return (
    <article className="quick-ask-exchange">
      <p className="quick-ask-question" dir="auto">
        {exchange.question}
      </p>
      {children}
    </article>
  );
}

function AssistantAnswer({ openPane }: { openPane: OpenPane }) {
  const latest = useAssistantConversation().exchanges.at(-1);
  const { notice, renderOutcome } = useAssistantChat(openPane);
  return (
    <>
      <Asked exchange={latest}>{latest && renderOutcome(latest.outcome)}</Asked>
      <NoticeRegion notice={notice} />
    </>
  );
}

function SecretaryAnswer({ openPane }: { openPane: OpenPane }) {
  const latest = useSecretaryConversation().exchanges.at(-1);
  const links = useOpenExternal();
  const copies = useCopyAnswer();
  return (
    <>
      <Asked exchange={latest}>{latest && <AssistantBubble outcome={latest.outcome} onOpenLink={links.open} openPane={openPane} onCopy={copies.copy} />}</Asked>
      <NoticeRegion notice={links.notice ?? copies.notice} />
    </>
  );
}

function OracleAnswer({ openPane }: { openPane: OpenPane }) {
  const { t } = useTranslation();
  const latest = useOracleConversation().exchanges.at(-1);
  const notes = useOpenNote();
  const links = useOpenExternal();
  const copies = useCopyAnswer();
  return (
    <>
      <Asked exchange={latest}>
        {latest && (
          <OutcomeView outcome={latest.outcome} pendingText={t('oracle.chat.thinking')} openPane={openPane}>
            {(answer) => <OracleAnswerView answer={answer} onOpenNote={notes.open} onOpenLink={links.open} openPane={openPane} onCopy={copies.copy} />}
          </OutcomeView>
        )}
      </Asked>
      <NoticeRegion notice={notes.notice ?? links.notice ?? copies.notice} />
    </>
  );
}

/** The latest answer of the target's conversation, as its pane shows it (steps, sources, errors and all). */
export function QuickAskAnswer({ target, openPane }: { target: QuickAskTarget; openPane: OpenPane }) {
  switch (target) {
    case 'assistant':
      return <AssistantAnswer openPane={openPane} />;
    case 'secretary':
      return <SecretaryAnswer openPane={openPane} />;
    case 'oracle':
      return <OracleAnswer openPane={openPane} />;
  }
}
