import type { RealTimeVADOptions } from '@ricky0123/vad-web/dist/real-time-vad';
import { audioClipSchema, type AudioClip } from '../../../shared/audio';
import { VOICE } from '../../../shared/limits';
import { VAD_ASSET_PATH } from '../../../shared/vad-assets';
import { floatPcmAsWav } from '../../../shared/wav';
import { base64Of } from './base64';
import { measureLevel } from './level-meter';
import { mediaDevices } from './media-devices';
import { microphoneProblemOf, type MicrophoneProblem } from './microphone-problem';
import {
  browserRecorderDeps,
  microphoneConstraints,
  startSpeechRecorder,
  type MediaRecorderClass,
  type RecorderDeps,
} from './recorder';

/** One utterance (or, in the fixed mode, one stretch of sound) to caption. */
export interface SpeechSegment {
  id: string;
  /** Since the segmenter started (the session start): the span of the audio it carries. */
  startMs: number;
  endMs: number;
  audio: AudioClip;
  /** The same audio as 16 kHz mono samples, for joinSegments: 'pauses' mode only. */
  pcm?: Float32Array;
}

/** 'pauses': cut at the speaker's pauses by voice-activity detection; 'fixed': the seeds' ~7 s segments. */
export type SegmenterMode = 'pauses' | 'fixed';

/** 'system' = getDisplayMedia loopback (Windows/macOS); on Linux the monitor source is a microphone deviceId. */
export type CaptionInput = { kind: 'microphone'; deviceId: string | null } | { kind: 'system' };

export interface SegmenterOptions {
  input: CaptionInput;
  onSegment(segment: SpeechSegment): void;
  /** 0..1 for a meter; 0 while paused. */
  onLevel?(level0to1: number): void;
  /** The segmenter stopped by itself (after a last onSegment for what it had heard); its tracks are released. */
  onEnded?(reason: 'device_lost' | 'error'): void;
}

export type StartSegmenterResult =
  | { ok: true; value: SpeechSegmenter }
  | { ok: false; problem: MicrophoneProblem | 'system_audio_unavailable' };

export interface SpeechSegmenter {
  readonly mode: SegmenterMode;
  /** Sends what was said so far as a segment and hears nothing more until resume(); the input stays open. */
  pause(): void;
  resume(): void;
  /** Flushes the utterance in progress as a last segment and releases every track. */
  stop(): Promise<void>;
}

/** What the segmenter uses of @ricky0123/vad-web's MicVAD. */
export interface VoiceActivityDetector {
  start(): Promise<void>;
  pause(): Promise<void>;
  destroy(): Promise<void>;
  setOptions(update: { redemptionMs: number }): void;
}

export type DetectorOptions = Partial<RealTimeVADOptions>;

/** The browser's capture and the detector, injected so that the segmenter can be tested without them. */
export interface SegmenterDeps extends RecorderDeps {
  /** undefined where the browser cannot share its screen. */
  readonly getDisplayMedia: ((options: DisplayMediaStreamOptions) => Promise<MediaStream>) | undefined;
  /** Loads the detector's model and wasm; rejects when it cannot, and the fixed mode runs instead. */
  createDetector(options: DetectorOptions): Promise<VoiceActivityDetector>;
}

function browserSegmenterDeps(): SegmenterDeps {
  const devices = mediaDevices();
  return {
    ...browserRecorderDeps(),
    getDisplayMedia: devices?.getDisplayMedia && ((options) => devices.getDisplayMedia(options)),
    createDetector: loadMicVad,
  };
}

async function loadMicVad(options: DetectorOptions): Promise<VoiceActivityDetector> {
  if (typeof WebAssembly !== 'object') throw new Error('This browser runs no WebAssembly: no voice-activity detection.');
  // The real-time entry alone, loaded when captions start: the package root would add all of ONNX Runtime to the
  // page (434 KB against 64 KB, docs/audio.md). An internal path: package.json pins the version.
  const { MicVAD } = await import('@ricky0123/vad-web/dist/real-time-vad');
  return MicVAD.new(options);
}

/** Silero's rate: the detector's frames and the audio it hands out are at 16 kHz. */
const DETECTOR_SAMPLE_RATE_HZ = 16_000;
const MS_PER_SECOND = 1000;
/**
 * Measured for captions (docs/audio.md): every pause of 0.6 s or more splits, a segment ends about 0.5 s
 * after the words, 10 s of silence or room noise gives nothing.
 */
