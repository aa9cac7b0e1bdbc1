import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Lang } from '../../../shared/lang';
import { LIVE, VOICE } from '../../../shared/limits';
import { createSentenceStream } from '../../../shared/speech-sentences';
import { useApi } from '../api';
import { useAuth } from '../auth/auth-context';
import { createPcmPlayer, type PcmPlayer } from './pcm-player';
import type { SpeakingState } from './speaking-state';
import { createAudioPlayer, type AudioPlayer } from './speech-output';
import { createSpeechQueue } from '../../../shared/speech-queue';
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
 * One Live answer's audio, played as it streams (LV3). The handle is the answer: a newer one, or speech.stop(),
 * cuts it, and what it is given after that is ignored, so late chunks of an interrupted answer are never heard.
 */
export interface StreamedAnswer {
  /** More of the answer's audio as it arrives: 24 kHz (LIVE.outputSampleRateHz) PCM16 mono little-endian. */
  push(pcm: Uint8Array): void;
  /** The answer is complete: what has arrived still plays out. */
  end(): void;
  /** Barge-in: silence now, queued audio included (nothing if a newer answer already took over). */
  stop(): void;
}

/**
 * `speaking` from the first sentence (or Live answer audio) given until the last is heard (or stopped): something
 * plays or is about to, so Stop speaking has something to stop. `failed` when speech stopped because a sentence could
 * not be synthesized or played, or could not start at all (no audio output), until the next answer. `playing`, `clipsStarted`
 * and `firstSampleAt` follow the players themselves: a browser test and the benchmark read them (the pane mirrors
 * them into data attributes).
 */
export interface SpeechState {
  readonly kind: 'idle' | 'speaking' | 'failed';
  /** Either kind of playback is sounding (or, for a Live answer, started and not yet over): Stop speaking shows. */
  readonly playing: boolean;
  /** Clips (spoken sentences) and Live answers that started playing, each counted once. */
  readonly clipsStarted: number;
  /** Epoch ms on the page clock at which the latest answer's first sample (its first clip's, or a Live answer's) is heard; null until it is scheduled. */
  readonly firstSampleAt: number | null;
}

export interface Speech {
  readonly state: SpeechState;
  /** Starts speaking a new answer from its text (V2); whatever is being spoken, of either kind, is cut first. */
  begin(lang: Lang): SpokenAnswer;
  /** Starts playing a Live answer's audio as it streams (LV3); whatever is being spoken, of either kind, is cut first. */
  stream(): StreamedAnswer;
  /** Silences whatever is being spoken: sentences or a Live answer. */
  stop(): void;
}

const SpeechContext = createContext<Speech | null>(null);

export function useSpeech(): Speech {
  const speech = use(SpeechContext);
  if (!speech) throw new Error('useSpeech() needs a <SpeechProvider> above it (see AppProviders).');
  return speech;
}

interface Output {
  readonly context: AudioContext;
  /** Spoken sentences (V2). */
  readonly clips: AudioPlayer;
  /** Live answers (LV3). */
  readonly live: PcmPlayer;
}

type PlayerName = 'clips' | 'live';

/**
 * Spoken answers, of two kinds through one Web Audio context. From text: each sentence goes to `voice:tts` as soon as
 * it is complete, the next ones are synthesized while one plays (VOICE.ttsAhead, in order), and the clips play back
 * to back. From a Live answer: its audio chunks play back to back as they arrive. One answer speaks at a time, and
 * stop() silences either. Audio is held in memory only, for as long as it plays.
 */
