import { LIVE } from '../../../shared/limits';
import { measureLevel } from '../audio/level-meter';
import { startPcmCapture, type CaptureResult } from '../audio/pcm-capture';
import type { MicrophoneProblem } from '../audio/microphone-problem';
import { samplesOfPcm16 } from '../audio/pcm-frames';
import { createPcmPlayer, type AnswerOutcome } from '../audio/pcm-player';
import { startSpeechCapture } from '../audio/speech-capture';

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

/** One of the speech capture's events as the page got it, a frame without its bytes. */
export type ProbedSpeechEvent =
  | { readonly kind: 'detector'; readonly ready: boolean; readonly atPageMs: number }
  | { readonly kind: 'start'; readonly atMs: number }
  | { readonly kind: 'frame'; readonly atMs: number; readonly bytes: number; readonly dbfs: number }
  | { readonly kind: 'end'; readonly atMs: number; readonly reason: string };

export type ProbedSpeech =
  | { readonly ok: false; readonly problem: string }
  | { readonly ok: true; readonly events: ProbedSpeechEvent[]; readonly detectorReady: boolean; readonly openedMs: number };

/**
 * Captures the default microphone for `ms` with live captions' speech capture (the real Silero model, under the app's
 * CSP), caps off as in streaming mode, and tells each event; times from just before the capture was started.
 */
export async function captureSpeech(ms: number): Promise<ProbedSpeech> {
  const events: ProbedSpeechEvent[] = [];
  const originMs = performance.timeOrigin + performance.now();
  const started = await startSpeechCapture({
    input: { kind: 'microphone', deviceId: null },
    originMs,
    onEvent: (event) => {
      if (event.kind === 'frame') events.push({ kind: 'frame', atMs: event.atMs, bytes: event.pcm.byteLength, dbfs: measureLevel(samplesOfPcm16(event.pcm)).dbfs });
      else if (event.kind === 'detector') events.push({ ...event, atPageMs: performance.timeOrigin + performance.now() - originMs });
      else events.push(event);
    },
  });
  if (!started.ok) return started;
  // The input has just opened, and the fake device starts its file with it: the file's time 0 on the capture's clock.
  const openedMs = performance.timeOrigin + performance.now() - originMs;
  await new Promise((resolve) => setTimeout(resolve, ms));
  await started.value.stop();
  return { ok: true, events, detectorReady: await started.value.detector, openedMs };
}

/** The test's PCM16 stream: sample k has the value patternSample(k), never the same twice in a row. */
function patternSample(index: number): number {
  return ((index * 7919) % 60_000) - 30_000;
}

/** `samples` samples of the pattern as PCM16 little-endian bytes. */
function patternPcm(samples: number): Uint8Array {
  const bytes = new Uint8Array(samples * 2);
  const view = new DataView(bytes.buffer);
  for (let index = 0; index < samples; index += 1) view.setInt16(index * 2, patternSample(index), true);
  return bytes;
}

export interface RenderedAnswer {
  /** Samples before the answer's first one (the start lead). */
  readonly leadSamples: number;
  /** Samples after the lead that are not the pattern's, in order (none when the chunks joined without a gap). */
  readonly wrong: number;
  /** Samples of the pattern rendered in a row from the lead on. */
  readonly inOrder: number;
  /** Non-zero samples after the answer's end. */
  readonly after: number;
}

/**
 * Plays `samples` of the pattern through the app's PCM player, split into chunks of `chunkBytes` (cycled, odd sizes
 * allowed), in Chromium's own Web Audio rendered offline at the Live API's output rate: every sample can then be
 * compared with what was pushed.
 */
