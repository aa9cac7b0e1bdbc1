import { createFrameAssembler, PCM_CAPTURE_PROCESSOR, type CaptureMessage, type FlushRequest, type FrameAssembler } from './pcm-frames';

/**
 * The microphone's AudioWorklet processor (pcm-capture.ts): runs on the audio thread in a context at the Live
 * API's input rate, so the samples it gets are already 16 kHz mono, and turns them into PCM16 frames for the page.
 * Bundled on its own by Vite (`?worker&url`): the worklet scope has no DOM, only what is declared below.
 */

declare abstract class AudioWorkletProcessor {
  readonly port: MessagePort;
  constructor(options?: AudioWorkletNodeOptions);
}

declare function registerProcessor(
  name: string,
  processor: new (options: AudioWorkletNodeOptions) => AudioWorkletProcessor,
): void;

interface CaptureProcessorOptions {
  readonly frameSamples: number;
}

class PcmCaptureProcessor extends AudioWorkletProcessor {
  private readonly frames: FrameAssembler;
  private open = true;

  constructor(options: AudioWorkletNodeOptions) {
    super(options);
    const { frameSamples } = options.processorOptions as CaptureProcessorOptions;
    this.frames = createFrameAssembler(frameSamples);
    this.port.onmessage = (event: MessageEvent<FlushRequest>) => {
      if (event.data.kind !== 'flush' || !this.open) return;
      this.open = false;
      const rest = this.frames.flush();
      if (rest !== null) this.send({ kind: 'frame', pcm: rest }, [rest]);
      this.send({ kind: 'flushed' });
    };
  }

  private send(message: CaptureMessage, transfer: Transferable[] = []): void {
    this.port.postMessage(message, transfer);
  }

  /** The node takes one channel (the page mixes down before it): inputs[0][0] is the microphone, 128 samples. */
  process(inputs: Float32Array[][]): boolean {
    const samples = inputs[0]?.[0];
    if (this.open && samples !== undefined) {
      for (const pcm of this.frames.push(samples)) this.send({ kind: 'frame', pcm }, [pcm]);
    }
    // Flushed: nothing more to make, and the audio thread may let the node go.
    return this.open;
  }
}

registerProcessor(PCM_CAPTURE_PROCESSOR, PcmCaptureProcessor);
