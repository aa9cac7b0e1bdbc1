import { useMemo } from 'react';
import { SECRETARY } from '../../../shared/limits';
import type { SecretaryAnswer } from '../../../shared/secretary';
import { useApi } from '../api';
import { createConversationContext, type ConversationChannel } from '../chat/conversation';

/** S2 and S12: the secretary's questions go to `secretary:ask` with the answered turns as history. */
function useSecretaryChannel(): ConversationChannel<SecretaryAnswer> {
  const api = useApi();
  return useMemo(
    () => ({
      ask: (input) => api.secretary.ask(input),
      cancel: (requestId) => void api.secretary.cancel({ requestId }),
      answerText: (answer) => answer.answer,
      limits: { messageMaxChars: SECRETARY.historyMessageMaxChars, maxMessages: SECRETARY.historyMaxMessages },
    }),
    [api],
  );
}

export const { ConversationProvider: SecretaryConversationProvider, useConversation: useSecretaryConversation } =
  createConversationContext('The Secretary pane', useSecretaryChannel);