const PAUSE_SETTINGS = {
  redemptionMs: 500,
  minSpeechMs: 250,
  preSpeechPadMs: 300,
  positiveSpeechThreshold: 0.5,
  negativeSpeechThreshold: 0.35,
} as const;
/** A talker who does not pause: past this much of an utterance, a shorter pause ends it... */
const SOFT_CAP_MS = 5_000;
const SOFT_CAP_REDEMPTION_MS = 200;
/** ...and at this much it is cut wherever the talker is, so the captions keep up. */
const HARD_CAP_MS = VOICE.liveSegmentMs;
/** The fixed mode reads the level this often, for the meter and to tell sound from silence. */
const SAMPLE_EVERY_MS = 50;
const ANALYSER_FFT_SIZE = 2048;

/**
 * Opens the input and cuts what it hears into segments for live captions (T2): at the speaker's pauses when the
 * voice-activity detector loads, else the seeds' fixed segments. Silence is never sent in either mode.
 */
export async function startSegmenter(
  options: SegmenterOptions,
  deps: SegmenterDeps = browserSegmenterDeps(),
): Promise<StartSegmenterResult> {
  // A page that cannot capture sound says so before anything is made for nothing (the computer's audio needs it too).
  const { getUserMedia } = deps;
  if (getUserMedia === undefined) return { ok: false, problem: 'unsupported' };
  // Shared with the detector, and made while the member's click to start still counts for autoplay.
  const context = deps.createAudioContext();
  const pauses = new PauseSegmenter(options, context);
  // The detector comes before the microphone: audio heard before its model has loaded would never be processed
  // (docs/audio.md). Not before the computer's audio: main grants that only while the member's Start still counts
  // as their act, and the model may take seconds to load; a meeting goes on whether heard yet or not.
  const loadDetector = () => deps.createDetector(pauses.detectorOptions()).catch(() => null);
  let detector: VoiceActivityDetector | null = null;
  let opened: Opened;
  if (options.input.kind === 'system') {
    opened = await openSystemAudio(deps);
    if (opened.ok) detector = await loadDetector();
  } else {
    detector = await loadDetector();
    opened = await openMicrophone(options.input.deviceId, getUserMedia);
  }
  if (!opened.ok) {
    if (detector !== null) discard(detector);
    void closeContext(context);
    return opened;
  }
  const capture = new Capture(opened.stream, context, deps);
  if (detector !== null && (await pauses.begin(detector, capture))) return { ok: true, value: pauses };
  return FixedSegmenter.begin(options, capture, deps);
}

/** One WAV of `segments`' samples (neighbours cut at pauses), keeping the first one's id, as mergeSegments does. */
export function joinSegments(segments: readonly SpeechSegment[]): SpeechSegment {
  const first = segments[0];
  const parts = segments.map((segment) => segment.pcm);
  if (first === undefined || !parts.every((part) => part !== undefined)) {
    throw new Error('Only segments cut at pauses carry the samples to join.');
  }
  const pcm = new Float32Array(parts.reduce((length, part) => length + part.length, 0));
  parts.reduce((at, part) => (pcm.set(part, at), at + part.length), 0);
  return pcmSegment(first.id, pcm, first.startMs, Math.max(...segments.map((segment) => segment.endMs)));
}

function pcmSegment(id: string, pcm: Float32Array, startMs: number, endMs: number): SpeechSegment {
  const data = base64Of(floatPcmAsWav(pcm, DETECTOR_SAMPLE_RATE_HZ));
  // V5, renderer side: what goes to main already passes the schema main checks it with again.
  return { id, startMs, endMs, audio: audioClipSchema.parse({ mimeType: 'audio/wav', data }), pcm };
}

type Opened = { ok: true; stream: MediaStream } | { ok: false; problem: MicrophoneProblem | 'system_audio_unavailable' };

async function openMicrophone(deviceId: string | null, getUserMedia: NonNullable<SegmenterDeps['getUserMedia']>): Promise<Opened> {
  try {
    return { ok: true, stream: await getUserMedia(microphoneConstraints(deviceId)) };
  } catch (error) {
    return { ok: false, problem: microphoneProblemOf(error) };
  }
}

