import type { FrameProcessor, FrameProcessorEvent } from '@ricky0123/vad-web/dist/frame-processor';
import type { Model } from '@ricky0123/vad-web/dist/models';
import { VAD_ASSET_PATH } from '../../../shared/vad-assets';

/**
 * Silero VAD v5 for live captions, run over the captions' own 16 kHz frames (speech-capture.ts) instead of through
 * vad-web's MicVAD, which needs its model loaded before the input opens (docs/audio.md).
 */

/** Silero v5 reads 512 samples at 16 kHz a time: 32 ms. */
export const DETECTOR_FRAME_SAMPLES = 512;
export const DETECTOR_FRAME_MS = 32;

/**
 * Measured for captions (docs/audio.md): every pause of 0.6 s or more splits, a segment ends about 0.5 s
 * after the words, 10 s of silence or room noise gives nothing.
 */
export const PAUSE_SETTINGS = {
  redemptionMs: 500,
  minSpeechMs: 250,
  preSpeechPadMs: 300,
  positiveSpeechThreshold: 0.5,
  negativeSpeechThreshold: 0.35,
} as const;

/** The detector's verdicts on one frame, as speech-capture.ts reads them. */
export type DetectorEvent = 'start' | 'end' | null;

/** vad-web's FrameProcessor on the loaded model, reduced to what the capture asks of it. */
export interface SpeechDetector {
  /** Runs one frame of DETECTOR_FRAME_SAMPLES: 'start' when speech began in it, 'end' when the pause after it was long enough. */
  process(frame: Float32Array): Promise<{ isSpeech: boolean; event: DetectorEvent }>;
  /** Frames before the current one that its speech start takes as padding (preSpeechPadMs, fewer after a reset). */
  paddingFrames(): number;
  /** Forgets the speech in progress and the model's state: the audio that comes next does not follow on. */
  reset(): void;
  setRedemptionMs(ms: number): void;
  release(): Promise<void>;
}

/** Loads the model and ONNX Runtime's wasm from the app (VAD_ASSET_PATH); rejects when it cannot. */
export async function loadSileroV5(): Promise<SpeechDetector> {
  if (typeof WebAssembly !== 'object') throw new Error('This browser runs no WebAssembly: no voice-activity detection.');
  // Loaded when captions start, and only these: the package root would add all of ONNX Runtime's back ends to the
  // page (docs/audio.md). Internal paths: package.json pins the version.
  const [ort, { Silero }, frames] = await Promise.all([
    import('onnxruntime-web/wasm'),
    import('@ricky0123/vad-web/dist/models'),
    import('@ricky0123/vad-web/dist/frame-processor'),
  ]);
  ort.env.wasm.wasmPaths = VAD_ASSET_PATH;
  // One thread: no worker, no SharedArrayBuffer, nothing more for the CSP to allow (docs/audio.md).
  ort.env.wasm.numThreads = 1;
  ort.env.logLevel = 'error';
  const model = await Silero.new(ort, async () => {
    const response = await fetch(`${VAD_ASSET_PATH}silero_vad_v5.onnx`);
    if (!response.ok) throw new Error(`The VAD model did not load: ${response.status}.`);
    return response.arrayBuffer();
  });
  return speechDetector(model, frames.FrameProcessor);
}

/** The package's own speech/pause logic (thresholds, redemption, padding) on `model`; exported for the tests' models. */
export function speechDetector(model: Model, FrameProcessorClass: typeof FrameProcessor): SpeechDetector {
  const processor = new FrameProcessorClass(
    model.process,
    model.reset_state,
    { ...PAUSE_SETTINGS, submitUserSpeechOnPause: false },
    DETECTOR_FRAME_MS,
  );
  processor.resume();
  return {
    async process(frame) {
      let event: DetectorEvent = null;
      let isSpeech = false;
      await processor.process(frame, (happened: FrameProcessorEvent) => {
        // The enum's values, compared as text: its module stays out of the page until the detector loads.
        const kind: string = happened.msg;
        if (kind === 'FRAME_PROCESSED' && 'probs' in happened) isSpeech = happened.probs.isSpeech >= PAUSE_SETTINGS.positiveSpeechThreshold;
        else if (kind === 'SPEECH_START') event = 'start';
        // A misfire too: the capture judges the length of what it handed out itself.
        else if (kind === 'SPEECH_END' || kind === 'VAD_MISFIRE') event = 'end';
      });
      return { isSpeech, event };
    },
    paddingFrames: () => Math.max(0, processor.audioBuffer.length - 1),
    reset: () => processor.reset(),
    setRedemptionMs: (ms) => processor.setOptions({ redemptionMs: ms }),
    release: () => model.release(),
  };
}
