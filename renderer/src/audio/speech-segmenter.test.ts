import { describe, expect, it, vi } from 'vitest';
import { audioClipSchema } from '../../../shared/audio';
import { VOICE } from '../../../shared/limits';
import {
  joinSegments,
  startSegmenter,
  type DetectorOptions,
  type SegmenterDeps,
  type SegmenterOptions,
  type SpeechSegment,
  type SpeechSegmenter,
  type StartSegmenterResult,
  type VoiceActivityDetector,
} from './speech-segmenter';

/** Amplitudes of a constant signal: 0.1 is -20 dBFS (talking), 0 is digital silence. */
const SPEAKING = 0.1;
const SILENT = 0;
/** Silero v5 takes 512 samples at 16 kHz at a time. */
const FRAME_SAMPLES = 512;
const FRAME_MS = 32;
const SAMPLES_PER_MS = 16;
/** How often the fake clock moves in the fixed mode, where a timer reads the level. */
const STEP_MS = 50;

class FakeTrack {
  stopped = false;
  private readonly ended: (() => void)[] = [];
  constructor(readonly kind: 'audio' | 'video') {}
  stop(): void {
    this.stopped = true;
  }
  addEventListener(type: string, listener: () => void): void {
    if (type === 'ended') this.ended.push(listener);
  }
  /** The device went away: the browser ends the track (stop() fires no 'ended'). */
  end(): void {
    for (const listener of this.ended) listener();
  }
}

class FakeStream {
  constructor(public tracks: FakeTrack[]) {}
  getTracks = () => [...this.tracks];
  getAudioTracks = () => this.tracks.filter((track) => track.kind === 'audio');
  getVideoTracks = () => this.tracks.filter((track) => track.kind === 'video');
  removeTrack = (removed: FakeTrack) => {
    this.tracks = this.tracks.filter((track) => track !== removed);
  };
}

class FakeAudioContext {
  state: AudioContextState = 'running';
  amplitude = SILENT;
  createAnalyser() {
    return { fftSize: 2048, getFloatTimeDomainData: (samples: Float32Array) => samples.fill(this.amplitude) };
  }
  createMediaStreamSource() {
    return { connect: () => undefined };
  }
  close(): Promise<void> {
    this.state = 'closed';
    return Promise.resolve();
  }
}

/** A MediaRecorder whose file is the bytes a test gives it, handed over when it stops, as a browser does. */
class FakeRecorder {
  static instances: FakeRecorder[] = [];
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
  state: RecordingState = 'inactive';
  mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: (() => void) | null = null;
  file = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]);
  constructor(
    readonly stream: unknown,
    options: MediaRecorderOptions = {},
  ) {
    this.mimeType = options.mimeType ?? '';
    FakeRecorder.instances.push(this);
  }
  start(): void {
    this.state = 'recording';
  }
  stop(): void {
    this.state = 'inactive';
    queueMicrotask(() => {
      this.ondataavailable?.({ data: new Blob([this.file]) });
      this.onstop?.();
    });
  }
}

/**
 * Silero as MicVAD drives it, reduced to what the segmenter sees: a frame's callback, speech starting on the first
 * loud frame with the pre-speech padding held before it, and the utterance handed out when the test says the
 * pause was long enough, or on pause() (submitUserSpeechOnPause).
 */
class FakeDetector implements VoiceActivityDetector {
  readonly calls: string[] = [];
  redemptionMs: number;
  stream: MediaStream | null = null;
  private speaking = false;
  private held: Float32Array[] = [];
  private listening = false;

  constructor(readonly options: DetectorOptions) {
    this.redemptionMs = options.redemptionMs ?? NaN;
  }

  async start(): Promise<void> {
    this.calls.push('start');
    this.stream ??= await this.options.getStream!();
    this.listening = true;
  }

  async pause(): Promise<void> {
    this.calls.push('pause');
    this.listening = false;
    if (this.speaking && this.options.submitUserSpeechOnPause) this.speechEnds();
    this.speaking = false;
    this.held = [];
  }

  async destroy(): Promise<void> {
    this.calls.push('destroy');
  }

  setOptions(update: { redemptionMs: number }): void {
    this.redemptionMs = update.redemptionMs;
  }

