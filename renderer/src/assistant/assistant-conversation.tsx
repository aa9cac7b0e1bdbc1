import { useMemo, useRef } from 'react';
import type { AssistantDone, AssistantStep } from '../../../shared/assistant';
import { ASSISTANT } from '../../../shared/limits';
import { err, ok, type Result } from '../../../shared/result';
import { useApi } from '../api';
import { createConversationContext, type ConversationChannel } from '../chat/conversation';
import { useLanguage } from '../i18n/language-context';
import { followStream, type FollowedStream } from '../ui/follow-stream';

/** What has arrived of an answer on its way: its text so far, and the tool calls main has run (G1, G8). */
export interface AssistantPartial {
  readonly text: string;
  readonly steps: readonly AssistantStep[];
}

const STOPPED = err('UPSTREAM', 'The request was cancelled.', { reason: 'cancelled' });

/**
 * G1, G5 and G8: each question goes to `assistant:chat` with the answered turns and the UI's language, and its
 * answer streams back: text as `assistant:chunk`, tool calls as `assistant:step`. History lives here only.
 */
function useAssistantChannel(): ConversationChannel<AssistantDone, AssistantPartial> {
  const api = useApi();
  const { lang } = useLanguage();
  // The streams on their way, by the conversation's id for them: Cancel and New conversation stop them.
  const running = useRef(new Map<string, { stream: FollowedStream; settle: (result: Result<AssistantDone>) => void }>());
  return useMemo(
    () => ({
      ask: ({ question, history, requestId }, onProgress) =>
        new Promise<Result<AssistantDone>>((resolve) => {
          let partial: AssistantPartial = { text: '', steps: [] };
          const settle = (result: Result<AssistantDone>) => {
            running.current.delete(requestId);
            resolve(result);
          };
          const stream = followStream(
            api,
            'assistant:chat',
            {
              start: () => api.assistant.chat({ message: question, history, lang }),
              cancel: (id) => api.assistant.cancel({ requestId: id }),
            },
            {
              onProgress: (event) => {
                partial =
                  event.name === 'assistant:chunk'
                    ? { ...partial, text: partial.text + event.data.text }
                    : { ...partial, steps: [...partial.steps, event.data] };
                onProgress(partial);
              },
              onDone: (value) => settle(ok(value)),
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
      isDegraded: (answer) => answer.degraded,
      limits: { messageMaxChars: ASSISTANT.historyMessageMaxChars, maxMessages: ASSISTANT.historyMaxTurns },
    }),
    [api, lang],
  );
}

export const { ConversationProvider: AssistantConversationProvider, useConversation: useAssistantConversation } =
  createConversationContext('The Assistant pane', useAssistantChannel);