async function openSystemAudio(deps: SegmenterDeps): Promise<Opened> {
  const unavailable = { ok: false, problem: 'system_audio_unavailable' } as const;
  if (deps.getDisplayMedia === undefined) return unavailable;
  let stream: MediaStream;
  try {
    stream = await deps.getDisplayMedia({ audio: true, video: true });
  } catch {
    // Whatever the reason (the picker cancelled, no loopback on this system, main's handler refused), there
    // is no computer audio to caption: the member picks a microphone instead.
    return unavailable;
  }
  // Chromium shares the computer's audio only along with a picture (main gives the page's own window, never the
  // screen): the captions need none of it, so it stops before anything else can read a frame.
  for (const track of stream.getVideoTracks()) {
    track.stop();
    stream.removeTrack(track);
  }
  if (stream.getAudioTracks().length > 0) return { ok: true, stream };
  for (const track of stream.getTracks()) track.stop();
  return unavailable;
}

function closeContext(context: AudioContext): Promise<void> {
  return context.state === 'closed' ? Promise.resolve() : context.close();
}

/**
 * A detector that never started cannot tear itself down (MicVAD.destroy reaches for audio nodes it never made);
 * it is only let go, and its model with it.
 */
function discard(detector: VoiceActivityDetector): void {
  detector.destroy().catch(() => undefined);
}

/** The open input and the session's clock, which both modes share. */
class Capture {
  private readonly startedAt: number;
  private released = false;

  constructor(
    readonly stream: MediaStream,
    readonly context: AudioContext,
    private readonly deps: SegmenterDeps,
  ) {
    this.startedAt = deps.now();
  }

  elapsedMs(): number {
    return this.deps.now() - this.startedAt;
  }

  /** `lost` runs when the input ends by itself: a device unplugged, a screen share stopped from the browser. */
  onLost(lost: () => void): void {
    for (const track of this.stream.getAudioTracks()) track.addEventListener('ended', lost, { once: true });
  }

  /** Turns the input off (the system's "in use" indicator with it) and frees the audio graph. */
  release(): Promise<void> {
    if (this.released) return Promise.resolve();
    this.released = true;
    for (const track of this.stream.getTracks()) track.stop();
    return closeContext(this.context);
  }
}

type EndReason = 'device_lost' | 'error';

/** Speech cut at the speaker's pauses by the detector, with a soft and a hard cap on the length of a segment. */
class PauseSegmenter implements SpeechSegmenter {
  readonly mode = 'pauses';
  private detector: VoiceActivityDetector | undefined;
  private capture: Capture | undefined;
  /** Detector calls one after another: a cap's pause and start never interleave with the member's. */
  private queue: Promise<void> = Promise.resolve();
  /** Audio the detector holds between utterances: what becomes the next one's pre-speech padding. */
  private heldMs = 0;
  /** The utterance being spoken so far, padding included; null between utterances. */
  private utteranceMs: number | null = null;
  private softCapped = false;
  private cutting = false;
  private paused = false;
  private stopping: Promise<void> | undefined;

  constructor(
    private readonly options: SegmenterOptions,
    private readonly context: AudioContext,
  ) {}

  detectorOptions(): DetectorOptions {
    return {
      ...PAUSE_SETTINGS,
      model: 'v5',
      baseAssetPath: VAD_ASSET_PATH,
      onnxWASMBasePath: VAD_ASSET_PATH,
      // One thread: no worker, no SharedArrayBuffer, nothing more for the CSP to allow (docs/audio.md).
      ortConfig: (ort) => {
        ort.env.wasm.numThreads = 1;
        ort.env.logLevel = 'error';
      },
      audioContext: this.context,
      startOnLoad: false,
      // A pause (the member's, a hard cap, stop) hands out the utterance in progress instead of dropping it.
      submitUserSpeechOnPause: true,
      getStream: () => Promise.resolve(this.opened().capture.stream),
      // The stream is the segmenter's: a cap or a pause leaves it open, and stop() closes it.
      pauseStream: () => Promise.resolve(),
      resumeStream: (stream) => Promise.resolve(stream),
      onFrameProcessed: (_probabilities, frame) => this.heard(frame),
      onSpeechStart: () => {
        this.utteranceMs = this.heldMs;
      },
      onSpeechEnd: (pcm) => this.utteranceEnded(pcm),
      onVADMisfire: () => this.utteranceEnded(null),
    };
  }