  /** One frame of audio at `amplitude`; speech when it is loud. */
  frame(amplitude: number): void {
    if (!this.listening) return;
    const frame = new Float32Array(FRAME_SAMPLES).fill(amplitude);
    this.options.onFrameProcessed!({ isSpeech: amplitude > 0 ? 0.9 : 0.05, notSpeech: 0 }, frame);
    this.held.push(frame);
    if (amplitude > 0 && !this.speaking) {
      this.speaking = true;
      void this.options.onSpeechStart!();
    }
    if (!this.speaking) this.held = this.held.slice(-Math.floor(this.options.preSpeechPadMs! / FRAME_MS));
  }

  /** The pause after the words was long enough: the utterance, padding and trailing silence included, goes out. */
  speechEnds(): void {
    const audio = new Float32Array(this.held.length * FRAME_SAMPLES);
    this.held.forEach((frame, index) => audio.set(frame, index * FRAME_SAMPLES));
    this.held = [];
    this.speaking = false;
    void this.options.onSpeechEnd!(audio);
  }
}

/** Lets queued detector calls run, as the browser's audio messages arrive one task apart. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

interface FakeBrowserOptions {
  /** The detector's model or wasm cannot be had. */
  detectorFails?: boolean;
  /** Its AudioWorklet cannot be loaded. */
  detectorStartFails?: boolean;
  microphone?: () => Promise<FakeStream>;
  display?: (() => Promise<FakeStream>) | undefined;
}

/** A browser with a microphone, a detector, a clock the test moves, and what the segmenter asked of them. */
function fakeBrowser(options: FakeBrowserOptions = {}) {
  FakeRecorder.instances = [];
  const microphone = new FakeTrack('audio');
  const context = new FakeAudioContext();
  const detectors: FakeDetector[] = [];
  const asked: { microphone: MediaStreamConstraints[]; display: DisplayMediaStreamOptions[] } = { microphone: [], display: [] };
  let now = 1_000;
  let sample: (() => void) | null = null;

  const deps: SegmenterDeps = {
    getUserMedia: async (constraints) => {
      asked.microphone.push(constraints);
      return (await (options.microphone?.() ?? new FakeStream([microphone]))) as unknown as MediaStream;
    },
    getDisplayMedia:
      options.display &&
      (async (display) => {
        asked.display.push(display);
        return (await options.display!()) as unknown as MediaStream;
      }),
    createDetector: async (detectorOptions) => {
      if (options.detectorFails) throw new Error('no wasm');
      const detector = new FakeDetector(detectorOptions);
      if (options.detectorStartFails) detector.start = () => Promise.reject(new Error('no worklet'));
      detectors.push(detector);
      return detector;
    },
    MediaRecorder: FakeRecorder as unknown as SegmenterDeps['MediaRecorder'],
    createAudioContext: () => context as unknown as AudioContext,
    now: () => now,
    every: (_ms, callback) => {
      sample = callback;
      return () => {
        sample = null;
      };
    },
  };

  const segments: SpeechSegment[] = [];
  const levels: number[] = [];
  const ended: string[] = [];
  const callbacks: Omit<SegmenterOptions, 'input'> = {
    onSegment: (segment) => segments.push(segment),
    onLevel: (level) => levels.push(level),
    onEnded: (reason) => ended.push(reason),
  };

  return {
    deps,
    microphone,
    context,
    asked,
    segments,
    levels,
    ended,
    callbacks,
    detector: () => detectors.at(-1)!,
    elapsedMs: () => now - 1_000,
    /** 'pauses' mode: `ms` of audio at `amplitude`, frame by frame, in real time. */
    async hear(ms: number, amplitude: number) {
      for (let heard = 0; heard < ms; heard += FRAME_MS) {
        now += FRAME_MS;
        detectors.at(-1)!.frame(amplitude);
        await nextTask();
      }
    },
    /** 'fixed' mode: `ms` pass with the input at `amplitude`, the level read every STEP_MS. */
    async pass(ms: number, amplitude: number) {
      context.amplitude = amplitude;
      for (let passed = 0; passed < ms; passed += STEP_MS) {
        now += STEP_MS;
        sample?.();
        await nextTask();
      }
    },
    sampling: () => sample !== null,
  };
}

