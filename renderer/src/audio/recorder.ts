import { audioClipSchema, isAllowedAudioMime, type AudioClip } from '../../../shared/audio';
import { VOICE } from '../../../shared/limits';
import { base64Length, base64Of } from './base64';
import { measureLevel } from './level-meter';
import { browserMicrophone, type MicrophoneDeps, type MicrophoneOpened, type MicrophoneTake } from './microphone-take';
import { microphoneProblemOf } from './microphone-problem';

/** Opus in WebM is what Chromium records (docs/audio.md); Opus in Ogg where a browser offers only that. */
const PREFERRED_MIME_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus'];
/** Chunks arrive this often, so the clip's size is known while it grows. */
const TIMESLICE_MS = 250;
/** How often the level is read and the time reported: smooth enough for a meter and a countdown. */
export const SAMPLE_EVERY_MS = 50;
/**
 * Room under VOICE.audioMaxBase64Bytes for what the encoder still holds when it is told to stop: several
 * timeslices even at Chromium's default bitrate (about 14 KB/s), should the requested one be ignored.
 */
const SIZE_HEADROOM_BASE64_BYTES = 40_000;
const ANALYSER_FFT_SIZE = 2048;

export interface RecordingTick {
  readonly elapsedMs: number;
  /** Until the automatic stop at VOICE.recordingMaxMs. */
  readonly remainingMs: number;
}

export interface RecordingOptions {
  /** A MediaDeviceInfo.deviceId (settings.voice.microphoneId); null is the system's default microphone. */
  readonly deviceId: string | null;
  /** 0..1 for a level meter, every SAMPLE_EVERY_MS while the level can be measured. */
  onLevel(level: number): void;
  onTick(tick: RecordingTick): void;
}

/** Only a clip is worth sending; the other kinds say why there is none. */
export type RecordingResult =
  | { readonly kind: 'clip'; readonly clip: AudioClip; readonly durationMs: number }
  /** Held for less than VOICE.recordingMinMs. */
  | { readonly kind: 'too_short' }
  /** Never louder than VOICE.speechLevelDbfs for VOICE.recordingMinSpeechMs in all. */
  | { readonly kind: 'silent' }
  /** Over VOICE.audioMaxBase64Bytes despite the automatic stop (a browser that ignored the bitrate). */
  | { readonly kind: 'too_large' }
  /** cancel() was called. */
  | { readonly kind: 'cancelled' };

/** A recording stops by itself at VOICE.recordingMaxMs or near VOICE.audioMaxBase64Bytes. */
export type Recording = MicrophoneTake<RecordingResult>;

export type StartRecordingResult = MicrophoneOpened<Recording>;

export type MediaRecorderClass = Pick<typeof MediaRecorder, 'isTypeSupported'> &
  (new (stream: MediaStream, options?: MediaRecorderOptions) => MediaRecorder);

/** The browser's audio capture, injected so that a recording can be tested without one. */
export interface RecorderDeps extends MicrophoneDeps {
  readonly MediaRecorder: MediaRecorderClass | undefined;
  createAudioContext(): AudioContext;
}

export function browserRecorderDeps(): RecorderDeps {
  return {
    ...browserMicrophone(),
    MediaRecorder: 'MediaRecorder' in window ? window.MediaRecorder : undefined,
    createAudioContext: () => new AudioContext(),
    now: () => performance.now(),
  };
}

/**
 * Opens the microphone and records one voice question (V5) with a fresh MediaRecorder, so that the clip is a
 * whole file. The microphone is off again once the recording has stopped, been cancelled, or failed to start.
 */
export async function startRecording(
  options: RecordingOptions,
  deps: RecorderDeps = browserRecorderDeps(),
): Promise<StartRecordingResult> {
  const { getUserMedia, MediaRecorder: Recorder } = deps;
  if (getUserMedia === undefined || Recorder === undefined) return { ok: false, problem: 'unsupported' };

  let stream: MediaStream;
  try {
    stream = await getUserMedia(microphoneConstraints(options.deviceId));
  } catch (error) {
    return { ok: false, problem: microphoneProblemOf(error) };
  }

  let context: AudioContext | undefined;
  try {
    const started = startSpeechRecorder(stream, Recorder, TIMESLICE_MS);
    if (started === null) {
      releaseMicrophone(stream, undefined);
      return { ok: false, problem: 'unsupported' };
    }
    context = deps.createAudioContext();
    return { ok: true, value: record({ stream, ...started, context }, options, deps) };
  } catch (error) {
    releaseMicrophone(stream, context);
    return { ok: false, problem: microphoneProblemOf(error) };
  }
}

/**
 * A started recorder on `stream`, Opus at the speech bitrate, or null (stopped again) when this browser records
 * no type V5 allows. Throws what MediaRecorder throws (microphoneProblemOf tells what it means).
 */
export function startSpeechRecorder(
  stream: MediaStream,
  Recorder: MediaRecorderClass,
  timesliceMs?: number,
): { recorder: MediaRecorder; mimeType: string } | null {
  const requested = PREFERRED_MIME_TYPES.find((type) => Recorder.isTypeSupported(type));
  const recorder = new Recorder(stream, { mimeType: requested, audioBitsPerSecond: VOICE.recorderBitsPerSecond });
  recorder.start(timesliceMs);
  // The browser's own choice, when it offers neither Opus type, is known once it has started.
  const mimeType = recorder.mimeType || requested || '';
  if (isAllowedAudioMime(mimeType)) return { recorder, mimeType };
  recorder.stop();
  return null;
}

