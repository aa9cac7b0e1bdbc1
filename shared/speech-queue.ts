import type { AppError, Result } from './result';
import type { SpeechAudio } from './voice';

/**
 * V2: an answer's sentences spoken in order as they arrive. Sentence N+1 is synthesized while N plays, at most
 * `ahead` sentences beyond the one playing (in flight, or ready and waiting); each clip goes to the player as soon
 * as it and all before it are ready, so the player can join them without a gap. No DOM: the bench drives it from Node.
 */

export type SpeechEvent =
  | { kind: 'synthesizing'; index: number }
  /** The sentence's audio is ready for playback (the bench's first audio). */
  | { kind: 'ready'; index: number }
  /** Handed to the player: it sounds as soon as the sentences before it have. */
  | { kind: 'playing'; index: number }
  | { kind: 'played'; index: number }
  | { kind: 'stopped' }
  | { kind: 'failed'; error: AppError };

export type SpeechOutcome = 'done' | 'stopped' | 'failed';

export interface SpeechQueueDeps {
  /** One TTS call. Resolves (never rejects); after `signal` aborts, whatever it resolves with is ignored. */
  synthesize(text: string, signal: AbortSignal): Promise<Result<SpeechAudio>>;
  /** Plays one clip after the ones before it; resolves when it has ended, or at once when `signal` aborts. */
  play(audio: SpeechAudio, signal: AbortSignal): Promise<Result<void>>;
  /** Sentences synthesized ahead of the one playing (VOICE.ttsAhead). */
  ahead: number;
  onEvent?(event: SpeechEvent): void;
}

export interface SpeechQueue {
  say(sentence: string): void;
  /** No more sentences: `finished` resolves 'done' once the last has played. */
  end(): void;
  /** Barge-in: cancels every pending synthesis and silences playback at once. */
  stop(): void;
  readonly finished: Promise<SpeechOutcome>;
}

interface Sentence {
  text: string;
  synthesis?: AbortController;
  result?: Result<SpeechAudio>;
}

export function createSpeechQueue(deps: SpeechQueueDeps): SpeechQueue {
  const sentences: Sentence[] = [];
  const playback = new AbortController();
  let synthesizing = 0;
  let scheduled = 0;
  let played = 0;
  let ended = false;
  /** A synthesis failed: the sentences before it still play, then the queue ends 'failed'. */
  let failure: AppError | null = null;
  let outcome: SpeechOutcome | null = null;
  let settle: (outcome: SpeechOutcome) => void = () => {};
  const finished = new Promise<SpeechOutcome>((resolve) => (settle = resolve));

  const emit = (event: SpeechEvent) => deps.onEvent?.(event);

  function finish(result: SpeechOutcome, error?: AppError): void {
    if (outcome !== null) return;
    outcome = result;
    cancelSyntheses();
    playback.abort();
    if (result === 'stopped') emit({ kind: 'stopped' });
    if (result === 'failed' && error) emit({ kind: 'failed', error });
    settle(result);
  }

  function cancelSyntheses(): void {
    for (const sentence of sentences) if (sentence.result === undefined) sentence.synthesis?.abort();
  }

  function synthesize(index: number, sentence: Sentence): void {
    const controller = new AbortController();
    sentence.synthesis = controller;
    emit({ kind: 'synthesizing', index });
    void deps.synthesize(sentence.text, controller.signal).then((result) => {
      if (outcome !== null || controller.signal.aborted) return;
      sentence.result = result;
      if (result.ok) emit({ kind: 'ready', index });
      advance();
    });
  }

  function play(index: number, audio: SpeechAudio): void {
    emit({ kind: 'playing', index });
    void deps.play(audio, playback.signal).then((result) => {
      if (outcome !== null) return;
      if (!result.ok) return finish('failed', result.error);
      played += 1;
      emit({ kind: 'played', index });
      advance();
    });
  }

  /** Hands ready clips to the player in order, then starts the syntheses the bound allows. */
  function advance(): void {
    if (outcome !== null) return;
    for (let next = sentences[scheduled]; !failure && next?.result; next = sentences[scheduled]) {
      if (next.result.ok) {
        play(scheduled, next.result.value);
        scheduled += 1;
      } else {
        failure = next.result.error;
        cancelSyntheses();
      }
    }
    if (failure) {
      if (played === scheduled) finish('failed', failure);
      return;
    }
    const playing = scheduled > played ? 1 : 0;
    for (let next = sentences[synthesizing]; next && synthesizing < played + playing + deps.ahead; next = sentences[synthesizing]) {
      synthesize(synthesizing, next);
      synthesizing += 1;
    }
    if (ended && played === sentences.length) finish('done');
  }

  return {
    say(sentence) {
      if (outcome !== null) return;
      if (ended) throw new Error('say() after end(): the answer had already ended.');
      sentences.push({ text: sentence });
      advance();
    },
    end() {
      ended = true;
      advance();
    },
    stop() {
      finish('stopped');
    },
    finished,
  };
}