async function started(result: Promise<StartSegmenterResult>): Promise<SpeechSegmenter> {
  const start = await result;
  if (!start.ok) throw new Error(`The segmenter did not start: ${start.problem}`);
  return start.value;
}

function startMicrophone(browser: ReturnType<typeof fakeBrowser>): Promise<SpeechSegmenter> {
  return started(startSegmenter({ input: { kind: 'microphone', deviceId: 'usb-headset' }, ...browser.callbacks }, browser.deps));
}

/** The fields of a WAV a player reads, and its 16-bit samples. */
function readWav(base64: string) {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const view = new DataView(bytes.buffer);
  return {
    riff: String.fromCharCode(...bytes.subarray(0, 4)),
    channels: view.getUint16(22, true),
    sampleRate: view.getUint32(24, true),
    bitsPerSample: view.getUint16(34, true),
    samples: view.getUint32(40, true) / 2,
  };
}

const durationMs = (segment: SpeechSegment) => segment.endMs - segment.startMs;

describe('T2: speech cut at the speaker\'s pauses', () => {
  it('loads the detector before opening the microphone, with the measured settings and its files from the app', async () => {
    const browser = fakeBrowser();
    const order: string[] = [];
    const { createDetector, getUserMedia } = browser.deps;
    const segmenter = await started(
      startSegmenter(
        { input: { kind: 'microphone', deviceId: 'usb-headset' }, ...browser.callbacks },
        {
          ...browser.deps,
          createDetector: (options) => (order.push('detector'), createDetector(options)),
          getUserMedia: (constraints) => (order.push('microphone'), getUserMedia!(constraints)),
        },
      ),
    );

    expect(segmenter.mode).toBe('pauses');
    expect(order).toEqual(['detector', 'microphone']);
    expect(browser.detector().options).toMatchObject({
      model: 'v5',
      baseAssetPath: '/vad/',
      onnxWASMBasePath: '/vad/',
      startOnLoad: false,
      redemptionMs: 500,
      minSpeechMs: 250,
      preSpeechPadMs: 300,
      positiveSpeechThreshold: 0.5,
      negativeSpeechThreshold: 0.35,
    });
    // It listens to the segmenter's own stream, from the chosen microphone.
    expect(browser.detector().stream?.getTracks()).toEqual([browser.microphone]);
    expect(browser.asked.microphone[0]?.audio).toMatchObject({ deviceId: { exact: 'usb-headset' } });
  });

  it('sends each utterance as a 16 kHz mono WAV, timed from the session start, with its samples for joining', async () => {
    const browser = fakeBrowser();
    await startMicrophone(browser);

    await browser.hear(3_008, SILENT);
    await browser.hear(1_504, SPEAKING);
    await browser.hear(512, SILENT);
    browser.detector().speechEnds();

    expect(browser.segments).toHaveLength(1);
    const [segment] = browser.segments as [SpeechSegment];
    expect(segment.endMs).toBe(browser.elapsedMs());
    // The words started at 3.008 s; the detector keeps 9 frames (288 ms) of padding before them.
    expect(segment.startMs).toBe(3_008 - 288);
    expect(segment.audio.mimeType).toBe('audio/wav');
    expect(audioClipSchema.safeParse(segment.audio).success).toBe(true);
    expect(readWav(segment.audio.data)).toEqual({
      riff: 'RIFF',
      channels: 1,
      sampleRate: 16_000,
      bitsPerSample: 16,
      samples: segment.pcm?.length,
    });
    expect(segment.pcm!.length / SAMPLES_PER_MS).toBe(durationMs(segment));
    expect(browser.levels).toContain(0);
    expect(Math.max(...browser.levels)).toBeGreaterThan(0.5);
  });

  it('sends nothing for silence, however long', async () => {
    const browser = fakeBrowser();
    const segmenter = await startMicrophone(browser);

    await browser.hear(10_016, SILENT);
    await segmenter.stop();

    expect(browser.segments).toEqual([]);
  });

  it('past about 5 s of an utterance, a shorter pause ends it; the next utterance has the usual pause again', async () => {
    const browser = fakeBrowser();
    await startMicrophone(browser);

    await browser.hear(4_800, SPEAKING);
    expect(browser.detector().redemptionMs).toBe(500);
    await browser.hear(320, SPEAKING);
    expect(browser.detector().redemptionMs).toBe(200);

    browser.detector().speechEnds();
    expect(browser.segments).toHaveLength(1);
    expect(browser.detector().redemptionMs).toBe(500);
  });

  it('cuts a talker who never pauses at 7 s, keeps listening on the open stream, and loses no audio between', async () => {
    const browser = fakeBrowser();
    const segmenter = await startMicrophone(browser);

    await browser.hear(1_024, SILENT);
    await browser.hear(9_984, SPEAKING);
    expect(browser.segments).toHaveLength(1);
    browser.detector().speechEnds();

    const [first, second] = browser.segments as [SpeechSegment, SpeechSegment];
    expect(durationMs(first)).toBeGreaterThanOrEqual(VOICE.liveSegmentMs);
    expect(durationMs(first)).toBeLessThan(VOICE.liveSegmentMs + FRAME_MS);
    expect(second.startMs).toBe(first.endMs);
    // Padding, then every frame of the 9.984 s of speech, in one segment or the other.
    expect(first.pcm!.length + second.pcm!.length).toBe((288 + 9_984) * SAMPLES_PER_MS);
    expect(browser.detector().calls).toEqual(['start', 'pause', 'start']);
    expect(browser.microphone.stopped).toBe(false);
    expect(segmenter.mode).toBe('pauses');
  });

  it('pause sends what was said so far and hears nothing more until resume; the microphone stays open', async () => {
    const browser = fakeBrowser();
    const segmenter = await startMicrophone(browser);
    await browser.hear(1_024, SPEAKING);

    segmenter.pause();
    await nextTask();
    expect(browser.segments).toHaveLength(1);
    expect(browser.levels.at(-1)).toBe(0);
    await browser.hear(2_048, SPEAKING);
    expect(browser.segments).toHaveLength(1);
    expect(browser.microphone.stopped).toBe(false);

    segmenter.resume();
    await nextTask();
    await browser.hear(1_024, SPEAKING);
    browser.detector().speechEnds();
    expect(browser.segments).toHaveLength(2);
    expect(browser.segments[1]!.startMs).toBeGreaterThan(browser.segments[0]!.endMs + 2_000);
  });

  it('stop sends the utterance in progress, then turns the microphone off and frees the detector', async () => {
    const browser = fakeBrowser();
    const segmenter = await startMicrophone(browser);
    await browser.hear(1_504, SPEAKING);

    await segmenter.stop();

    expect(browser.segments).toHaveLength(1);
    expect(browser.microphone.stopped).toBe(true);
    expect(browser.context.state).toBe('closed');
    expect(browser.detector().calls).toEqual(['start', 'pause', 'destroy']);
    expect(browser.ended).toEqual([]);
  });

  it('a microphone unplugged mid-sentence: what was heard goes out, then the segmenter ends as device_lost', async () => {
    const browser = fakeBrowser();
    await startMicrophone(browser);
    await browser.hear(1_504, SPEAKING);

    browser.microphone.end();
    await nextTask();
    await nextTask();

    expect(browser.segments).toHaveLength(1);
    expect(browser.ended).toEqual(['device_lost']);
    expect(browser.microphone.stopped).toBe(true);
  });
});

