import { useTranslation } from 'react-i18next';
import { ORACLE } from '../../../shared/limits';
import type { KnowledgeStatus } from '../../../shared/oracle';
import { useCopyAnswer } from '../chat/answer-footer';
import { ChatPanel } from '../chat/chat-panel';
import type { ChatSuggestions } from '../chat/chat-suggestions';
import { OutcomeView } from '../chat/outcome-view';
import { useOpenNote } from '../ui/use-open-note';
import type { PaneId } from '../navigation/pane-id';
import { useOpenExternal } from '../ui/open-external';
import { OracleAnswerView } from './oracle-answer';
import { useOracleConversation } from './oracle-conversation';

/**
 * Questions the built-in guide answers, in resources/knowledge-base: gemini-api-key, connect-zoho-mail and
 * oracle-knowledge-base-folder in en/, and their twins in es/. The other languages ask the same in their words.
 */
const GUIDE_EXAMPLES = ['apiKey', 'zoho', 'teamNotes'] as const;

/** Where an empty conversation starts, for the base main reported (nothing while it is not known). */
function useSuggestions(status: KnowledgeStatus | null): ChatSuggestions | null {
  const { t } = useTranslation();
  if (!status) return null;
  // A team's own notes are unknown here: any example could miss, so only how to ask well is said (as O4's answer does).
  if (!status.folder.isDefault) return { kind: 'tip', text: t('oracle.chat.ownNotesTip') };
  // Before any of the guide is indexed, its examples would only get the honest "nothing clear" answer.
  if (status.notes === 0) return null;
  return { kind: 'questions', questions: GUIDE_EXAMPLES.map((example) => t(`oracle.chat.examples.${example}`)) };
}

interface OracleChatProps {
  /** The knowledge base as main last reported it; null while it is not known. */
  readonly status: KnowledgeStatus | null;
  readonly openPane: (id: PaneId) => void;
}

/** Questions to the team's notes and the follow-ups; sources open the note, links in answers the browser. */
export function OracleChat({ status, openPane }: OracleChatProps) {
  const { t } = useTranslation();
  const notes = useOpenNote();
  const links = useOpenExternal();
  const copies = useCopyAnswer();
  const suggestions = useSuggestions(status);

  return (
    <ChatPanel
      heading={t('oracle.chat.heading')}
      intro={t('oracle.chat.ephemeral')}
      logLabel={t('oracle.chat.log')}
      assistantName={t('oracle.chat.oracle')}
      conversation={useOracleConversation()}
      questionMaxChars={ORACLE.questionMaxChars}
      notice={notes.notice ?? links.notice ?? copies.notice}
      suggestions={suggestions}
      renderOutcome={(outcome) => (
        <OutcomeView outcome={outcome} pendingText={t('oracle.chat.thinking')} openPane={openPane}>
          {(answer) => <OracleAnswerView answer={answer} onOpenNote={notes.open} onOpenLink={links.open} openPane={openPane} onCopy={copies.copy} />}
        </OutcomeView>
      )}
    />
  );
}
