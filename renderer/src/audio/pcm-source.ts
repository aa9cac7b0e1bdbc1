import { LIVE } from '../../../shared/limits';
import workletUrl from './pcm-capture.worklet?worker&url';
import { PCM_CAPTURE_PROCESSOR, type CaptureMessage, type FlushRequest } from './pcm-frames';
import { releaseMicrophone } from './recorder';

/**
 * An open input (a microphone, the computer's audio) as 16 kHz mono PCM16 frames of LIVE.frameMs, made by
 * pcm-capture.worklet.ts: what a live question (pcm-capture.ts) and live captions (speech-capture.ts) both hear with.
 *
 * 16 kHz comes from the AudioContext itself: one made at LIVE.inputSampleRateHz makes Chromium resample the input's
 * stream (44.1 or 48 kHz) with its own band-limited sinc resampler before any node sees it, so the worklet only cuts
 * frames and converts to 16 bits. Doing it in the worklet instead would need an anti-alias low-pass at 8 kHz written
 * in JavaScript on the audio thread, at three times the sample count, for no better result.
 */

export const FRAME_SAMPLES = (LIVE.inputSampleRateHz * LIVE.frameMs) / 1000;
/**
 * flush() waits this long at most for the worklet to hand over its last partial frame: it answers within a render
 * quantum or two while its context runs, and never in a context that stopped running (the device went away).
 */
const FLUSH_WAIT_MS = 250;

/** The browser's audio graph, injected so that a capture can be tested without one. */
export interface PcmSourceDeps {
  /** The URL of the bundled pcm-capture.worklet.ts. */
  readonly workletUrl: string;
  createAudioContext(options: AudioContextOptions): AudioContext;
  createWorkletNode(context: AudioContext, name: string, options: AudioWorkletNodeOptions): AudioWorkletNode;
  /** Calls `callback` every `ms` until the returned function is called. */
  every(ms: number, callback: () => void): () => void;
}

/** The browser's graph (each capture brings its own timer). */
export function browserPcmGraph(): Omit<PcmSourceDeps, 'every'> {
  return {
    workletUrl,
    createAudioContext: (options) => new AudioContext(options),
    createWorkletNode: (context, name, options) => new AudioWorkletNode(context, name, options),
  };
}

/** A context at the capture rate, with the worklet's module loading: made before the input opens, to load meanwhile. */
export interface PcmContext {
  readonly context: AudioContext;
  /** False when the module cannot load (unreachable, refused by the CSP): this page then makes no frames. */
  readonly loaded: Promise<boolean>;
}

/** Throws NotSupportedError where the browser makes no context at 16 kHz. */
export function createPcmContext(deps: PcmSourceDeps): PcmContext {
  const context = deps.createAudioContext({ sampleRate: LIVE.inputSampleRateHz });
  const loaded = context.audioWorklet.addModule(deps.workletUrl).then(
    () => true,
    () => false,
  );
  return { context, loaded };
}

/** The input's frames flowing; let go on every path through release(). */
export interface PcmSource {
  /** Hands the worklet's partial frame to onFrame (waiting FLUSH_WAIT_MS at most); nothing comes after it. */
  flush(): Promise<void>;
  /** Stops every track and closes the context; a flush still waiting settles. Once, however often it is called. */
  release(): void;
}

/**
 * Connects `stream` to the capture worklet in `context` (whose module has loaded) and hands each frame to `onFrame`,
 * in order. Throws what the browser throws while building the graph; the caller then releases the input.
 */
export function connectPcmSource(
  { context }: PcmContext,
  stream: MediaStream,
  deps: PcmSourceDeps,
  onFrame: (pcm: Uint8Array) => void,
): PcmSource {
  const node = deps.createWorkletNode(context, PCM_CAPTURE_PROCESSOR, {
    numberOfInputs: 1,
    // No output: the node is pulled for its input alone, and nothing of the input reaches the speakers.
    numberOfOutputs: 0,
    // A stereo device is mixed down to the one channel the processor reads.
    channelCount: 1,
    channelCountMode: 'explicit',
    channelInterpretation: 'speakers',
    processorOptions: { frameSamples: FRAME_SAMPLES },
  });
  context.createMediaStreamSource(stream).connect(node);
  // A context made outside a user gesture starts suspended; the press that starts a capture is one.
  if (context.state === 'suspended') void context.resume();

  let released = false;
  let flushed: (() => void) | null = null;
  let flushing: Promise<void> | null = null;

  node.port.onmessage = (event: MessageEvent<CaptureMessage>) => {
    const message = event.data;
    if (message.kind === 'flushed') flushed?.();
    else if (!released) onFrame(new Uint8Array(message.pcm));
  };

  const release = () => {
    if (released) return;
    released = true;
    node.port.onmessage = null;
    releaseMicrophone(stream, context);
    flushed?.();
  };

  return {
    flush: () => {
      flushing ??= released
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const done = () => {
              stopWaiting();
              flushed = null;
              resolve();
            };
            flushed = done;
            const stopWaiting = deps.every(FLUSH_WAIT_MS, done);
            const request: FlushRequest = { kind: 'flush' };
            node.port.postMessage(request);
          });
      return flushing;
    },
    release,
  };
}