describe("T2: the seeds' fixed segments when the detector cannot load", () => {
  it.each([
    ['its model or wasm cannot be had', { detectorFails: true }],
    ['its worklet cannot be loaded', { detectorStartFails: true }],
  ])('runs when %s', async (_case, options) => {
    const browser = fakeBrowser(options);
    const segmenter = await startMicrophone(browser);
    expect(segmenter.mode).toBe('fixed');
    expect(FakeRecorder.instances).toHaveLength(1);
  });

  it('a NEW recorder on the same open stream every ~7 s, each segment a whole file timed from the session start', async () => {
    const browser = fakeBrowser({ detectorFails: true });
    await startMicrophone(browser);

    await browser.pass(VOICE.liveSegmentMs, SPEAKING);
    await browser.pass(VOICE.liveSegmentMs, SPEAKING);

    expect(FakeRecorder.instances).toHaveLength(3);
    expect(new Set(FakeRecorder.instances.map((recorder) => recorder.stream)).size).toBe(1);
    expect(FakeRecorder.instances.slice(0, 2).map((recorder) => recorder.state)).toEqual(['inactive', 'inactive']);
    expect(browser.segments.map(({ startMs, endMs }) => [startMs, endMs])).toEqual([
      [0, VOICE.liveSegmentMs],
      [VOICE.liveSegmentMs, 2 * VOICE.liveSegmentMs],
    ]);
    expect(browser.segments[0]!.audio).toEqual({ mimeType: 'audio/webm;codecs=opus', data: btoa('\x1a\x45\xdf\xa3') });
    expect(browser.segments[0]!.pcm).toBeUndefined();
    expect(browser.microphone.stopped).toBe(false);
  });

  it('drops a segment that stayed silent', async () => {
    const browser = fakeBrowser({ detectorFails: true });
    await startMicrophone(browser);

    await browser.pass(VOICE.liveSegmentMs, SILENT);
    await browser.pass(VOICE.liveSegmentMs, SPEAKING);

    expect(browser.segments.map((segment) => segment.startMs)).toEqual([VOICE.liveSegmentMs]);
  });

  it('pause ends the segment and records nothing until resume; stop sends the last one and turns everything off', async () => {
    const browser = fakeBrowser({ detectorFails: true });
    const segmenter = await startMicrophone(browser);
    await browser.pass(2_000, SPEAKING);

    segmenter.pause();
    await browser.pass(VOICE.liveSegmentMs * 2, SPEAKING);
    expect(browser.segments).toHaveLength(1);
    expect(FakeRecorder.instances).toHaveLength(1);

    segmenter.resume();
    await browser.pass(1_000, SPEAKING);
    await segmenter.stop();

    expect(browser.segments).toHaveLength(2);
    expect(FakeRecorder.instances).toHaveLength(2);
    expect(FakeRecorder.instances.every((recorder) => recorder.state === 'inactive')).toBe(true);
    expect(browser.microphone.stopped).toBe(true);
    expect(browser.context.state).toBe('closed');
    expect(browser.sampling()).toBe(false);
  });
});