/** The chosen microphone or none; voice processing on, as for a call: it is speech for a model to understand. */
export function microphoneConstraints(deviceId: string | null): MediaStreamConstraints {
  return {
    audio: {
      ...(deviceId === null ? {} : { deviceId: { exact: deviceId } }),
      channelCount: 1,
      echoCancellation: true,
      noiseSuppression: true,
    },
  };
}

/** V5: the time left is told, and at VOICE.recordingMaxMs the recording (or capture) stops by itself. */
export function tickTowardsLimit(elapsedMs: number, onTick: (tick: RecordingTick) => void, autoStop: () => void): void {
  onTick({ elapsedMs, remainingMs: Math.max(0, VOICE.recordingMaxMs - elapsedMs) });
  if (elapsedMs >= VOICE.recordingMaxMs) autoStop();
}

/** Turns the microphone off (the system's "in use" indicator with it) and frees the level's audio graph. */
export function releaseMicrophone(stream: MediaStream, context: AudioContext | undefined): void {
  for (const track of stream.getTracks()) track.stop();
  if (context !== undefined && context.state !== 'closed') void context.close();
}

interface Capture {
  stream: MediaStream;
  /** Started: its first chunk is a TIMESLICE_MS away, so the handlers set here miss nothing. */
  recorder: MediaRecorder;
  context: AudioContext;
  mimeType: string;
}

/** Wires the recorder, the level and the limits into one recording. */
function record({ stream, recorder, context, mimeType }: Capture, options: RecordingOptions, deps: RecorderDeps): Recording {
  const startedAt = deps.now();
  const chunks: Blob[] = [];
  let bytes = 0;
  let speechMs = 0;
  /** False while the audio context never ran (no level to judge silence by): the clip then goes as it is. */
  let measured = false;
  let lastSampleAt = startedAt;
  let stoppedAt: number | undefined;
  let cancelled = false;
  let released = false;

  const analyser = context.createAnalyser();
  analyser.fftSize = ANALYSER_FFT_SIZE;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Float32Array(analyser.fftSize);

  let signalAutoStop: () => void = () => undefined;
  const autoStopped = new Promise<void>((resolve) => {
    signalAutoStop = resolve;
  });

  const stopRecorder = () => {
    stoppedAt ??= deps.now();
    if (recorder.state !== 'inactive') recorder.stop();
  };
  const autoStop = () => {
    if (stoppedAt !== undefined) return;
    stopRecorder();
    signalAutoStop();
  };
  const stopSampling = deps.every(SAMPLE_EVERY_MS, () => {
    const now = deps.now();
    if (context.state === 'running') {
      analyser.getFloatTimeDomainData(samples);
      const { level, dbfs } = measureLevel(samples);
      measured = true;
      if (dbfs >= VOICE.speechLevelDbfs) speechMs += now - lastSampleAt;
      options.onLevel(level);
    }
    lastSampleAt = now;
    tickTowardsLimit(now - startedAt, options.onTick, autoStop);
  });
  const releaseOnce = () => {
    if (released) return;
    released = true;
    stopSampling();
    releaseMicrophone(stream, context);
  };

  recorder.ondataavailable = (event) => {
    if (event.data.size === 0) return;
    chunks.push(event.data);
    bytes += event.data.size;
    if (base64Length(bytes) > VOICE.audioMaxBase64Bytes - SIZE_HEADROOM_BASE64_BYTES) autoStop();
  };
  // Chromium stops a recorder after an error; stopping it here as well settles the recording in every browser.
  recorder.onerror = autoStop;

  const finished = new Promise<RecordingResult>((resolve, reject) => {
    recorder.onstop = () => {
      // Not asked to stop: every track ended (the device was unplugged) or the browser gave up.
      if (stoppedAt === undefined) autoStop();
      releaseOnce();
      if (cancelled) {
        resolve({ kind: 'cancelled' });
        return;
      }
      const durationMs = (stoppedAt ?? deps.now()) - startedAt;
      resultOf({ chunks, bytes, mimeType, durationMs, speechMs, measured }).then(resolve, reject);
    };
  });

  return {
    stop: () => {
      stopRecorder();
      return finished;
    },
    cancel: () => {
      cancelled = true;
      stopRecorder();
      releaseOnce();
    },
    autoStopped,
  };
}

interface Recorded {
  chunks: readonly Blob[];
  bytes: number;
  mimeType: string;
  durationMs: number;
  speechMs: number;
  measured: boolean;
}

async function resultOf(recorded: Recorded): Promise<RecordingResult> {
  const { chunks, bytes, mimeType, durationMs, speechMs, measured } = recorded;
  if (durationMs < VOICE.recordingMinMs) return { kind: 'too_short' };
  if (bytes === 0 || (measured && speechMs < VOICE.recordingMinSpeechMs)) return { kind: 'silent' };
  if (base64Length(bytes) > VOICE.audioMaxBase64Bytes) return { kind: 'too_large' };
  const data = base64Of(new Uint8Array(await new Blob([...chunks]).arrayBuffer()));
  // V5, renderer side: what goes to main already passes the schema main checks it with again.
  return { kind: 'clip', clip: audioClipSchema.parse({ mimeType, data }), durationMs };
}
