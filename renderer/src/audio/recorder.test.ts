import { describe, expect, it } from 'vitest';
import { audioClipSchema } from '../../../shared/audio';
import { VOICE } from '../../../shared/limits';
import { startRecording, type Recording, type RecorderDeps, type RecordingOptions, type RecordingTick } from './recorder';

/** Amplitudes of a constant signal: 0.1 is -20 dBFS (talking), 0.001 is -60 dBFS (a quiet room). */
const SPEAKING = 0.1;
const QUIET_ROOM = 0.001;
/** How often the fake clock moves; the recorder reads the level on each of these ticks. */
const STEP_MS = 50;

class FakeTrack {
  stopped = false;
  stop(): void {
    this.stopped = true;
  }
}

/** A MediaRecorder that hands out the chunks a test pushes, and stops the way a browser does: asynchronously. */
class FakeRecorder {
  static supported = new Set<string>(['audio/webm;codecs=opus', 'audio/ogg;codecs=opus']);
  /** What the browser picks when asked for nothing in particular. */
  static defaultMime = 'audio/webm';
  static instances: FakeRecorder[] = [];
  static isTypeSupported(type: string): boolean {
    return FakeRecorder.supported.has(type);
  }

  state: RecordingState = 'inactive';
  mimeType: string;
  timeslice: number | undefined;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: (() => void) | null = null;
  /** Held by the encoder until stop(), as the last piece of a real recording is. */
  pending: Uint8Array<ArrayBuffer> = new Uint8Array(0);

  constructor(
    readonly stream: unknown,
    readonly options: MediaRecorderOptions = {},
  ) {
    this.mimeType = options.mimeType ?? '';
    FakeRecorder.instances.push(this);
  }

  start(timeslice?: number): void {
    this.state = 'recording';
    this.timeslice = timeslice;
    this.mimeType ||= FakeRecorder.defaultMime;
  }

  stop(): void {
    if (this.state === 'inactive') throw new DOMException('Not recording.', 'InvalidStateError');
    this.state = 'inactive';
    queueMicrotask(() => {
      this.ondataavailable?.({ data: new Blob([this.pending]) });
      this.onstop?.();
    });
  }

  /** A timeslice's worth of encoded audio. */
  emit(bytes: Uint8Array<ArrayBuffer>): void {
    this.ondataavailable?.({ data: new Blob([bytes]) });
  }
}

class FakeAudioContext {
  state: AudioContextState = 'running';
  amplitude = 0;
  createAnalyser() {
    return {
      fftSize: 2048,
      getFloatTimeDomainData: (samples: Float32Array) => samples.fill(this.amplitude),
    };
  }
  createMediaStreamSource() {
    return { connect: () => undefined };
  }
  close(): Promise<void> {
    this.state = 'closed';
    return Promise.resolve();
  }
}

/** A browser with one microphone, a clock the test moves, and what the recorder asked of it. */
function fakeBrowser(open: () => Promise<void> = () => Promise.resolve()) {
  FakeRecorder.instances = [];
  const track = new FakeTrack();
  const context = new FakeAudioContext();
  const constraints: MediaStreamConstraints[] = [];
  let now = 1_000;
  let sample: (() => void) | null = null;

  const deps: RecorderDeps = {
    getUserMedia: async (asked) => {
      constraints.push(asked);
      await open();
      return { getTracks: () => [track] } as unknown as MediaStream;
    },
    MediaRecorder: FakeRecorder as unknown as RecorderDeps['MediaRecorder'],
    createAudioContext: () => context as unknown as AudioContext,
    now: () => now,
    every: (ms, callback) => {
      expect(ms).toBeGreaterThan(0);
      sample = callback;
      return () => {
        sample = null;
      };
    },
  };

  return {
    deps,
    track,
    context,
    constraints,
    recorder: () => {
      const recorder = FakeRecorder.instances.at(-1);
      if (recorder === undefined) throw new Error('No MediaRecorder was made.');
      return recorder;
    },
    /** Lets `ms` pass with the microphone hearing `amplitude`. */
    pass(ms: number, amplitude: number) {
      context.amplitude = amplitude;
      for (let passed = 0; passed < ms; passed += STEP_MS) {
        now += STEP_MS;
        sample?.();
      }
    },
    /** Whether anything is still sampling the level. */
    sampling: () => sample !== null,
    /** The microphone is off: its track stopped, the audio graph closed, no timer left running. */
    released: () => track.stopped && context.state === 'closed' && sample === null,
  };
}