describe("T2: the computer's audio", () => {
  it('asks for a picture with its audio, stops the picture at once, and cuts the audio', async () => {
    const audio = new FakeTrack('audio');
    const video = new FakeTrack('video');
    const stream = new FakeStream([audio, video]);
    const browser = fakeBrowser({ display: async () => stream });

    const segmenter = await started(startSegmenter({ input: { kind: 'system' }, ...browser.callbacks }, browser.deps));

    expect(browser.asked.display).toEqual([{ audio: true, video: true }]);
    expect(browser.asked.microphone).toEqual([]);
    expect(video.stopped).toBe(true);
    expect(stream.getTracks()).toEqual([audio]);
    await browser.hear(1_024, SPEAKING);
    await segmenter.stop();
    expect(browser.segments).toHaveLength(1);
    expect(audio.stopped).toBe(true);
  });

  it('SEC-2: asks for it before the detector loads, while the Start still counts, and stops the picture as it comes', async () => {
    const audio = new FakeTrack('audio');
    const video = new FakeTrack('video');
    const browser = fakeBrowser({ display: async () => new FakeStream([audio, video]) });
    let detectorLoads: () => void = () => undefined;
    const loaded = new Promise<void>((resolve) => (detectorLoads = resolve));
    let detectorAsked: () => void = () => undefined;
    const loading = new Promise<void>((resolve) => (detectorAsked = resolve));
    const createDetector = async (options: DetectorOptions) => {
      detectorAsked();
      await loaded;
      return browser.deps.createDetector(options);
    };

    const starting = startSegmenter({ input: { kind: 'system' }, ...browser.callbacks }, { ...browser.deps, createDetector });
    await loading;

    // The model is still loading: the capture was asked for already, and its picture is gone.
    expect(browser.asked.display).toEqual([{ audio: true, video: true }]);
    expect(video.stopped).toBe(true);
    expect(audio.stopped).toBe(false);
    detectorLoads();
    await started(starting);
    expect(browser.detector().calls).toContain('start');
  });

  it('SEC-2: makes no detector for a computer audio main refused', async () => {
    const browser = fakeBrowser({ display: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) });
    const createDetector = vi.fn(browser.deps.createDetector);
    const result = await startSegmenter({ input: { kind: 'system' }, ...browser.callbacks }, { ...browser.deps, createDetector });
    expect(result).toEqual({ ok: false, problem: 'system_audio_unavailable' });
    expect(createDetector).not.toHaveBeenCalled();
    expect(browser.context.state).toBe('closed');
  });

  it.each([
    ['the member cancels the picker', { display: () => Promise.reject(new DOMException('Cancelled', 'NotAllowedError')) }],
    ['the browser cannot share the screen', { display: undefined }],
  ])('is system_audio_unavailable when %s, and nothing is left open', async (_case, options) => {
    const browser = fakeBrowser(options);
    const result = await startSegmenter({ input: { kind: 'system' }, ...browser.callbacks }, browser.deps);
    expect(result).toEqual({ ok: false, problem: 'system_audio_unavailable' });
    expect(browser.context.state).toBe('closed');
  });

  it('is system_audio_unavailable when the share has no audio (a window without loopback), and the share is stopped', async () => {
    const video = new FakeTrack('video');
    const browser = fakeBrowser({ display: async () => new FakeStream([video]) });
    const result = await startSegmenter({ input: { kind: 'system' }, ...browser.callbacks }, browser.deps);
    expect(result).toEqual({ ok: false, problem: 'system_audio_unavailable' });
    expect(video.stopped).toBe(true);
  });
});

