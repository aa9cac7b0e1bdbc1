import { LIVE } from '../../../shared/limits';
import type { OutputClock, PageClock } from './output-clock';
import { samplesOfPcm16 } from './pcm-frames';
import { createSpeakingStore, type SpeakingState } from './speaking-state';
import type { ClipBuffer, ClipSource } from './speech-output';

/**
 * Live voice (issue 24, LV3): an answer's audio played as it arrives, 24 kHz PCM16 mono chunks back to back. Each
 * chunk becomes an AudioBuffer scheduled at a running `nextStartTime`, as the clip player (speech-output.ts) does
 * for whole sentences, so there is no gap between chunks however unevenly they arrive, as long as each comes
 * before the one ahead of it has finished.
 */

/**
 * The first chunk starts this far ahead of the context's clock, and so does a chunk that arrives after the one
 * before it has finished. The audio thread renders ahead in device periods (about 10 ms: Chromium's baseLatency
 * here, Windows' and macOS's usual periods): a source started at `currentTime` itself may only start with the next
 * period, later than scheduled, and the chunk after it would then overlap its end. 20 ms covers one period with room
 * to spare; each millisecond more is one more before the first word (measured by `npm run bench`).
 */
const START_LEAD_S = 0.02;

/** A buffer the player can fill: one channel of float samples. */
export interface PcmBuffer extends ClipBuffer {
  copyToChannel(source: Float32Array<ArrayBuffer>, channelNumber: number): void;
}

/** What the player needs of an AudioContext; a real one (or an OfflineAudioContext) fits, and tests pass a fake. */
export interface PcmOut extends OutputClock {
  readonly destination: unknown;
  createBuffer(numberOfChannels: number, length: number, sampleRate: number): PcmBuffer;
  createBufferSource(): ClipSource;
}

/** How an answer's playback ended: every sample heard after end(), or cut short (stop(), or the next answer). */
export type AnswerOutcome = 'ended' | 'stopped';

/** One answer being played as it arrives. */
export interface PcmAnswer {
  /** More of the answer: 24 kHz (LIVE.outputSampleRateHz) PCM16 mono little-endian; ignored once ended or cut. */
  push(pcm: Uint8Array): void;
  /** The answer is complete: what is queued plays out, then `finished` resolves 'ended'. */
  end(): void;
  readonly finished: Promise<AnswerOutcome>;
}

export interface PcmPlayer {
  /** Starts a new answer; one still playing is cut first (it finishes 'stopped'). */
  begin(): PcmAnswer;
  /** Barge-in: silences the answer at once, what is queued included. */
  stop(): void;
  /** How far the queued audio runs past now, in milliseconds: how far behind what is being said it plays. */
  aheadMs(): number;
  /** The clip player's state: `started` counts answers, `firstSampleAt` is the latest answer's first sample's. */
  state(): SpeakingState;
  subscribe(listener: (state: SpeakingState) => void): () => void;
}

interface Playing {
  started: boolean;
  ended: boolean;
  /** The odd byte of a chunk that split a sample: the start of the next chunk's first sample. */
  leftover: number | null;
  settle(outcome: AnswerOutcome): void;
}

export function createPcmPlayer(context: PcmOut, clock: PageClock = performance): PcmPlayer {
  let nextStartTime = 0;
  let current: Playing | null = null;
  const sounding = new Set<ClipSource>();
  const speaking = createSpeakingStore(context, clock);

  function finish(answer: Playing, outcome: AnswerOutcome): void {
    if (current !== answer) return;
    current = null;
    // Nothing is left to join: the next answer starts at its own lead, not where this one would have ended.
    nextStartTime = 0;
    if (answer.started) speaking.silent(outcome === 'stopped');
    answer.settle(outcome);
  }

  function schedule(answer: Playing, pcm: Uint8Array): void {
    const bytes = answer.leftover === null ? pcm : withLeadingByte(answer.leftover, pcm);
    answer.leftover = bytes.byteLength % 2 === 1 ? bytes[bytes.byteLength - 1]! : null;
    const samples = samplesOfPcm16(bytes);
    if (samples.length === 0) return;
    const buffer = context.createBuffer(1, samples.length, LIVE.outputSampleRateHz);
    buffer.copyToChannel(samples, 0);
    const source = context.createBufferSource();
    source.buffer = buffer;
    source.connect(context.destination);
    const startAt = Math.max(nextStartTime, context.currentTime + START_LEAD_S);
    nextStartTime = startAt + buffer.duration;
    source.onended = () => {
      sounding.delete(source);
      if (sounding.size === 0 && answer.ended) finish(answer, 'ended');
    };
    sounding.add(source);
    source.start(startAt);
    if (!answer.started) {
      answer.started = true;
      speaking.started(startAt);
    }
  }

  function cut(): void {
    const answer = current;
    if (answer === null) return;
    for (const source of sounding) {
      source.onended = null;
      source.stop();
    }
    sounding.clear();
    finish(answer, 'stopped');
  }

  return {
    begin() {
      cut();
      let settle: (outcome: AnswerOutcome) => void = () => undefined;
      const finished = new Promise<AnswerOutcome>((resolve) => (settle = resolve));
      const answer: Playing = { started: false, ended: false, leftover: null, settle };
      current = answer;
      return {
        push(pcm) {
          if (current === answer && !answer.ended) schedule(answer, pcm);
        },
        end() {
          if (current !== answer || answer.ended) return;
          answer.ended = true;
          if (sounding.size === 0) finish(answer, 'ended');
        },
        finished,
      };
    },
    stop: cut,
    aheadMs: () => (current === null ? 0 : Math.max(0, nextStartTime - context.currentTime) * 1000),
    state: speaking.state,
    subscribe: speaking.subscribe,
  };
}

function withLeadingByte(byte: number, rest: Uint8Array): Uint8Array {
  const joined = new Uint8Array(rest.byteLength + 1);
  joined[0] = byte;
  joined.set(rest, 1);
  return joined;
}
