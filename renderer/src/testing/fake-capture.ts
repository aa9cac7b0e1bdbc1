import { FrameProcessor } from '@ricky0123/vad-web/dist/frame-processor';
import type { Model } from '@ricky0123/vad-web/dist/models';
import { createFrameAssembler, type CaptureMessage, type FlushRequest } from '../audio/pcm-frames';
import { speechDetector, type SpeechDetector } from '../audio/silero-vad';
import type { SpeechCaptureDeps, SpeechCaptureEvent } from '../audio/speech-capture';

/**
 * A browser for speech-capture.ts and what is built on it: an input, the capture worklet (running the real frame
 * assembler), a clock, and Silero replaced by a model that calls loud frames speech, under vad-web's real
 * FrameProcessor. What is heard is driven by the test, in render quanta, as the audio thread would.
 */

/** Amplitudes of a constant signal: 0.1 is -20 dBFS (talking), 0 is digital silence. */
export const SPEAKING = 0.1;
export const SILENT = 0;
/** Web Audio's render quantum: what the worklet gets each time. */
const QUANTUM = 128;
const SAMPLES_PER_MS = 16;
/** The fake page clock's epoch milliseconds when the test starts. */
export const EPOCH = 1_700_000_000_000;

export class FakeTrack {
  stopped = false;
  private readonly ended = new Set<() => void>();
  constructor(readonly kind: 'audio' | 'video') {}
  stop(): void {
    this.stopped = true;
  }
  addEventListener(type: string, listener: () => void): void {
    if (type === 'ended') this.ended.add(listener);
  }
  removeEventListener(type: string, listener: () => void): void {
    if (type === 'ended') this.ended.delete(listener);
  }
  /** The device went away: the browser ends the track (stop() fires no 'ended'). */
  end(): void {
    for (const listener of this.ended) listener();
  }
}

export class FakeStream {
  constructor(public tracks: FakeTrack[]) {}
  getTracks = () => [...this.tracks];
  getAudioTracks = () => this.tracks.filter((track) => track.kind === 'audio');
  getVideoTracks = () => this.tracks.filter((track) => track.kind === 'video');
  removeTrack = (removed: FakeTrack) => {
    this.tracks = this.tracks.filter((track) => track !== removed);
  };
}

class FakeWorkletNode {
  readonly port = {
    onmessage: null as ((event: MessageEvent<CaptureMessage>) => void) | null,
    postMessage: (message: FlushRequest) => {
      this.flushed = message.kind === 'flush';
      const rest = this.assembler.flush();
      queueMicrotask(() => {
        if (rest !== null) this.post({ kind: 'frame', pcm: rest });
        this.post({ kind: 'flushed' });
      });
    },
  };
  flushed = false;
  private readonly assembler;
  constructor(options: AudioWorkletNodeOptions) {
    this.assembler = createFrameAssembler((options.processorOptions as { frameSamples: number }).frameSamples);
  }
  hear(samples: number, amplitude: number): void {
    if (this.flushed) return;
    for (let at = 0; at < samples; at += QUANTUM) {
      const quantum = new Float32Array(Math.min(QUANTUM, samples - at)).fill(amplitude);
      for (const pcm of this.assembler.push(quantum)) this.post({ kind: 'frame', pcm });
    }
  }
  private post(message: CaptureMessage): void {
    this.port.onmessage?.({ data: message } as MessageEvent<CaptureMessage>);
  }
}

/** An AudioContext as the capture uses it; it keeps the worklet modules it was asked to load and what was connected. */
export class FakeAudioContext {
  state: AudioContextState = 'running';
  modules: string[] = [];
  connected: unknown[] = [];
  constructor(
    readonly options: AudioContextOptions,
    private readonly loads: boolean,
  ) {}
  readonly audioWorklet = {
    addModule: (url: string) => {
      this.modules.push(url);
      return this.loads ? Promise.resolve() : Promise.reject(new DOMException('Refused by the CSP.', 'AbortError'));
    },
  };
  createMediaStreamSource() {
    return { connect: (node: unknown) => this.connected.push(node) };
  }
  resume(): Promise<void> {
    this.state = 'running';
    return Promise.resolve();
  }
  close(): Promise<void> {
    this.state = 'closed';
    return Promise.resolve();
  }
}

/** Silero reduced to the test's signal: a loud frame is speech. It is told when it is released. */
class LoudIsSpeech implements Model {
  released = false;
  process = async (frame: Float32Array) => {
    const isSpeech = frame.some((sample) => Math.abs(sample) > 0.01) ? 0.9 : 0.05;
    return { isSpeech, notSpeech: 1 - isSpeech };
  };
  reset_state = () => undefined;
  release = async () => {
    this.released = true;
  };
}

export interface FakeCaptureOptions {
  /** The model's files or wasm cannot be had. */
  detectorFails?: boolean;
  /** The detector loads only when the test says so (load()). */
  detectorHeld?: boolean;
  microphone?: () => Promise<FakeStream>;
  display?: (() => Promise<FakeStream>) | undefined;
  workletLoads?: boolean;
}

/** Lets queued work run: the detector's frames are promises, the worklet's flush a microtask. */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function fakeCaptureBrowser(options: FakeCaptureOptions = {}) {
  const microphone = new FakeTrack('audio');
  const contexts: FakeAudioContext[] = [];
  const nodes: FakeWorkletNode[] = [];
  const model = new LoudIsSpeech();
  const asked: { microphone: MediaStreamConstraints[]; display: DisplayMediaStreamOptions[]; detector: number } = {
    microphone: [],
    display: [],
    detector: 0,
  };
  let now = EPOCH;
  const timers = new Set<() => void>();
  let load: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (load = resolve));

  const deps: SpeechCaptureDeps = {
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
    workletUrl: '/assets/pcm-capture.worklet.js',
    createAudioContext: (contextOptions) => {
      const context = new FakeAudioContext(contextOptions, options.workletLoads ?? true);
      contexts.push(context);
      return context as unknown as AudioContext;
    },
    createWorkletNode: (_context, _name, nodeOptions) => {
      const node = new FakeWorkletNode(nodeOptions);
      nodes.push(node);
      return node as unknown as AudioWorkletNode;
    },
    every: (_ms, callback) => {
      timers.add(callback);
      return () => timers.delete(callback);
    },
    now: () => now,
    loadDetector: async (): Promise<SpeechDetector> => {
      asked.detector += 1;
      if (options.detectorHeld) await held;
      if (options.detectorFails) throw new Error('no wasm');
      return speechDetector(model, FrameProcessor);
    },
  };

  const events: SpeechCaptureEvent[] = [];
  return {
    deps,
    microphone,
    model,
    asked,
    events,
    context: () => contexts.at(-1)!,
    /** The held detector finishes loading. */
    load,
    /** `ms` of the input at `amplitude` reach the worklet; the page clock moves with them. */
    async hear(ms: number, amplitude: number) {
      now += ms;
      nodes.at(-1)!.hear(ms * SAMPLES_PER_MS, amplitude);
      await settle();
    },
    /** Time passes for timers (a flush that is never answered). */
    tick() {
      for (const timer of [...timers]) timer();
    },
    timersRunning: () => timers.size,
  };
}