export function SpeechProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const { status } = useAuth();
  const output = useRef<Output | null>(null);
  /** The answer being spoken, of either kind: what stop() or the next answer cuts. */
  const current = useRef<{ stop(): void } | null>(null);
  const [kind, setKind] = useState<SpeechState['kind']>('idle');
  const [playing, setPlaying] = useState<Record<PlayerName, SpeakingState | null>>({ clips: null, live: null });
  /** The player of the answer being spoken, and how many it had started before: its next start is the answer's. */
  const awaited = useRef<{ player: PlayerName; after: number } | null>(null);
  const [firstSampleAt, setFirstSampleAt] = useState<number | null>(null);

  // Made at the first spoken answer, not at start: an idle app holds no audio device open. At the Live API's output
  // rate, which is also the TTS clips' (VOICE.ttsSampleRateHz): Chromium resamples the mix for the device once,
  // rather than each chunk on its own. Null where the computer has no way to play sound (no output device).
  const outputNow = useCallback((): Output | null => {
    if (!output.current) {
      const context = openOutput();
      if (!context) return null;
      output.current = { context, clips: createAudioPlayer(context), live: createPcmPlayer(context) };
      for (const player of ['clips', 'live'] as const) {
        output.current[player].subscribe((state) => {
          setPlaying((now) => ({ ...now, [player]: state }));
          const answer = awaited.current;
          if (answer?.player !== player || state.started <= answer.after) return;
          awaited.current = null;
          setFirstSampleAt(state.firstSampleAt);
        });
      }
    }
    if (output.current.context.state === 'suspended') void output.current.context.resume();
    return output.current;
  }, []);

  /** The output, with the next start of `player` awaited as the first sample of the answer about to be spoken. */
  const outputFor = useCallback(
    (player: PlayerName): Output | null => {
      const now = outputNow();
      if (!now) return null;
      awaited.current = { player, after: now[player].state().started };
      setFirstSampleAt(null);
      return now;
    },
    [outputNow],
  );

  const stop = useCallback(() => {
    current.current?.stop();
    current.current = null;
    setKind((now) => (now === 'speaking' ? 'idle' : now));
  }, []);

  /** An answer that cannot be heard at all: said at once, its text untouched. */
  const silentAnswer = useCallback((): SpokenAnswer & StreamedAnswer => {
    current.current = null;
    setKind('failed');
    const nothing = () => {};
    return { belongsTo: nothing, add: nothing, end: nothing, stop: nothing, push: nothing };
  }, []);

  const begin = useCallback(
    (lang: Lang): SpokenAnswer => {
      current.current?.stop();
      const out = outputFor('clips');
      // Nothing can be heard: the member is told now, not once the first sentence has been synthesized for nothing.
      if (!out) return silentAnswer();
      const sentences = createSentenceStream(lang);
      let answerOf: string | null = null;
      let ended = false;
      const queue = createSpeechQueue({
        ahead: VOICE.ttsAhead,
        play: out.clips.play,
        synthesize: synthesizeSpeech(api, () => answerOf),
      });
      current.current = queue;
      // Idle until there is a sentence to say: while the model is still thinking nothing is about to play.
      setKind('idle');
      void queue.finished.then((outcome) => {
        if (current.current !== queue) return;
        current.current = null;
        setKind(outcome === 'failed' ? 'failed' : 'idle');
      });
      const say = (found: readonly string[]) => {
        if (found.length > 0 && current.current === queue) setKind('speaking');
        found.forEach((sentence) => queue.say(sentence));
      };
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
    [api, outputFor, silentAnswer],
  );

  const stream = useCallback((): StreamedAnswer => {
    current.current?.stop();
    const out = outputFor('live');
    if (!out) return silentAnswer();
    const { live: player } = out;
    const answer = player.begin();
    // While it is the current answer, it is the player's: stopping the player stops this answer and no other.
    const speaking = { stop: () => player.stop() };
    current.current = speaking;
    setKind('speaking');
    void answer.finished.then(() => {
      if (current.current !== speaking) return;
      current.current = null;
      setKind('idle');
    });
    return {
      push: answer.push,
      end: answer.end,
      stop: () => {
        if (current.current === speaking) stop();
      },
    };
  }, [outputFor, stop, silentAnswer]);

  // Signing out silences the app: the answer belonged to the member who asked.
  const signedIn = status?.state === 'signed_in';
  useEffect(() => {
    if (!signedIn) stop();
  }, [signedIn, stop]);

  useEffect(
    () => () => {
      current.current?.stop();
      void output.current?.context.close();
    },
    [],
  );

  const value = useMemo<Speech>(
    () => ({
      state: {
        kind,
        playing: Boolean(playing.clips?.playing || playing.live?.playing),
        clipsStarted: (playing.clips?.started ?? 0) + (playing.live?.started ?? 0),
        firstSampleAt,
      },
      begin,
      stream,
      stop,
    }),
    [kind, playing, firstSampleAt, begin, stream, stop],
  );
  return <SpeechContext value={value}>{children}</SpeechContext>;
}

/** The page's audio output, or null where none can be opened (no output device, audio disabled). */
function openOutput(): AudioContext | null {
  try {
    return new AudioContext({ sampleRate: LIVE.outputSampleRateHz });
  } catch {
    return null;
  }
}
