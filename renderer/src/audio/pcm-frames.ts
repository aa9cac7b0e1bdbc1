/**
 * 16-bit little-endian PCM, the Live API's audio both ways (LIVE in shared/limits.ts): made from Web Audio's float
 * samples for the microphone's frames, and read back into them to play an answer. Pure, so that the AudioWorklet
 * (which has no DOM) and the page share it, and plain unit tests pin it.
 */

const BYTES_PER_SAMPLE = 2;
/** Full scale of a signed 16-bit sample: -32768 below zero, 32767 above. */
const NEGATIVE_FULL_SCALE = 0x8000;
const POSITIVE_FULL_SCALE = 0x7fff;

/** The AudioWorklet processor pcm-capture.worklet.ts registers. */
export const PCM_CAPTURE_PROCESSOR = 'pcm-capture';

/** What the page sends the processor: hand over the last, partial frame and stop. */
export interface FlushRequest {
  readonly kind: 'flush';
}

/** What the processor sends the page, in order: whole frames, then (after a FlushRequest) the rest and 'flushed'. */
export type CaptureMessage =
  | { readonly kind: 'frame'; readonly pcm: ArrayBuffer }
  | { readonly kind: 'flushed' };

/** A float sample (-1..1, louder is clipped) as a signed 16-bit one, each half of the range to its own full scale. */
export function int16Of(sample: number): number {
  const clipped = Math.max(-1, Math.min(1, sample));
  return Math.round(clipped < 0 ? clipped * NEGATIVE_FULL_SCALE : clipped * POSITIVE_FULL_SCALE);
}

/** Cuts Web Audio's render quanta (128 samples) into frames of `frameSamples` PCM16 samples. */
export interface FrameAssembler {
  /** Takes one quantum; returns the frames it completed (none, one, or several), oldest first. */
  push(samples: Float32Array): ArrayBuffer[];
  /** The samples of a frame not yet complete, or null when there are none. */
  flush(): ArrayBuffer | null;
}

export function createFrameAssembler(frameSamples: number): FrameAssembler {
  // A fresh buffer per frame: each is transferred to the page, which leaves the worklet's copy detached.
  const fresh = () => new DataView(new ArrayBuffer(frameSamples * BYTES_PER_SAMPLE));
  let frame = fresh();
  let filled = 0;
  return {
    push(samples) {
      const done: ArrayBuffer[] = [];
      for (const sample of samples) {
        frame.setInt16(filled * BYTES_PER_SAMPLE, int16Of(sample), true);
        filled += 1;
        if (filled === frameSamples) {
          done.push(frame.buffer as ArrayBuffer);
          frame = fresh();
          filled = 0;
        }
      }
      return done;
    },
    flush() {
      if (filled === 0) return null;
      const rest = (frame.buffer as ArrayBuffer).slice(0, filled * BYTES_PER_SAMPLE);
      frame = fresh();
      filled = 0;
      return rest;
    },
  };
}

/** PCM16 little-endian bytes as float samples (-1..1); an odd last byte is no sample and is left out. */
export function samplesOfPcm16(pcm: Uint8Array): Float32Array<ArrayBuffer> {
  const view = new DataView(pcm.buffer, pcm.byteOffset, pcm.byteLength);
  const samples = new Float32Array(Math.floor(pcm.byteLength / BYTES_PER_SAMPLE));
  for (let index = 0; index < samples.length; index += 1) {
    samples[index] = view.getInt16(index * BYTES_PER_SAMPLE, true) / NEGATIVE_FULL_SCALE;
  }
  return samples;
}
