import { useMemo } from 'react';
import { ORACLE } from '../../../shared/limits';
import type { OracleAnswer } from '../../../shared/oracle';
import { useApi } from '../api';
import { createConversationContext, type ConversationChannel } from '../chat/conversation';

/** O1 and O3: each question goes to `oracle:ask` with the answered turns, so a follow-up is understood. */
function useOracleChannel(): ConversationChannel<OracleAnswer> {
  const api = useApi();
  return useMemo(
    () => ({
      ask: (input) => api.oracle.ask(input),
      cancel: (requestId) => void api.oracle.cancel({ requestId }),
      answerText: (answer) => answer.answer,
      limits: { messageMaxChars: ORACLE.historyMessageMaxChars, maxMessages: ORACLE.historyMaxMessages },
    }),
    [api],
  );
}

export const { ConversationProvider: OracleConversationProvider, useConversation: useOracleConversation } =
  createConversationContext('The Oracle pane', useOracleChannel);