  /** Starts the detector on the open input; false when it cannot run (its worklet did not load). */
  async begin(detector: VoiceActivityDetector, capture: Capture): Promise<boolean> {
    this.detector = detector;
    this.capture = capture;
    try {
      await detector.start();
    } catch {
      discard(detector);
      return false;
    }
    capture.onLost(() => void this.end('device_lost'));
    return true;
  }

  pause(): void {
    if (this.paused || this.stopping) return;
    this.paused = true;
    this.options.onLevel?.(0);
    this.run(() => this.opened().detector.pause());
  }

  resume(): void {
    if (!this.paused || this.stopping) return;
    this.paused = false;
    this.run(() => this.opened().detector.start());
  }

  stop(): Promise<void> {
    return this.end(null);
  }

  private opened(): { detector: VoiceActivityDetector; capture: Capture } {
    if (this.detector === undefined || this.capture === undefined) throw new Error('The detector ran before begin().');
    return { detector: this.detector, capture: this.capture };
  }

  private end(reason: EndReason | null): Promise<void> {
    this.stopping ??= this.run(async () => {
      const { detector } = this.opened();
      await detector.pause();
      await detector.destroy();
    }).finally(async () => {
      await this.opened().capture.release();
      if (reason !== null) this.options.onEnded?.(reason);
    });
    return this.stopping;
  }

  private run(operation: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(operation).catch(() => void this.end('error'));
    return this.queue;
  }

  private heard(frame: Float32Array): void {
    const frameMs = (frame.length / DETECTOR_SAMPLE_RATE_HZ) * MS_PER_SECOND;
    this.options.onLevel?.(measureLevel(frame).level);
    if (this.utteranceMs === null) {
      // As the detector does: it keeps whole frames of padding after each quiet one, and takes this one in.
      const paddingMs = Math.floor(PAUSE_SETTINGS.preSpeechPadMs / frameMs) * frameMs;
      this.heldMs = Math.min(this.heldMs, paddingMs) + frameMs;
      return;
    }
    this.utteranceMs += frameMs;
    if (!this.softCapped && this.utteranceMs >= SOFT_CAP_MS) {
      this.softCapped = true;
      this.opened().detector.setOptions({ redemptionMs: SOFT_CAP_REDEMPTION_MS });
    }
    if (!this.cutting && this.utteranceMs >= HARD_CAP_MS) {
      this.cutting = true;
      // There is no length option: pausing hands the utterance out, starting again listens on, and no audio is
      // lost between the two as the stream stays open (docs/audio.md).
      this.run(async () => {
        const { detector } = this.opened();
        await detector.pause();
        await detector.start();
      });
    }
  }

  private utteranceEnded(pcm: Float32Array | null): void {
    this.heldMs = 0;
    this.utteranceMs = null;
    this.cutting = false;
    if (this.softCapped) {
      this.softCapped = false;
      this.opened().detector.setOptions({ redemptionMs: PAUSE_SETTINGS.redemptionMs });
    }
    if (pcm === null) return;
    const endMs = this.opened().capture.elapsedMs();
    const durationMs = (pcm.length / DETECTOR_SAMPLE_RATE_HZ) * MS_PER_SECOND;
    this.options.onSegment(pcmSegment(crypto.randomUUID(), pcm, Math.max(0, endMs - durationMs), endMs));
  }
}

/** One segment's recorder and what was heard while it ran. */
interface Take {
  readonly recorder: MediaRecorder;
  readonly mimeType: string;
  readonly startMs: number;
  readonly chunks: Blob[];
  /** Time the level stayed at or above VOICE.speechLevelDbfs. */
  speechMs: number;
  /** False while the audio context never ran (no level to judge silence by): the segment then goes as it is. */
  measured: boolean;
}

/**
 * The seeds' mode, when the detector cannot load: a segment every VOICE.liveSegmentMs, each from a NEW recorder on
 * the same open stream (only a fresh recorder gives a whole file), and a segment that stayed silent is dropped.
 */
class FixedSegmenter implements SpeechSegmenter {
  readonly mode = 'fixed';
  private take: Take | null = null;
  /** Segments go out in the order they were recorded, each once its recorder has handed over its audio. */
  private delivered: Promise<void> = Promise.resolve();
  private readonly analyser: AnalyserNode;
  private readonly samples: Float32Array<ArrayBuffer>;
  private readonly stopSampling: () => void;
  private lastSampleAt: number;
  private stopping: Promise<void> | undefined;

