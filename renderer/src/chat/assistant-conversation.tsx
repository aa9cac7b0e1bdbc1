import { useMemo, useRef } from 'react';
import type { AssistantDone, AssistantStep } from '../../../shared/assistant';
import { ASSISTANT } from '../../../shared/limits';
import { err, ok, type Result } from '../../../shared/result';
import { useApi } from '../api';
import { useSpeech, type SpokenAnswer } from '../audio/speech-context';
import { useLanguage } from '../i18n/language-context';
import { followStream, type FollowedStream } from '../ui/follow-stream';
import { createConversationContext, type ConversationChannel } from './conversation';

/** What has arrived of an answer on its way: its text so far, and the tool calls main has run (G1, G8). */
export interface AssistantPartial {
  readonly text: string;
  readonly steps: readonly AssistantStep[];
}

const STOPPED = err('UPSTREAM', 'The request was cancelled.', { reason: 'cancelled' });

interface Running {
  stream: FollowedStream;
  settle: (result: Result<AssistantDone>) => void;
  spoken: SpokenAnswer | null;
}

/**
 * G1, G5 and G8: each question goes to `assistant:chat` with the answered turns and the UI's language, and its
 * answer streams back: text as `assistant:chunk`, tool calls as `assistant:step`. History lives here only.
 * A voice question (V1) sends its recording instead of words and hears its transcript first; asked to, its answer
 * is spoken sentence by sentence as it streams (V2), its speech part of the same request (G9).
 */
function useAssistantChannel(): ConversationChannel<AssistantDone, AssistantPartial> {
  const api = useApi();
  const { lang } = useLanguage();
  // Only `begin`: it stays the same while an answer is spoken, so the channel (and the conversation) does too.
  const { begin: beginSpeech } = useSpeech();
  // The streams on their way, by the conversation's id for them: Cancel and New conversation stop them.
  const running = useRef(new Map<string, Running>());
  return useMemo(
    () => ({
      ask: ({ question, history, requestId, voice }, onProgress, onTranscript) =>
        new Promise<Result<AssistantDone>>((resolve) => {
          let partial: AssistantPartial = { text: '', steps: [] };
          const spoken = voice?.speak ? beginSpeech(lang) : null;
          const settle = (result: Result<AssistantDone>) => {
            running.current.delete(requestId);
            resolve(result);
          };
          const stream = followStream(
            api,
            'assistant:chat',
            {
              start: async () => {
                const started = await api.assistant.chat({ message: question, history, lang, ...(voice ? { audio: voice.audio } : {}) });
                // Before any chunk is handed on (followStream replays them after this): the sentences name their request.
                if (started.ok) spoken?.belongsTo(started.value.requestId);
                return started;
              },
              cancel: (id) => api.assistant.cancel({ requestId: id }),
            },
            {
              onProgress: (event) => {
                switch (event.name) {
                  case 'assistant:transcript':
                    onTranscript?.(event.data.text);
                    return;
                  case 'assistant:chunk':
                    partial = { ...partial, text: partial.text + event.data.text };
                    spoken?.add(event.data.text);
                    break;
                  case 'assistant:step':
                    partial = { ...partial, steps: [...partial.steps, event.data] };
                }
                onProgress(partial);
              },
              onDone: (value) => {
                if (value.transcript) onTranscript?.(value.transcript);
                // An answer cut short keeps its unfinished sentence on screen, unsaid.
                spoken?.end({ complete: !value.incomplete });
                settle(ok(value));
              },
              onError: (error) => {
                // What was complete of the answer is still said; the unfinished sentence is not.
                spoken?.end({ complete: false });
                settle({ ok: false, error });
              },
            },
          );
          running.current.set(requestId, { stream, settle, spoken });
        }),
      cancel: (requestId) => {
        const call = running.current.get(requestId);
        call?.stream.cancel();
        call?.spoken?.stop();
        call?.settle(STOPPED);
      },
      answerText: (answer) => answer.answer,
      isDegraded: (answer) => answer.degraded,
      limits: { messageMaxChars: ASSISTANT.historyMessageMaxChars, maxMessages: ASSISTANT.historyMaxTurns },
    }),
    [api, lang, beginSpeech],
  );
}

export const { ConversationProvider: AssistantConversationProvider, useConversation: useAssistantConversation } =
  createConversationContext('The Assistant pane', useAssistantChannel);
