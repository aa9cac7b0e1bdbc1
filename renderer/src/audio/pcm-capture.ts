import { LIVE, VOICE } from '../../../shared/limits';
import { measureLevel } from './level-meter';
import { browserMicrophone, type MicrophoneDeps, type MicrophoneOpened, type MicrophoneTake } from './microphone-take';
import { microphoneProblemOf } from './microphone-problem';
import { samplesOfPcm16 } from './pcm-frames';
import { browserPcmGraph, connectPcmSource, createPcmContext, type PcmContext, type PcmSource, type PcmSourceDeps } from './pcm-source';
import { microphoneConstraints, releaseMicrophone, SAMPLE_EVERY_MS, tickTowardsLimit, type RecordingOptions, type RecordingResult } from './recorder';

/** Live voice (issue 24): the microphone as 16 kHz mono PCM16 frames of LIVE.frameMs (pcm-source.ts), handed out as they are made. */

const MS_PER_SAMPLE = 1000 / LIVE.inputSampleRateHz;

/** One frame as it left the worklet: seq counts from 0 per capture, with no gap and no repeat. */
export interface PcmFrame {
  readonly seq: number;
  /** 16 kHz mono PCM16 little-endian: 2 bytes a sample, 640 for a whole frame; the last one may be shorter. */
  readonly pcm: Uint8Array;
  /** When the page got it, in epoch milliseconds (performance.timeOrigin + performance.now()). */
  readonly capturedAt: number;
}

export interface PcmCaptureOptions extends RecordingOptions {
  /** Called for each frame, in order, as soon as the page has it. */
  onFrame(frame: PcmFrame): void;
}

/**
 * What the frames amounted to, with the recorder's verdicts (the member is told the same things); the audio itself
 * has already gone out as frames. Too large cannot happen: nothing is collected.
 */
export type CaptureResult =
  | { readonly kind: 'captured'; readonly durationMs: number; readonly frames: number }
  | Extract<RecordingResult, { kind: 'too_short' | 'silent' | 'cancelled' }>;

/** Stopped, it hands out the last partial frame first; it stops by itself at VOICE.recordingMaxMs. */
export type PcmCapture = MicrophoneTake<CaptureResult> & {
  /**
   * Stops at once, with the verdict on what was handed out: the audio thread's partial frame (under LIVE.frameMs,
   * the end of a release) is not waited for. A live question is complete the moment the member lets go.
   */
  stopNow(): CaptureResult;
};

export type StartPcmCaptureResult = MicrophoneOpened<PcmCapture>;

/** The browser's audio capture, injected so that a capture can be tested without one. */
export interface PcmCaptureDeps extends MicrophoneDeps, PcmSourceDeps {
  /** Epoch milliseconds on the page's clock: performance.timeOrigin + performance.now(). */
  now(): number;
}

export function browserPcmCaptureDeps(): PcmCaptureDeps {
  return {
    ...browserMicrophone(),
    ...browserPcmGraph(),
    now: () => performance.timeOrigin + performance.now(),
  };
}

/**
 * Opens the chosen microphone and hands out its audio as PCM frames (LV1) until stopped. Nothing is loaded but the
 * small worklet module, fetched while the microphone opens, so the first frame follows the press at once. The
 * microphone and the audio graph are released on every path: stopped, cancelled, stopped by itself, failed to start.
 */
export async function startPcmCapture(
  options: PcmCaptureOptions,
  deps: PcmCaptureDeps = browserPcmCaptureDeps(),
): Promise<StartPcmCaptureResult> {
  const { getUserMedia } = deps;
  if (getUserMedia === undefined) return { ok: false, problem: 'unsupported' };

  let pcm: PcmContext;
  try {
    pcm = createPcmContext(deps);
  } catch (error) {
    // NotSupportedError: this browser makes no context at 16 kHz.
    return { ok: false, problem: microphoneProblemOf(error) };
  }

  let stream: MediaStream;
  try {
    stream = await getUserMedia(microphoneConstraints(options.deviceId));
  } catch (error) {
    void pcm.context.close();
    return { ok: false, problem: microphoneProblemOf(error) };
  }

  try {
    if (!(await pcm.loaded)) {
      releaseMicrophone(stream, pcm.context);
      return { ok: false, problem: 'unsupported' };
    }
    return { ok: true, value: capture(pcm, stream, options, deps) };
  } catch (error) {
    releaseMicrophone(stream, pcm.context);
    return { ok: false, problem: microphoneProblemOf(error) };
  }
}

/** Wires the worklet's frames, the level and the limits into one capture. */
function capture(pcm: PcmContext, stream: MediaStream, options: PcmCaptureOptions, deps: PcmCaptureDeps): PcmCapture {
  const startedAt = deps.now();
  let seq = 0;
  let speechMs = 0;
  /** The loudest frame since the meter was last told: a short word still moves it. */
  let loudest: number | null = null;
  let stoppedAt: number | undefined;
  let cancelled = false;
  let released = false;
  let finishing: Promise<void> | null = null;

  let signalAutoStop: () => void = () => undefined;
  const autoStopped = new Promise<void>((resolve) => {
    signalAutoStop = resolve;
  });

  const source: PcmSource = connectPcmSource(pcm, stream, deps, (frame) => {
    const { level, dbfs } = measureLevel(samplesOfPcm16(frame));
    const frameMs = (frame.byteLength / 2) * MS_PER_SAMPLE;
    if (dbfs >= VOICE.speechLevelDbfs) speechMs += frameMs;
    loudest = Math.max(loudest ?? 0, level);
    options.onFrame({ seq, pcm: frame, capturedAt: deps.now() });
    seq += 1;
  });

  const stopSampling = deps.every(SAMPLE_EVERY_MS, () => {
    if (loudest !== null) options.onLevel(loudest);
    loudest = null;
    tickTowardsLimit(deps.now() - startedAt, options.onTick, autoStop);
  });

  const releaseOnce = () => {
    if (released) return;
    released = true;
    stopSampling();
    for (const track of stream.getAudioTracks()) track.removeEventListener('ended', autoStop);
    source.release();
  };

  /** Asks the worklet for its partial frame, then lets everything go; once, however often it is asked. */
  const finish = (): Promise<void> => {
    stoppedAt ??= deps.now();
    finishing ??= source.flush().then(releaseOnce);
    return finishing;
  };

  function autoStop(): void {
    if (stoppedAt !== undefined) return;
    void finish();
    signalAutoStop();
  }

  // Chromium ends a track whose device was unplugged or taken away (never for track.stop(), which is ours).
  for (const track of stream.getAudioTracks()) track.addEventListener('ended', autoStop);

  const verdict = (): CaptureResult => {
    if (cancelled) return { kind: 'cancelled' };
    const durationMs = (stoppedAt ?? deps.now()) - startedAt;
    if (durationMs < VOICE.recordingMinMs) return { kind: 'too_short' };
    if (speechMs < VOICE.recordingMinSpeechMs) return { kind: 'silent' };
    return { kind: 'captured', durationMs, frames: seq };
  };

  return {
    stop: async () => {
      await finish();
      return verdict();
    },
    stopNow: () => {
      stoppedAt ??= deps.now();
      const result = verdict();
      releaseOnce();
      return result;
    },
    cancel: () => {
      if (released) return;
      cancelled = true;
      stoppedAt ??= deps.now();
      // Nothing is flushed: a stop() still waiting for the worklet settles now, and a later one at once.
      releaseOnce();
    },
    autoStopped,
  };
}