  static begin(options: SegmenterOptions, capture: Capture, deps: SegmenterDeps): StartSegmenterResult {
    const Recorder = deps.MediaRecorder;
    try {
      const first = Recorder && startSpeechRecorder(capture.stream, Recorder);
      if (!Recorder || !first) {
        void capture.release();
        return { ok: false, problem: 'unsupported' };
      }
      return { ok: true, value: new FixedSegmenter(options, capture, deps, Recorder, first) };
    } catch (error) {
      void capture.release();
      return { ok: false, problem: microphoneProblemOf(error) };
    }
  }

  private constructor(
    private readonly options: SegmenterOptions,
    private readonly capture: Capture,
    private readonly deps: SegmenterDeps,
    private readonly Recorder: MediaRecorderClass,
    first: { recorder: MediaRecorder; mimeType: string },
  ) {
    this.analyser = capture.context.createAnalyser();
    this.analyser.fftSize = ANALYSER_FFT_SIZE;
    capture.context.createMediaStreamSource(capture.stream).connect(this.analyser);
    this.samples = new Float32Array(this.analyser.fftSize);
    this.lastSampleAt = deps.now();
    this.take = this.track(first);
    this.stopSampling = deps.every(SAMPLE_EVERY_MS, () => this.sample());
    capture.onLost(() => void this.end('device_lost'));
  }

  pause(): void {
    if (this.take === null || this.stopping) return;
    this.cut();
    this.options.onLevel?.(0);
  }

  resume(): void {
    if (this.take !== null || this.stopping) return;
    this.lastSampleAt = this.deps.now();
    this.record();
  }

  stop(): Promise<void> {
    return this.end(null);
  }

  private end(reason: EndReason | null): Promise<void> {
    this.stopping ??= (async () => {
      this.stopSampling();
      this.cut();
      await this.delivered;
      await this.capture.release();
      if (reason !== null) this.options.onEnded?.(reason);
    })();
    return this.stopping;
  }

  private record(): void {
    try {
      const started = startSpeechRecorder(this.capture.stream, this.Recorder);
      // The same browser took the first one: a refusal now means the input broke.
      if (started === null) throw new Error('The recorder refused a type it accepted before.');
      this.take = this.track(started);
    } catch {
      void this.end('error');
    }
  }

  private track({ recorder, mimeType }: { recorder: MediaRecorder; mimeType: string }): Take {
    const take: Take = { recorder, mimeType, startMs: this.capture.elapsedMs(), chunks: [], speechMs: 0, measured: false };
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) take.chunks.push(event.data);
    };
    recorder.onerror = () => void this.end('error');
    let endMs: number | undefined;
    const stopped = new Promise<void>((resolve) => {
      recorder.onstop = () => {
        endMs ??= this.capture.elapsedMs();
        resolve();
      };
    });
    this.delivered = this.delivered.then(async () => {
      await stopped;
      await this.deliver(take, endMs ?? take.startMs);
    });
    return take;
  }

  /** Ends the current segment; it goes out once its recorder has handed over its audio. */
  private cut(): void {
    const take = this.take;
    this.take = null;
    if (take !== null && take.recorder.state !== 'inactive') take.recorder.stop();
  }

  private sample(): void {
    const take = this.take;
    if (take === null) return;
    const now = this.deps.now();
    if (this.capture.context.state === 'running') {
      this.analyser.getFloatTimeDomainData(this.samples);
      const { level, dbfs } = measureLevel(this.samples);
      take.measured = true;
      if (dbfs >= VOICE.speechLevelDbfs) take.speechMs += now - this.lastSampleAt;
      this.options.onLevel?.(level);
    }
    this.lastSampleAt = now;
    if (this.capture.elapsedMs() - take.startMs >= VOICE.liveSegmentMs) {
      this.cut();
      this.record();
    }
  }

  private async deliver(take: Take, endMs: number): Promise<void> {
    const silent = take.measured && take.speechMs < VOICE.recordingMinSpeechMs;
    if (silent || take.chunks.length === 0) return;
    const data = base64Of(new Uint8Array(await new Blob(take.chunks).arrayBuffer()));
    const audio = audioClipSchema.parse({ mimeType: take.mimeType, data });
    this.options.onSegment({ id: crypto.randomUUID(), startMs: take.startMs, endMs, audio });
  }
}
