import { err, ok, type Result } from '../../../shared/result';
import type { SpeechAudio } from '../../../shared/voice';
import { bytesOfBase64 } from './base64';
import type { OutputClock, PageClock } from './output-clock';
import { createSpeakingStore, type SpeakingState } from './speaking-state';

/**
 * V2: spoken sentences played back to back through Web Audio. Each clip is scheduled to start exactly when the one
 * before it ends (a running `nextStartTime`), so there is no gap between sentences however late a clip was decoded.
 */

/** What the player needs of an AudioContext; a real one fits, and tests pass a fake. */
export interface AudioOut extends OutputClock {
  readonly destination: unknown;
  decodeAudioData(data: ArrayBuffer): Promise<ClipBuffer>;
  createBufferSource(): ClipSource;
}

export interface ClipBuffer {
  readonly duration: number;
}

export interface ClipSource {
  buffer: ClipBuffer | null;
  onended: ((event: Event) => void) | null;
  connect(destination: unknown): unknown;
  start(when?: number): void;
  stop(when?: number): void;
}

export interface AudioPlayer {
  /** Plays a clip after those before it; resolves when it ends, or when `signal` aborts (it is then silenced). */
  play(audio: SpeechAudio, signal: AbortSignal): Promise<Result<void>>;
  /** Silences every clip, playing or scheduled, at once. */
  stop(): void;
  /** The current state; a new object on each change (fit for React's useSyncExternalStore). */
  state(): SpeakingState;
  subscribe(listener: (state: SpeakingState) => void): () => void;
}

export function createAudioPlayer(context: AudioOut, clock: PageClock = performance): AudioPlayer {
  let nextStartTime = 0;
  /** Settles when the last clip asked for is scheduled: clips decode in parallel but are scheduled in order. */
  let scheduling: Promise<void> = Promise.resolve();
  /** Each scheduled clip, with what silences it. */
  const sounding = new Map<ClipSource, () => void>();
  /** Bumped by stop(), so clips still decoding then are never scheduled. */
  let generation = 0;
  const speaking = createSpeakingStore(context, clock);

  function schedule(buffer: ClipBuffer, signal: AbortSignal): Promise<void> {
    const source = context.createBufferSource();
    source.buffer = buffer;
    source.connect(context.destination);
    const startAt = Math.max(nextStartTime, context.currentTime);
    nextStartTime = startAt + buffer.duration;
    return new Promise((resolve) => {
      const settle = (cut: boolean) => {
        source.onended = null;
        signal.removeEventListener('abort', silence);
        sounding.delete(source);
        if (cut) source.stop();
        if (sounding.size === 0) {
          // Cut short, the clips left nothing to join: the next one starts now, not where they would have ended.
          if (cut) nextStartTime = 0;
          speaking.silent(cut);
        }
        resolve();
      };
      const silence = () => settle(true);
      source.onended = () => settle(false);
      signal.addEventListener('abort', silence, { once: true });
      sounding.set(source, silence);
      source.start(startAt);
      speaking.started(startAt);
    });
  }

  return {
    async play(audio, signal) {
      const decoding = decode(context, audio.data);
      const asked = generation;
      const previous = scheduling;
      let scheduled = () => {};
      scheduling = new Promise((resolve) => (scheduled = resolve));
      const buffer = await decoding;
      await previous;
      if (!buffer.ok || signal.aborted || asked !== generation) {
        scheduled();
        return buffer.ok ? ok(undefined) : buffer;
      }
      const ended = schedule(buffer.value, signal);
      scheduled();
      await ended;
      return ok(undefined);
    },
    stop() {
      generation += 1;
      for (const silence of [...sounding.values()]) silence();
    },
    state: speaking.state,
    subscribe: speaking.subscribe,
  };
}

async function decode(context: AudioOut, base64: string): Promise<Result<ClipBuffer>> {
  try {
    return ok(await context.decodeAudioData(bytesOfBase64(base64).buffer));
  } catch {
    return err('UPSTREAM', 'The spoken answer could not be played.', { reason: 'unplayable_audio' });
  }
}
