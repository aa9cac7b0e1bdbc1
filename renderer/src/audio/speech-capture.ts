import { LIVE } from '../../../shared/limits';
import { openCaptionInput, type CaptionInput, type CaptionInputDeps, type CaptionInputProblem } from './caption-input';
import { measureLevel } from './level-meter';
import { mediaDevices } from './media-devices';
import { browserMicrophone } from './microphone-take';
import { microphoneProblemOf } from './microphone-problem';
import { samplesOfPcm16 } from './pcm-frames';
import { browserPcmGraph, connectPcmSource, createPcmContext, FRAME_SAMPLES, type PcmContext, type PcmSource, type PcmSourceDeps } from './pcm-source';
import { releaseMicrophone } from './recorder';
import {
  DETECTOR_FRAME_MS,
  DETECTOR_FRAME_SAMPLES,
  loadSileroV5,
  PAUSE_SETTINGS,
  type DetectorEvent,
  type SpeechDetector,
} from './silero-vad';

/**
 * Live captions' ears (T2, issue 25): the input as 16 kHz PCM16 frames from the moment it opens, and Silero VAD run
 * over those same frames once its model has loaded. Frames heard while it loads wait for it and are then run through
 * it in order, so nothing said after Start is lost (MicVAD heard nothing until its model had loaded: docs/audio.md).
 */

/** Why a stretch of speech ended. 'misfire' wins over any other: it held under minSpeechMs of speech and is noise. */
export type SpeechEndReason = 'pause' | 'cap' | 'paused' | 'stopped' | 'misfire';

/** What the capture hands out, in order. Times are milliseconds since the capture's originMs, counted in samples. */
export type SpeechCaptureEvent =
  /** The detector loaded (true), or could not (false): from then on every frame goes out, with no start or end. */
  | { kind: 'detector'; ready: boolean }
  /** Speech begins; atMs is its first padding frame's (preSpeechPadMs before the detected start). */
  | { kind: 'start'; atMs: number }
  /**
   * 16 kHz mono PCM16 LE, LIVE.frameMs (the last of a stretch may be shorter). With the detector only a stretch's
   * frames, from its start to its end: silence never goes out. Without it, every frame.
   */
  | { kind: 'frame'; atMs: number; pcm: Uint8Array; level: number }
  /** atMs: the end of the stretch's last frame. */
  | { kind: 'end'; atMs: number; reason: SpeechEndReason };

/** A talker who does not pause: past softMs of a stretch a shorter pause ends it, at hardMs it is cut where it is. */
export interface SpeechCaps {
  softMs: number;
  hardMs: number;
}

export interface SpeechCaptureOptions {
  input: CaptionInput;
  /** The clock's zero on deps.now()'s clock (performance.timeOrigin + performance.now()): the captions session's start. */
  originMs: number;
  onEvent(event: SpeechCaptureEvent): void;
  /** 0..1 for a meter, every frame as it is heard; 0 while paused. */
  onLevel?(level0to1: number): void;
  /** The input ended by itself (after the last events for what it had heard); its tracks are released. */
  onEnded?(reason: 'device_lost' | 'error'): void;
}

export interface SpeechCapture {
  /** Settles true when the detector loaded, false when it could not (the capture then hands out every frame). */
  readonly detector: Promise<boolean>;
  /** Ends an open stretch ('paused') and drops what is heard until resume(); the input stays open. */
  pause(): void;
  resume(): void;
  /** Applies from the next frame the detector runs; null: no cap (a stretch ends at a pause only). */
  setCaps(caps: SpeechCaps | null): void;
  /** Hands out everything heard (an open stretch ends 'stopped'), then releases every track, the graph and the model. */
  stop(): Promise<void>;
}

export type StartSpeechCaptureResult = { ok: true; value: SpeechCapture } | { ok: false; problem: CaptionInputProblem };

/** The browser's input, graph and model, injected so that the capture can be tested without them. */
export interface SpeechCaptureDeps extends CaptionInputDeps, PcmSourceDeps {
  now(): number;
  /** Silero v5 with vad-web's FrameProcessor; rejects when its files or wasm cannot be had. */
  loadDetector(): Promise<SpeechDetector>;
}

