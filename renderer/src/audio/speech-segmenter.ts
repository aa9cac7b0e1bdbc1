import { VOICE } from '../../../shared/limits';
import type { CaptionInput, CaptionInputProblem } from './caption-input';
import { createSegmentCutter, type SpeechSegment } from './segment-cutter';
import { browserSpeechCaptureDeps, startSpeechCapture, type SpeechCaptureDeps } from './speech-capture';

export type { CaptionInput } from './caption-input';
export { joinSegments, type SpeechSegment } from './segment-cutter';

/**
 * Live captions' segments as the caption runner takes them today: speech-capture.ts's frames cut by a
 * segment-cutter.ts, at pauses with caps on a talker who does not pause.
 */

/** 'pauses': cut at the speaker's pauses by voice-activity detection; 'fixed': the seeds' ~7 s segments. */
export type SegmenterMode = 'pauses' | 'fixed';

export interface SegmenterOptions {
  input: CaptionInput;
  onSegment(segment: SpeechSegment): void;
  /** 0..1 for a meter; 0 while paused. */
  onLevel?(level0to1: number): void;
  /** The segmenter stopped by itself (after a last onSegment for what it had heard); its tracks are released. */
  onEnded?(reason: 'device_lost' | 'error'): void;
}

export type StartSegmenterResult = { ok: true; value: SpeechSegmenter } | { ok: false; problem: CaptionInputProblem };

export interface SpeechSegmenter {
  readonly mode: SegmenterMode;
  /** Sends what was said so far as a segment and hears nothing more until resume(); the input stays open. */
  pause(): void;
  resume(): void;
  /** Sends the utterance in progress as a last segment and releases every track. */
  stop(): Promise<void>;
}

export type SegmenterDeps = SpeechCaptureDeps;

/** Past this much of an utterance a shorter pause ends it, and at VOICE.liveSegmentMs it is cut, so captions keep up. */
const SOFT_CAP_MS = 5_000;

/**
 * Opens the input and cuts what it hears into segments for live captions (T2). Resolves once the detector has
 * loaded or failed, so the mode is known; what was said meanwhile is captioned all the same.
 */
export async function startSegmenter(
  options: SegmenterOptions,
  deps: SegmenterDeps = browserSpeechCaptureDeps(),
): Promise<StartSegmenterResult> {
  const cutter = createSegmentCutter(options.onSegment);
  const started = await startSpeechCapture(
    {
      input: options.input,
      originMs: deps.now(),
      onEvent: (event) => cutter.take(event),
      onLevel: options.onLevel,
      onEnded: (reason) => {
        cutter.flush();
        options.onEnded?.(reason);
      },
    },
    deps,
  );
  if (!started.ok) return started;
  const capture = started.value;
  capture.setCaps({ softMs: SOFT_CAP_MS, hardMs: VOICE.liveSegmentMs });
  const mode: SegmenterMode = (await capture.detector) ? 'pauses' : 'fixed';
  return {
    ok: true,
    value: {
      mode,
      pause() {
        capture.pause();
        // The detector ends a stretch at a pause itself; fixed segments end here.
        if (mode === 'fixed') cutter.flush();
      },
      resume: () => capture.resume(),
      async stop() {
        await capture.stop();
        cutter.flush();
      },
    },
  };
}
