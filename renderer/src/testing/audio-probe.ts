import { measureLevel } from '../audio/level-meter';
import { startPcmCapture, type CaptureResult } from '../audio/pcm-capture';
import type { MicrophoneProblem } from '../audio/microphone-problem';
import { samplesOfPcm16 } from '../audio/pcm-frames';

/**
 * A page-side entry for the browser tests of renderer/src/audio (test/e2e/support/page-probe.ts): the test bundles it
 * with Vite, as the app's build does (the worklet included), serves it from the page's own origin, so that it runs
 * under the app's CSP, and imports it from the page. The app never loads it: nothing is added to the app's pages.
 */

/** One frame as the page got it, without its bytes. */
export interface ProbedFrame {
  readonly seq: number;
  readonly bytes: number;
  readonly capturedAt: number;
  readonly dbfs: number;
}

export type ProbedCapture =
  | { readonly ok: false; readonly problem: MicrophoneProblem }
  | {
      readonly ok: true;
      readonly frames: ProbedFrame[];
      /** The page clock (epoch ms) just before the capture started and just after it stopped. */
      readonly startedAt: number;
      readonly stoppedAt: number;
      readonly result: CaptureResult;
    };

/** Captures the default microphone for `ms` with the app's PCM capture, and tells what each frame held. */
export async function capturePcm(ms: number): Promise<ProbedCapture> {
  const frames: ProbedFrame[] = [];
  const startedAt = performance.timeOrigin + performance.now();
  const started = await startPcmCapture({
    deviceId: null,
    onFrame: ({ seq, pcm, capturedAt }) =>
      frames.push({ seq, bytes: pcm.byteLength, capturedAt, dbfs: measureLevel(samplesOfPcm16(pcm)).dbfs }),
    onLevel: () => undefined,
    onTick: () => undefined,
  });
  if (!started.ok) return started;
  await new Promise((resolve) => setTimeout(resolve, ms));
  const result = await started.value.stop();
  return { ok: true, frames, startedAt, stoppedAt: performance.timeOrigin + performance.now(), result };
}