export function browserSpeechCaptureDeps(): SpeechCaptureDeps {
  const devices = mediaDevices();
  return {
    ...browserMicrophone(),
    ...browserPcmGraph(),
    getDisplayMedia: devices?.getDisplayMedia && ((options) => devices.getDisplayMedia(options)),
    now: () => performance.timeOrigin + performance.now(),
    loadDetector: loadSileroV5,
  };
}

/** The shorter pause that ends a stretch past SpeechCaps.softMs. */
const SOFT_CAP_REDEMPTION_MS = 200;
const MS_PER_SAMPLE = 1000 / LIVE.inputSampleRateHz;
/** As the detector counts it: whole frames of speech. */
const MIN_SPEECH_FRAMES = Math.floor(PAUSE_SETTINGS.minSpeechMs / DETECTOR_FRAME_MS);
/** Kept behind the detector for a stretch's padding: its padding frames and the one speech starts in. */
const PADDING_SAMPLES = (Math.floor(PAUSE_SETTINGS.preSpeechPadMs / DETECTOR_FRAME_MS) + 1) * DETECTOR_FRAME_SAMPLES;

/**
 * Opens the input and starts its frames at once; the detector loads meanwhile. The input, its graph and the model
 * are released on every path: stopped, ended by itself, failed to start.
 */
export async function startSpeechCapture(
  options: SpeechCaptureOptions,
  deps: SpeechCaptureDeps = browserSpeechCaptureDeps(),
): Promise<StartSpeechCaptureResult> {
  // A page that cannot capture sound says so before anything is made for nothing.
  if (options.input.kind === 'microphone' && deps.getUserMedia === undefined) return { ok: false, problem: 'unsupported' };
  let pcm: PcmContext;
  try {
    // Made while the member's click to start still counts for autoplay, and its worklet loads while the input opens.
    pcm = createPcmContext(deps);
  } catch (error) {
    return { ok: false, problem: microphoneProblemOf(error) };
  }
  const opened = await openCaptionInput(options.input, deps);
  if (!opened.ok) {
    void pcm.context.close();
    return opened;
  }
  try {
    if (!(await pcm.loaded)) {
      releaseMicrophone(opened.stream, pcm.context);
      return { ok: false, problem: 'unsupported' };
    }
    return { ok: true, value: new Listening(pcm, opened.stream, options, deps) };
  } catch (error) {
    releaseMicrophone(opened.stream, pcm.context);
    return { ok: false, problem: microphoneProblemOf(error) };
  }
}

/** What waits for the detector, in the order it happened: frames (numbered by their first sample), pauses, the stop. */
type Heard = { kind: 'frame'; sample: number; pcm: Uint8Array } | { kind: 'pause' } | { kind: 'stop' };

/** The stretch of speech being handed out, in samples since the capture began. */
interface Stretch {
  readonly start: number;
  /** Handed out up to here. */
  sent: number;
  speechFrames: number;
  /** Begun at a cap, in speech the detector still hears: never a misfire, however little of it this part holds. */
  readonly continued: boolean;
}

class Listening implements SpeechCapture {
  readonly detector: Promise<boolean>;
  private readonly source: PcmSource;
  private readonly offsetMs: number;
  /** undefined while the model loads, null when it could not. */
  private vad: SpeechDetector | null | undefined;
  private readonly waiting: Heard[] = [];
  private running = false;
  /** The next sample the input will hand over: paused ones are counted too, so the clock keeps time. */
  private heardTo = 0;
  private paused = false;
  private caps: SpeechCaps | null = null;
  private softCapped = false;
  private stopping: Promise<void> | undefined;
  private drained: () => void = () => undefined;

  // What the detector has been given: the samples of its next frame, and the recent audio it may hand out.
  private readonly chunk = new Float32Array(DETECTOR_FRAME_SAMPLES);
  private chunkFill = 0;
  private chunkStart = 0;
  /** Handed to the detector up to here (the end of its last whole frame, or of the last frame before a pause). */
  private processedTo = 0;
  private history: { start: number; pcm: Uint8Array }[] = [];
  private stretch: Stretch | null = null;

