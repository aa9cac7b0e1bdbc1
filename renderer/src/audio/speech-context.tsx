import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Lang } from '../../../shared/lang';
import { VOICE } from '../../../shared/limits';
import { createSentenceStream } from '../../../shared/speech-sentences';
import { useApi } from '../api';
import { useAuth } from '../auth/auth-context';
import { createAudioPlayer, type AudioPlayer } from './speech-output';
import { createSpeechQueue, type SpeechQueue } from '../../../shared/speech-queue';
import { synthesizeSpeech } from './synthesize-speech';

/** One answer being spoken as it streams (V2). */
export interface SpokenAnswer {
  /** The `assistant:chat` request it answers: its sentences are part of that question (G9). */
  belongsTo(requestId: string): void;
  /** More of the answer's text, as it arrives. */
  add(text: string): void;
  /** No more text: the rest is said, all of it when `complete`, else without the unfinished last sentence. */
  end(options: { complete: boolean }): void;
  /** Barge-in: silence now, and nothing pending is synthesized. */
  stop(): void;
}

/**
 * `speaking` from the first sentence given until the last is heard (or stopped); `failed` when speech stopped because
 * a sentence could not be synthesized or played, until the next answer. `clipsStarted` and `playing` follow the
 * player itself: a browser test reads them (the pane mirrors them into data attributes).
 */
export interface SpeechState {
  readonly kind: 'idle' | 'speaking' | 'failed';
  readonly playing: boolean;
  readonly clipsStarted: number;
}

export interface Speech {
  readonly state: SpeechState;
  /** Starts speaking a new answer; one that is still being spoken is cut first. */
  begin(lang: Lang): SpokenAnswer;
  stop(): void;
}

const SpeechContext = createContext<Speech | null>(null);

export function useSpeech(): Speech {
  const speech = use(SpeechContext);
  if (!speech) throw new Error('useSpeech() needs a <SpeechProvider> above it (see AppProviders).');
  return speech;
}

/**
 * Spoken answers: each sentence goes to `voice:tts` as soon as it is complete, the next ones are synthesized while
 * one plays (VOICE.ttsAhead, in order), and the clips play back to back through one Web Audio context. Audio is
 * held in memory only, for as long as it plays.
 */
export function SpeechProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const { status } = useAuth();
  const player = useRef<AudioPlayer | null>(null);
  const context = useRef<AudioContext | null>(null);
  const current = useRef<SpeechQueue | null>(null);
  const [kind, setKind] = useState<SpeechState['kind']>('idle');
  const [output, setOutput] = useState({ playing: false, clipsStarted: 0 });

  // Made at the first spoken answer, not at start: an idle app holds no audio device open.
  const playerNow = useCallback((): AudioPlayer => {
    if (!player.current) {
      const audio = new AudioContext();
      context.current = audio;
      player.current = createAudioPlayer(audio);
      player.current.subscribe((state) => setOutput({ playing: state.playing, clipsStarted: state.started }));
    }
    if (context.current?.state === 'suspended') void context.current.resume();
    return player.current;
  }, []);

  const stop = useCallback(() => {
    current.current?.stop();
    current.current = null;
    setKind((now) => (now === 'speaking' ? 'idle' : now));
  }, []);

  const begin = useCallback(
    (lang: Lang): SpokenAnswer => {
      current.current?.stop();
      const sentences = createSentenceStream(lang);
      let answerOf: string | null = null;
      let ended = false;
      const queue = createSpeechQueue({
        ahead: VOICE.ttsAhead,
        play: playerNow().play,
        synthesize: synthesizeSpeech(api, () => answerOf),
      });
      current.current = queue;
      setKind('speaking');
      void queue.finished.then((outcome) => {
        if (current.current !== queue) return;
        current.current = null;
        setKind(outcome === 'failed' ? 'failed' : 'idle');
      });
      const say = (found: readonly string[]) => found.forEach((sentence) => queue.say(sentence));
      return {
        belongsTo: (requestId) => {
          answerOf = requestId;
        },
        add: (text) => {
          if (!ended) say(sentences.push(text));
        },
        end: ({ complete }) => {
          if (ended) return;
          ended = true;
          if (complete) say(sentences.flush());
          queue.end();
        },
        stop: () => {
          ended = true;
          queue.stop();
        },
      };
    },
    [api, playerNow],
  );

  // Signing out silences the app: the answer belonged to the member who asked.
  const signedIn = status?.state === 'signed_in';
  useEffect(() => {
    if (!signedIn) stop();
  }, [signedIn, stop]);

  useEffect(
    () => () => {
      current.current?.stop();
      void context.current?.close();
    },
    [],
  );

  const value = useMemo<Speech>(() => ({ state: { kind, ...output }, begin, stop }), [kind, output, begin, stop]);
  return <SpeechContext value={value}>{children}</SpeechContext>;
}