const noCallbacks: RecordingOptions = { deviceId: null, onLevel: () => undefined, onTick: () => undefined };

async function started(browser: ReturnType<typeof fakeBrowser>, options = noCallbacks): Promise<Recording> {
  const result = await startRecording(options, browser.deps);
  if (!result.ok) throw new Error(`The recording did not start: ${result.problem}`);
  return result.value;
}

function bytes(count: number, fill = 7): Uint8Array<ArrayBuffer> {
  return new Uint8Array(count).fill(fill);
}

describe('recording a voice question (V5)', () => {
  it('sends Opus in WebM at the speech bitrate as base64 that passes the clip schema, with the microphone off after', async () => {
    const browser = fakeBrowser();
    const recording = await started(browser, { ...noCallbacks, deviceId: 'usb-headset' });
    const recorder = browser.recorder();
    browser.pass(500, SPEAKING);
    recorder.emit(bytes(3, 1));
    browser.pass(500, SPEAKING);
    recorder.pending = bytes(2, 2);

    const result = await recording.stop();

    expect(result.kind).toBe('clip');
    if (result.kind !== 'clip') return;
    expect(result.clip).toEqual({ mimeType: 'audio/webm;codecs=opus', data: btoa('\x01\x01\x01\x02\x02') });
    expect(audioClipSchema.safeParse(result.clip).success).toBe(true);
    expect(result.durationMs).toBe(1_000);
    expect(recorder.options.audioBitsPerSecond).toBe(VOICE.recorderBitsPerSecond);
    // Chunks as it goes: the size is known while the clip grows.
    expect(recorder.timeslice).toBeGreaterThan(0);
    expect(browser.constraints[0]?.audio).toMatchObject({
      deviceId: { exact: 'usb-headset' },
      echoCancellation: true,
      noiseSuppression: true,
    });
    expect(browser.released()).toBe(true);
  });

  it('asks for the default microphone when none is chosen', async () => {
    const browser = fakeBrowser();
    await started(browser);
    expect(browser.constraints[0]?.audio).not.toHaveProperty('deviceId');
  });

  it('makes one MediaRecorder per recording, so that each clip is a whole file', async () => {
    const browser = fakeBrowser();
    for (let question = 0; question < 2; question++) {
      const recording = await started(browser);
      browser.pass(1_000, SPEAKING);
      browser.recorder().emit(bytes(10));
      expect((await recording.stop()).kind).toBe('clip');
    }
    expect(FakeRecorder.instances).toHaveLength(2);
  });

  describe('the MIME type', () => {
    it.each([
      { offered: ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus'], browserDefault: 'audio/webm', sent: 'audio/webm;codecs=opus' },
      { offered: ['audio/ogg;codecs=opus'], browserDefault: 'audio/ogg', sent: 'audio/ogg;codecs=opus' },
      { offered: [], browserDefault: 'audio/mp4', sent: 'audio/mp4' },
    ])('is $sent when the browser records $offered', async ({ offered, browserDefault, sent }) => {
      FakeRecorder.supported = new Set(offered);
      FakeRecorder.defaultMime = browserDefault;
      try {
        const browser = fakeBrowser();
        const recording = await started(browser);
        browser.pass(1_000, SPEAKING);
        browser.recorder().emit(bytes(10));
        const result = await recording.stop();
        expect(result.kind === 'clip' && result.clip.mimeType).toBe(sent);
      } finally {
        FakeRecorder.supported = new Set(['audio/webm;codecs=opus', 'audio/ogg;codecs=opus']);
        FakeRecorder.defaultMime = 'audio/webm';
      }
    });

    it('is refused as unsupported when the browser records only what main would refuse, and the microphone goes off', async () => {
      FakeRecorder.supported = new Set();
      FakeRecorder.defaultMime = 'video/x-matroska;codecs=avc1';
      try {
        const browser = fakeBrowser();
        expect(await startRecording(noCallbacks, browser.deps)).toEqual({ ok: false, problem: 'unsupported' });
        expect(browser.track.stopped).toBe(true);
      } finally {
        FakeRecorder.supported = new Set(['audio/webm;codecs=opus', 'audio/ogg;codecs=opus']);
        FakeRecorder.defaultMime = 'audio/webm';
      }
    });
  });

  describe('the limits', () => {
    it(`stops by itself at ${VOICE.recordingMaxMs} ms, counting down on the way, and keeps the clip`, async () => {
      const browser = fakeBrowser();
      const ticks: RecordingTick[] = [];
      const recording = await started(browser, { ...noCallbacks, onTick: (tick) => ticks.push(tick) });
      let stoppedItself = false;
      void recording.autoStopped.then(() => (stoppedItself = true));

      browser.pass(VOICE.recordingMaxMs - 1_000, SPEAKING);
      browser.recorder().emit(bytes(100));
      await Promise.resolve();
      expect(stoppedItself).toBe(false);
      expect(ticks.at(-1)).toEqual({ elapsedMs: VOICE.recordingMaxMs - 1_000, remainingMs: 1_000 });

      browser.pass(1_000, SPEAKING);
      await recording.autoStopped;

      expect(browser.recorder().state).toBe('inactive');
      expect(ticks.at(-1)).toEqual({ elapsedMs: VOICE.recordingMaxMs, remainingMs: 0 });
      const result = await recording.stop();
      expect(result.kind === 'clip' && result.durationMs).toBe(VOICE.recordingMaxMs);
      expect(browser.released()).toBe(true);
    });

    it('stops by itself before its base64 would pass the limit, and the clip still fits', async () => {
      const browser = fakeBrowser();
      const recording = await started(browser);
      const recorder = browser.recorder();
      // A timeslice at four times Chromium's default bitrate: the automatic stop has to leave room for such.
      const chunk = bytes(4_000);
      browser.pass(1_000, SPEAKING);
      while (recorder.state === 'recording') recorder.emit(chunk);
      await recording.autoStopped;
      recorder.pending = chunk;

      const result = await recording.stop();

      expect(result.kind).toBe('clip');
      if (result.kind === 'clip') expect(result.clip.data.length).toBeLessThanOrEqual(VOICE.audioMaxBase64Bytes);
    });

    it('says too_large, sending nothing, when the encoder still held more than the limit allows', async () => {
      const browser = fakeBrowser();
      const recording = await started(browser);
      browser.pass(1_000, SPEAKING);
      browser.recorder().pending = bytes((VOICE.audioMaxBase64Bytes / 4) * 3 + 3);
      expect(await recording.stop()).toEqual({ kind: 'too_large' });
    });

    it(`says too_short when held for less than ${VOICE.recordingMinMs} ms`, async () => {
      const browser = fakeBrowser();
      const recording = await started(browser);
      browser.pass(VOICE.recordingMinMs - STEP_MS, SPEAKING);
      browser.recorder().emit(bytes(10));
      expect(await recording.stop()).toEqual({ kind: 'too_short' });
      expect(browser.released()).toBe(true);
    });

    it('says silent when nothing louder than a quiet room was heard, however long it ran', async () => {
      const browser = fakeBrowser();
      const recording = await started(browser);
      browser.pass(2_000, QUIET_ROOM);
      browser.recorder().emit(bytes(5_000));
      expect(await recording.stop()).toEqual({ kind: 'silent' });
    });

    it('says silent for a click shorter than the speech the clip needs', async () => {
      const browser = fakeBrowser();
      const recording = await started(browser);
      browser.pass(1_000, QUIET_ROOM);
      browser.pass(VOICE.recordingMinSpeechMs - STEP_MS, SPEAKING);
      browser.pass(1_000, QUIET_ROOM);
      browser.recorder().emit(bytes(5_000));
      expect(await recording.stop()).toEqual({ kind: 'silent' });
    });

    it('sends the clip when the level could not be measured (the audio context never ran): the model judges it', async () => {
      const browser = fakeBrowser();
      browser.context.state = 'suspended';
      const recording = await started(browser);
      browser.pass(2_000, QUIET_ROOM);
      browser.recorder().emit(bytes(5_000));
      expect((await recording.stop()).kind).toBe('clip');
    });
  });

  it('reports the level for a meter: higher while speaking than in a quiet room', async () => {
    const browser = fakeBrowser();
    const levels: number[] = [];
    const recording = await started(browser, { ...noCallbacks, onLevel: (level) => levels.push(level) });
    browser.pass(STEP_MS, QUIET_ROOM);
    browser.pass(STEP_MS, SPEAKING);
    recording.cancel();
    const [quiet, speaking] = levels;
    expect(quiet).toBeCloseTo(0);
    expect(speaking).toBeGreaterThan(0.5);
    expect(speaking).toBeLessThanOrEqual(1);
  });

  describe('the microphone goes off', () => {
    it('at once on cancel, and the recording then says it was cancelled', async () => {
      const browser = fakeBrowser();
      const recording = await started(browser);
      browser.pass(1_000, SPEAKING);
      browser.recorder().emit(bytes(10));
      recording.cancel();
      expect(browser.released()).toBe(true);
      expect(await recording.stop()).toEqual({ kind: 'cancelled' });
    });

    it('when the device goes away mid-recording: the recording stops by itself and keeps what it got', async () => {
      const browser = fakeBrowser();
      const recording = await started(browser);
      const recorder = browser.recorder();
      browser.pass(1_000, SPEAKING);
      recorder.emit(bytes(10));
      // What Chromium does when every track of the stream has ended.
      recorder.stop();
      await recording.autoStopped;
      expect(browser.released()).toBe(true);
      expect((await recording.stop()).kind).toBe('clip');
    });

    it('after a recorder error', async () => {
      const browser = fakeBrowser();
      const recording = await started(browser);
      browser.pass(1_000, SPEAKING);
      browser.recorder().onerror?.();
      await recording.autoStopped;
      expect(browser.released()).toBe(true);
    });

    it('when the recorder cannot be made, which says unsupported', async () => {
      const browser = fakeBrowser();
      browser.deps = {
        ...browser.deps,
        MediaRecorder: Object.assign(
          function refuses(): never {
            throw new DOMException('No encoder.', 'NotSupportedError');
          },
          { isTypeSupported: () => true },
        ) as unknown as RecorderDeps['MediaRecorder'],
      };
      expect(await startRecording(noCallbacks, browser.deps)).toEqual({ ok: false, problem: 'unsupported' });
      expect(browser.track.stopped).toBe(true);
      expect(browser.sampling()).toBe(false);
    });
  });

  describe('a microphone that cannot be opened', () => {
    it.each([
      ['NotAllowedError', 'denied'],
      ['SecurityError', 'denied'],
      ['NotFoundError', 'not_found'],
      ['OverconstrainedError', 'not_found'],
      ['NotReadableError', 'busy'],
      ['AbortError', 'busy'],
    ])('%s is %s', async (name, problem) => {
      const browser = fakeBrowser(() => Promise.reject(new DOMException('Refused.', name)));
      expect(await startRecording(noCallbacks, browser.deps)).toEqual({ ok: false, problem });
      expect(FakeRecorder.instances).toHaveLength(0);
    });

    it('is unsupported where the page has no microphone access or no MediaRecorder', async () => {
      const browser = fakeBrowser();
      expect(await startRecording(noCallbacks, { ...browser.deps, getUserMedia: undefined })).toEqual({
        ok: false,
        problem: 'unsupported',
      });
      expect(await startRecording(noCallbacks, { ...browser.deps, MediaRecorder: undefined })).toEqual({
        ok: false,
        problem: 'unsupported',
      });
    });

    it('throws on an error that is not a refusal: that is a bug to see, not a problem to explain', async () => {
      const browser = fakeBrowser(() => Promise.reject(new TypeError('At least one of audio and video must be requested')));
      await expect(startRecording(noCallbacks, browser.deps)).rejects.toThrow(TypeError);
    });
  });
});