  constructor(
    pcm: PcmContext,
    private readonly stream: MediaStream,
    private readonly options: SpeechCaptureOptions,
    deps: SpeechCaptureDeps,
  ) {
    this.source = connectPcmSource(pcm, stream, deps, (frame) => this.heard(frame));
    this.offsetMs = Math.round(deps.now() - options.originMs);
    // Chromium ends a track whose device was unplugged or whose share was stopped (never for track.stop(), ours).
    for (const track of stream.getAudioTracks()) track.addEventListener('ended', this.lost);
    this.detector = deps.loadDetector().then(
      (vad) => this.detectorSettled(vad),
      () => this.detectorSettled(null),
    );
  }

  pause(): void {
    if (this.paused || this.stopping) return;
    this.paused = true;
    this.options.onLevel?.(0);
    this.waitFor({ kind: 'pause' });
  }

  resume(): void {
    if (!this.paused || this.stopping) return;
    this.paused = false;
  }

  setCaps(caps: SpeechCaps | null): void {
    this.caps = caps;
  }

  stop(): Promise<void> {
    this.stopping ??= (async () => {
      await this.source.flush();
      this.release();
      await new Promise<void>((resolve) => {
        this.drained = resolve;
        this.waitFor({ kind: 'stop' });
      });
    })();
    return this.stopping;
  }

  private readonly lost = () => {
    if (this.stopping) return;
    void this.stop().then(() => this.options.onEnded?.('device_lost'));
  };

  private release(): void {
    for (const track of this.stream.getAudioTracks()) track.removeEventListener('ended', this.lost);
    this.source.release();
  }

  private detectorSettled(vad: SpeechDetector | null): boolean {
    this.vad = vad;
    this.options.onEvent({ kind: 'detector', ready: vad !== null });
    void this.run();
    return vad !== null;
  }

  private heard(pcm: Uint8Array): void {
    const sample = this.heardTo;
    this.heardTo += pcm.byteLength / 2;
    if (this.paused) return;
    this.options.onLevel?.(levelOf(pcm));
    this.waitFor({ kind: 'frame', sample, pcm });
  }

  private waitFor(heard: Heard): void {
    this.waiting.push(heard);
    void this.run();
  }

  /** Runs what waits through the detector, one at a time and in order, as fast as it goes. */
  private async run(): Promise<void> {
    if (this.running || this.vad === undefined) return;
    this.running = true;
    try {
      for (let next = this.waiting.shift(); next !== undefined; next = this.waiting.shift()) {
        if (this.vad === null) this.pass(next);
        else await this.detect(this.vad, next);
      }
    } catch {
      this.failed();
    } finally {
      this.running = false;
    }
  }

  /** No detector: every frame goes out as it is. */
  private pass(heard: Heard): void {
    if (heard.kind === 'frame') this.emitFrame(heard.sample, heard.pcm);
    else if (heard.kind === 'stop') this.drained();
  }

  private async detect(vad: SpeechDetector, heard: Heard): Promise<void> {
    if (heard.kind !== 'frame') {
      // What was heard before the pause or the stop ends its stretch, the detector's unfinished frame included.
      const lastSample = this.chunkStart + this.chunkFill;
      if (this.chunkFill > 0) this.processedTo = lastSample;
      this.endStretch(heard.kind === 'pause' ? 'paused' : 'stopped');
      vad.reset();
      this.chunkFill = 0;
      if (heard.kind === 'stop') {
        await vad.release();
        this.drained();
      }
      return;
    }
    this.history.push({ start: heard.sample, pcm: heard.pcm });
    const samples = samplesOfPcm16(heard.pcm);
    for (let at = 0; at < samples.length; ) {
      if (this.chunkFill === 0) this.chunkStart = heard.sample + at;
      const taken = Math.min(samples.length - at, DETECTOR_FRAME_SAMPLES - this.chunkFill);
      this.chunk.set(samples.subarray(at, at + taken), this.chunkFill);
      this.chunkFill += taken;
      at += taken;
      if (this.chunkFill === DETECTOR_FRAME_SAMPLES) {
        const frameStart = this.chunkStart;
        this.chunkFill = 0;
        const verdict = await vad.process(this.chunk.slice());
        this.judged(vad, frameStart, verdict);
      }
    }
    this.forgetBefore(Math.min(this.stretch?.sent ?? Infinity, this.processedTo - PADDING_SAMPLES));
  }