export async function renderPcmAnswer(samples: number, chunkBytes: readonly number[]): Promise<RenderedAnswer> {
  const context = new OfflineAudioContext(1, samples + LIVE.outputSampleRateHz, LIVE.outputSampleRateHz);
  const answer = createPcmPlayer(context).begin();
  const bytes = patternPcm(samples);
  for (let at = 0, chunk = 0; at < bytes.byteLength; chunk += 1) {
    const size = chunkBytes[chunk % chunkBytes.length]!;
    answer.push(bytes.subarray(at, at + size));
    at += size;
  }
  answer.end();
  const rendered = (await context.startRendering()).getChannelData(0);
  const leadSamples = rendered.findIndex((sample) => sample !== 0);
  let inOrder = 0;
  let wrong = 0;
  for (let index = 0; index < samples; index += 1) {
    const matches = Math.round(rendered[leadSamples + index]! * 0x8000) === patternSample(index);
    if (matches && wrong === 0) inOrder += 1;
    if (!matches) wrong += 1;
  }
  const after = rendered.subarray(leadSamples + samples).filter((sample) => sample !== 0).length;
  return { leadSamples, wrong, inOrder, after };
}

export interface HeardAnswer {
  /** Page clock, epoch ms: the first chunk was pushed; the player says its first sample is heard; it was heard. */
  readonly pushedAt: number;
  readonly firstSampleAt: number | null;
  readonly heardAt: number | null;
  /** The loudest the output was (dBFS) from a moment after stop() until the answer would have ended. */
  readonly afterStopDbfs: number;
  readonly outcome: AnswerOutcome;
}

/**
 * Streams a 2-second tone through the app's PCM player into the speakers (a real AudioContext at the Live API's
 * output rate), a 100 ms chunk every 50 ms as the Live API sends them, listening at the output with an analyser;
 * stops it after `stopAfterMs` when given (barge-in), else lets it end.
 */
export async function playPcmAnswer(stopAfterMs: number | null): Promise<HeardAnswer> {
  const now = () => performance.timeOrigin + performance.now();
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const context = new AudioContext({ sampleRate: LIVE.outputSampleRateHz });
  const tap = context.createAnalyser();
  tap.connect(context.destination);
  const player = createPcmPlayer({
    get currentTime() {
      return context.currentTime;
    },
    destination: tap,
    createBuffer: (...args) => context.createBuffer(...args),
    createBufferSource: () => context.createBufferSource(),
    getOutputTimestamp: () => context.getOutputTimestamp(),
  });
  const heard = new Float32Array(tap.fftSize);
  const level = () => {
    tap.getFloatTimeDomainData(heard);
    return measureLevel(heard).dbfs;
  };
  let heardAt: number | null = null;
  const listening = setInterval(() => {
    if (heardAt === null && level() > -30) heardAt = now();
  }, 5);

  const rate = LIVE.outputSampleRateHz;
  const tone = (from: number, samples: number) => {
    const bytes = new Uint8Array(samples * 2);
    const view = new DataView(bytes.buffer);
    for (let index = 0; index < samples; index += 1) {
      view.setInt16(index * 2, Math.round(0.5 * 0x7fff * Math.sin((2 * Math.PI * 440 * (from + index)) / rate)), true);
    }
    return bytes;
  };
  const answer = player.begin();
  const pushedAt = now();
  const chunkSamples = rate / 10;
  for (let chunk = 0; chunk < 20; chunk += 1) {
    answer.push(tone(chunk * chunkSamples, chunkSamples));
    if (stopAfterMs !== null && now() - pushedAt >= stopAfterMs) break;
    await wait(50);
  }
  let afterStopDbfs = -Infinity;
  if (stopAfterMs === null) {
    answer.end();
  } else {
    player.stop();
    // What the output still held when it was stopped has drained by now; the answer had a second or more to go.
    await wait(100);
    const stoppedAt = now();
    while (now() - stoppedAt < 500) {
      afterStopDbfs = Math.max(afterStopDbfs, level());
      await wait(10);
    }
  }
  const outcome = await answer.finished;
  clearInterval(listening);
  await context.close();
  return { pushedAt, firstSampleAt: player.state().firstSampleAt, heardAt, afterStopDbfs, outcome };
}
