import { useMemo, useRef } from 'react';
import type { AssistantStep } from '../../../shared/assistant';
import { SECRETARY } from '../../../shared/limits';
import { ok, type Result } from '../../../shared/result';
import type { SecretaryAnswer } from '../../../shared/secretary';
import { useApi } from '../api';
import { createConversationContext, STOPPED, type ConversationChannel } from '../chat/conversation';
import { followStream, type FollowedStream } from '../ui/follow-stream';

/** The mailbox lookups main has run for a question so far, each as soon as it ran. */
export interface SecretaryPartial {
  readonly steps: readonly AssistantStep[];
}

/** The seeds' answer (S13), with the lookups that led to it, as the pane showed them on the way. */
export type SecretaryReply = SecretaryAnswer & SecretaryPartial;

interface Running {
  stream: FollowedStream;
  settle: (result: Result<SecretaryReply>) => void;
}

/**
 * S2 and S12: the secretary's questions go to `secretary:ask` with the answered turns as history; each mailbox
 * lookup comes back as `secretary:step` while main works, then the answer.
 */
function useSecretaryChannel(): ConversationChannel<SecretaryReply, SecretaryPartial> {
  const api = useApi();
  // The streams on their way, by the conversation's id for them: Cancel and New conversation stop them.
  const running = useRef(new Map<string, Running>());
  return useMemo(
    () => ({
      ask: ({ question, history, requestId }, onProgress) =>
        new Promise<Result<SecretaryReply>>((resolve) => {
          let steps: readonly AssistantStep[] = [];
          const settle = (result: Result<SecretaryReply>) => {
            running.current.delete(requestId);
            resolve(result);
          };
          const stream = followStream(
            api,
            'secretary:ask',
            { start: () => api.secretary.ask({ question, history }), cancel: (id) => api.secretary.cancel({ requestId: id }) },
            {
              onProgress: (event) => {
                steps = [...steps, event.data];
                onProgress({ steps });
              },
              onDone: (answer) => settle(ok({ ...answer, steps })),
              onError: (error) => settle({ ok: false, error }),
            },
          );
          running.current.set(requestId, { stream, settle });
        }),
      cancel: (requestId) => {
        const call = running.current.get(requestId);
        call?.stream.cancel();
        call?.settle(STOPPED);
      },
      answerText: (answer) => answer.answer,
      limits: { messageMaxChars: SECRETARY.historyMessageMaxChars, maxMessages: SECRETARY.historyMaxMessages },
    }),
    [api],
  );
}

export const { ConversationProvider: SecretaryConversationProvider, useConversation: useSecretaryConversation } =
  createConversationContext('The Secretary pane', useSecretaryChannel);