  /** One detector frame judged: a stretch begins, grows, is capped, or ends. */
  private judged(vad: SpeechDetector, frameStart: number, { isSpeech, event }: { isSpeech: boolean; event: DetectorEvent }): void {
    this.processedTo = frameStart + DETECTOR_FRAME_SAMPLES;
    if (event === 'start' && this.stretch === null) {
      this.beginStretch(frameStart - vad.paddingFrames() * DETECTOR_FRAME_SAMPLES, false);
    }
    const stretch = this.stretch;
    if (stretch === null) return;
    if (isSpeech) stretch.speechFrames += 1;
    if (event === 'end') {
      this.endStretch('pause');
      return;
    }
    this.sendUpTo(this.processedTo, false);
    const lengthMs = (this.processedTo - stretch.start) * MS_PER_SAMPLE;
    const caps = this.caps;
    if (caps !== null && !this.softCapped && lengthMs >= caps.softMs) this.softCap(true);
    if (caps === null && this.softCapped) this.softCap(false);
    if (caps !== null && lengthMs >= caps.hardMs) {
      // Cut where the talker is: the detector still hears speech, so the next stretch starts at once, nothing lost.
      this.endStretch('cap');
      this.beginStretch(this.processedTo, true);
    }
  }

  private softCap(on: boolean): void {
    this.softCapped = on;
    this.vad?.setRedemptionMs(on ? SOFT_CAP_REDEMPTION_MS : PAUSE_SETTINGS.redemptionMs);
  }

  private beginStretch(start: number, continued: boolean): void {
    this.stretch = { start, sent: start, speechFrames: 0, continued };
    this.options.onEvent({ kind: 'start', atMs: this.msOf(start) });
  }

  private endStretch(reason: Exclude<SpeechEndReason, 'misfire'>): void {
    const stretch = this.stretch;
    if (stretch === null) return;
    this.sendUpTo(this.processedTo, true);
    this.stretch = null;
    if (this.softCapped) this.softCap(false);
    // Cut at a cap, it is the detector's speech in progress however little of it this part held.
    const misfire = reason !== 'cap' && !stretch.continued && stretch.speechFrames < MIN_SPEECH_FRAMES;
    this.options.onEvent({ kind: 'end', atMs: this.msOf(stretch.sent), reason: misfire ? 'misfire' : reason });
  }

  /** The stretch's frames up to `end`: whole LIVE.frameMs ones, and the shorter rest when it ends there. */
  private sendUpTo(end: number, last: boolean): void {
    const stretch = this.stretch;
    if (stretch === null) return;
    while (stretch.sent + FRAME_SAMPLES <= end || (last && stretch.sent < end)) {
      const to = Math.min(end, stretch.sent + FRAME_SAMPLES);
      this.emitFrame(stretch.sent, this.samplesBetween(stretch.sent, to));
      stretch.sent = to;
    }
  }

  private emitFrame(sample: number, pcm: Uint8Array): void {
    this.options.onEvent({ kind: 'frame', atMs: this.msOf(sample), pcm, level: levelOf(pcm) });
  }

  /** The PCM16 heard from `from` to `to`, from the frames kept. */
  private samplesBetween(from: number, to: number): Uint8Array {
    const out = new Uint8Array((to - from) * 2);
    for (const { start, pcm } of this.history) {
      const end = start + pcm.byteLength / 2;
      if (end <= from || start >= to) continue;
      const first = Math.max(from, start);
      out.set(pcm.subarray((first - start) * 2, (Math.min(to, end) - start) * 2), (first - from) * 2);
    }
    return out;
  }

  private forgetBefore(sample: number): void {
    while (this.history.length > 0 && this.history[0]!.start + this.history[0]!.pcm.byteLength / 2 <= sample) this.history.shift();
  }

  /** The detector threw mid-session: what was handed out stands, and the capture ends. */
  private failed(): void {
    const stretch = this.stretch;
    this.stretch = null;
    this.waiting.length = 0;
    if (stretch !== null) this.options.onEvent({ kind: 'end', atMs: this.msOf(stretch.sent), reason: 'stopped' });
    this.release();
    void this.vad?.release().catch(() => undefined);
    this.drained();
    if (!this.stopping) {
      this.stopping = Promise.resolve();
      this.options.onEnded?.('error');
    }
  }

  private msOf(sample: number): number {
    return this.offsetMs + sample * MS_PER_SAMPLE;
  }
}

function levelOf(pcm: Uint8Array): number {
  return measureLevel(samplesOfPcm16(pcm)).level;
}
