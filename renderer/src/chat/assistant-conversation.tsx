import { useMemo, useRef } from 'react';
import type { AssistantDone, AssistantStep } from '../../../shared/assistant';
import { ASSISTANT } from '../../../shared/limits';
import { ok, type Result } from '../../../shared/result';
import { useApi } from '../api';
import { useSpeech, type SpokenAnswer, type StreamedAnswer } from '../audio/speech-context';
import { useLanguage } from '../i18n/language-context';
import { followStream, type FollowedStream } from '../ui/follow-stream';
import type { LiveUplink } from '../audio/live-uplink';
import { createConversationContext, STOPPED, type ConversationChannel, type Turn } from './conversation';

/** What has arrived of an answer on its way: its text so far, and the tool calls main has run (G1, G8). */
export interface AssistantPartial {
  readonly text: string;
  readonly steps: readonly AssistantStep[];
  /** A live voice question answered by the one-call path instead: why Live did not (issue 24). */
  readonly withoutLive?: string;
  /** A live voice question still being spoken: the answer has not begun. */
  readonly listening?: boolean;
}

interface Running {
  stream: FollowedStream;
  settle: (result: Result<AssistantDone>) => void;
  /** What silences the answer being spoken or played. */
  spoken: Pick<SpokenAnswer, 'stop'> | null;
}

type Ask = ConversationChannel<AssistantDone, AssistantPartial>['ask'];

/**
 * G1, G5 and G8: each question goes to `assistant:chat` with the answered turns and the UI's language, and its
 * answer streams back: text as `assistant:chunk`, tool calls as `assistant:step`. History lives here only.
 * A voice question (V1) sends its recording instead of words and hears its transcript first; asked to, its answer
 * is spoken sentence by sentence as it streams (V2), its speech part of the same request (G9).
 */
function useAssistantChannel(): ConversationChannel<AssistantDone, AssistantPartial> {
  const api = useApi();
  const { lang } = useLanguage();
  // Only these two, which stay the same while an answer is spoken: so does the channel (and the conversation).
  const { begin: beginSpeech, stream: streamSpeech } = useSpeech();
  // The streams on their way, by the conversation's id for them: Cancel and New conversation stop them.
  const running = useRef(new Map<string, Running>());
  return useMemo(() => {
    /** A question asked with its recording (V1) or in words: one call, the answer spoken sentence by sentence. */
    const askRecorded: Ask = ({ question, history, requestId, voice }, onProgress, onTranscript) =>
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
              const started = await api.assistant.chat({ message: question, history, lang, ...(voice && 'audio' in voice ? { audio: voice.audio } : {}) });
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
      });

    /**
     * Issue 24: a question asked while it is spoken. Main streams the question's words back as they are heard, and
     * the answer's audio (played at its first chunk) and words as they are generated; should Live be unavailable,
     * main answers the same question by the one-call path and says so, and the answer is then spoken sentence by
     * sentence, as a recorded question's is.
     */
    const askLive = (
      { live, speak, history, requestId }: { live: LiveUplink; speak: boolean; history: Turn[]; requestId: string },
      onProgress: (partial: AssistantPartial) => void,
      onTranscript?: (text: string) => void,
    ) =>
      new Promise<Result<AssistantDone>>((resolve) => {
        // Asked at the press: the member is still speaking, and the answer says it is listening until they let go.
        let partial: AssistantPartial = { text: '', steps: [], listening: true };
        onProgress(partial);
        void live.released.then(() => {
          partial = { ...partial, listening: false };
          onProgress(partial);
        });
        let mainId: string | null = null;
        // Made at the first chunk, not at the press: nothing is "speaking" while the member still is.
        let played: StreamedAnswer | null = null;
        let spoken: SpokenAnswer | null = null;
        const settle = (result: Result<AssistantDone>) => {
          running.current.delete(requestId);
          resolve(result);
        };
        const stream = followStream(
          api,
          'assistant:live',
          {
            start: async () => {
              const started = await api.assistant.live({ lang, history, speak });
              if (started.ok) {
                mainId = started.value.requestId;
                live.attach(mainId);
              }
              return started;
            },
            cancel: (id) => api.assistant.liveCancel({ requestId: id }),
          },
          {
            onProgress: (event) => {
              switch (event.name) {
                case 'assistant:liveHeard':
                  onTranscript?.(event.data.text);
                  return;
                case 'assistant:liveAudio':
                  if (speak) (played ??= streamSpeech()).push(event.data.pcm);
                  return;
                case 'assistant:livePath':
                  if (event.data.path === 'oneCall') {
                    // What Live had begun is dropped: the one-call path answers the question whole.
                    played?.stop();
                    partial = { text: '', steps: [], listening: partial.listening, withoutLive: event.data.reason ?? 'other' };
                    spoken = speak ? beginSpeech(lang) : null;
                    if (mainId !== null) spoken?.belongsTo(mainId);
                  }
                  break;
                case 'assistant:liveChunk':
                  partial = { ...partial, text: partial.text + event.data.text };
                  spoken?.add(event.data.text);
                  break;
                case 'assistant:liveStep':
                  partial = { ...partial, steps: [...partial.steps, event.data] };
              }
              onProgress(partial);
            },
            onDone: (value) => {
              if (value.transcript) onTranscript?.(value.transcript);
              played?.end();
              spoken?.end({ complete: !value.incomplete });
              settle(ok(value));
            },
            onError: (error) => {
              played?.stop();
              spoken?.end({ complete: false });
              settle({ ok: false, error });
            },
          },
        );
        running.current.set(requestId, {
          stream,
          settle,
          spoken: {
            stop: () => {
              played?.stop();
              spoken?.stop();
            },
          },
        });
      });

    return {
      ask: (input, onProgress, onTranscript) =>
        input.voice && 'live' in input.voice
          ? askLive({ ...input.voice, history: input.history, requestId: input.requestId }, onProgress, onTranscript)
          : askRecorded(input, onProgress, onTranscript),
      cancel: (requestId) => {
        const call = running.current.get(requestId);
        call?.stream.cancel();
        call?.spoken?.stop();
        call?.settle(STOPPED);
      },
      answerText: (answer) => answer.answer,
      isDegraded: (answer) => answer.degraded,
      limits: { messageMaxChars: ASSISTANT.historyMessageMaxChars, maxMessages: ASSISTANT.historyMaxTurns },
    };
  }, [api, lang, beginSpeech, streamSpeech]);
}

export const { ConversationProvider: AssistantConversationProvider, useConversation: useAssistantConversation } =
  createConversationContext('The Assistant pane', useAssistantChannel);