describe('T2: starting fails with the microphone problem to explain', () => {
  it('denied: the detector is let go and the audio graph closed', async () => {
    const browser = fakeBrowser({ microphone: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) });
    const result = await startSegmenter({ input: { kind: 'microphone', deviceId: null }, ...browser.callbacks }, browser.deps);
    expect(result).toEqual({ ok: false, problem: 'denied' });
    expect(browser.detector().calls).toEqual(['destroy']);
    expect(browser.context.state).toBe('closed');
  });

  it('unsupported where the browser has no getUserMedia, before any audio context or detector is made', async () => {
    const browser = fakeBrowser();
    const createAudioContext = vi.fn(browser.deps.createAudioContext);
    const createDetector = vi.fn(browser.deps.createDetector);
    const result = await startSegmenter(
      { input: { kind: 'microphone', deviceId: null }, ...browser.callbacks },
      { ...browser.deps, getUserMedia: undefined, createAudioContext, createDetector },
    );
    expect(result).toEqual({ ok: false, problem: 'unsupported' });
    expect(createAudioContext).not.toHaveBeenCalled();
    expect(createDetector).not.toHaveBeenCalled();
  });
});

describe('T2: joining short utterances into one request', () => {
  it("joins neighbours' samples in order into one WAV, keeping the first id and spanning them all", async () => {
    const browser = fakeBrowser();
    await startMicrophone(browser);
    for (let utterance = 0; utterance < 2; utterance++) {
      await browser.hear(512, SPEAKING);
      await browser.hear(512, SILENT);
      browser.detector().speechEnds();
    }
    const [first, second] = browser.segments as [SpeechSegment, SpeechSegment];

    const joined = joinSegments([first, second]);

    expect(joined.id).toBe(first.id);
    expect([joined.startMs, joined.endMs]).toEqual([first.startMs, second.endMs]);
    expect(joined.pcm).toEqual(Float32Array.from([...first.pcm!, ...second.pcm!]));
    expect(readWav(joined.audio.data).samples).toBe(first.pcm!.length + second.pcm!.length);
  });

  it('refuses segments recorded in the fixed mode, which carry no samples', () => {
    const opus: SpeechSegment = { id: 'a', startMs: 0, endMs: 7_000, audio: { mimeType: 'audio/webm', data: 'AAAA' } };
    expect(() => joinSegments([opus, { ...opus, id: 'b' }])).toThrow();
  });
});
