import { describe, expect, it } from 'vitest';
import { LIVE, VOICE } from '../../../shared/limits';
import { startPcmCapture, type PcmCapture, type PcmCaptureDeps, type PcmCaptureOptions, type PcmFrame } from './pcm-capture';
import { createFrameAssembler, type CaptureMessage, type FlushRequest } from './pcm-frames';
import { EPOCH, FakeAudioContext, FakeTrack } from '../testing/fake-capture';

/** Amplitudes of a constant signal: 0.1 is -20 dBFS (talking), 0.001 is -60 dBFS (a quiet room). */
const SPEAKING = 0.1;
const QUIET_ROOM = 0.001;
/** Web Audio's render quantum: what the worklet gets each time. */
const QUANTUM = 128;
/** 20 ms at 16 kHz. */
const FRAME_BYTES = 640;

/**
 * The worklet node, running the real frame assembler as pcm-capture.worklet.ts does, and answering a flush the
 * way a message port does: asynchronously, after the frames already posted.
 */
class FakeWorkletNode {
  readonly port = {
    onmessage: null as ((event: MessageEvent<CaptureMessage>) => void) | null,
    postMessage: (message: FlushRequest) => {
      this.asked.push(message.kind);
      if (!this.answers) return;
      const rest = this.assembler.flush();
      queueMicrotask(() => {
        if (rest !== null) this.post({ kind: 'frame', pcm: rest });
        this.post({ kind: 'flushed' });
      });
    },
  };
  readonly asked: string[] = [];
  /** False: a worklet whose context stopped running never answers. */
  answers = true;
  private readonly assembler;

  constructor(readonly options: AudioWorkletNodeOptions) {
    this.assembler = createFrameAssembler((options.processorOptions as { frameSamples: number }).frameSamples);
  }

  /** `quanta` render quanta of a constant `amplitude` reach the processor. */
  hear(quanta: number, amplitude: number): void {
    // Flushed, the processor makes no more frames.
    if (this.asked.length > 0) return;
    for (let quantum = 0; quantum < quanta; quantum += 1) {
      for (const pcm of this.assembler.push(new Float32Array(QUANTUM).fill(amplitude))) this.post({ kind: 'frame', pcm });
    }
  }

  private post(message: CaptureMessage): void {
    this.port.onmessage?.({ data: message } as MessageEvent<CaptureMessage>);
  }
}

interface BrowserOptions {
  open?: () => Promise<void>;
  workletLoads?: boolean;
}

/** A browser with one microphone, a page clock the test moves, and what the capture asked of it. */
function fakeBrowser({ open = () => Promise.resolve(), workletLoads = true }: BrowserOptions = {}) {
  const track = new FakeTrack('audio');
  const constraints: MediaStreamConstraints[] = [];
  const contexts: FakeAudioContext[] = [];
  const nodes: FakeWorkletNode[] = [];
  let now = EPOCH;
  const timers = new Set<{ ms: number; due: number; callback: () => void }>();

  const deps: PcmCaptureDeps = {
    getUserMedia: async (asked) => {
      constraints.push(asked);
      await open();
      return { getTracks: () => [track], getAudioTracks: () => [track] } as unknown as MediaStream;
    },
    workletUrl: '/assets/pcm-capture.worklet.js',
    createAudioContext: (options) => {
      const context = new FakeAudioContext(options, workletLoads);
      contexts.push(context);
      return context as unknown as AudioContext;
    },
    createWorkletNode: (context, name, options) => {
      expect(context).toBe(contexts.at(-1));
      expect(name).toBe('pcm-capture');
      const node = new FakeWorkletNode(options);
      nodes.push(node);
      return node as unknown as AudioWorkletNode;
    },
    now: () => now,
    every: (ms, callback) => {
      const timer = { ms, due: now + ms, callback };
      timers.add(timer);
      return () => timers.delete(timer);
    },
  };

  const node = () => {
    const made = nodes.at(-1);
    if (made === undefined) throw new Error('No worklet node was made.');
    return made;
  };

  return {
    deps,
    track,
    constraints,
    contexts,
    node,
    /** Lets `ms` pass (a multiple of 8 ms: a quantum at 16 kHz) with the microphone hearing `amplitude`. */
    pass(ms: number, amplitude: number) {
      for (let passed = 0; passed < ms; passed += 8) {
        now += 8;
        node().hear(1, amplitude);
        for (const timer of [...timers]) {
          if (timer.due > now) continue;
          timer.due += timer.ms;
          timer.callback();
        }
      }
    },
    /** The microphone is off: its track stopped, the audio graph closed, no timer left running. */
    released: () => track.stopped && contexts.every((context) => context.state === 'closed') && timers.size === 0,
  };
}

function options(frames: PcmFrame[] = [], more: Partial<PcmCaptureOptions> = {}): PcmCaptureOptions {
  return { deviceId: null, onFrame: (frame) => frames.push(frame), onLevel: () => undefined, onTick: () => undefined, ...more };
}

async function started(browser: ReturnType<typeof fakeBrowser>, given = options()): Promise<PcmCapture> {
  const result = await startPcmCapture(given, browser.deps);
  if (!result.ok) throw new Error(`The capture did not start: ${result.problem}`);
  return result.value;
}

describe('LV1: PCM capture hands out the microphone as 16 kHz PCM16 frames', () => {
  it('LV1: opens the chosen microphone in a 16 kHz context, mono, and hands out 640-byte frames in order as they come', async () => {
    const browser = fakeBrowser();
    const frames: PcmFrame[] = [];
    await started(browser, options(frames, { deviceId: 'usb-headset' }));

    expect(browser.constraints).toEqual([
      { audio: { deviceId: { exact: 'usb-headset' }, channelCount: 1, echoCancellation: true, noiseSuppression: true } },
    ]);
    expect(browser.contexts[0]!.options.sampleRate).toBe(LIVE.inputSampleRateHz);
    expect(browser.contexts[0]!.modules).toEqual(['/assets/pcm-capture.worklet.js']);
    expect(browser.node().options).toMatchObject({ channelCount: 1, channelCountMode: 'explicit', numberOfOutputs: 0 });
    expect(browser.contexts[0]!.connected).toEqual([browser.node()]);

    browser.pass(40, SPEAKING);
    // 40 ms are two frames, handed out at once, stamped with the page clock when they arrived.
    expect(frames.map(({ seq, pcm, capturedAt }) => [seq, pcm.byteLength, capturedAt])).toEqual([
      [0, FRAME_BYTES, EPOCH + 24],
      [1, FRAME_BYTES, EPOCH + 40],
    ]);
  });

  it('LV1: stop hands out the last partial frame after the whole ones, seq continuous, and lets the microphone go', async () => {
    const browser = fakeBrowser();
    const frames: PcmFrame[] = [];
    const capture = await started(browser, options(frames));

    browser.pass(1_000, SPEAKING);
    browser.pass(8, SPEAKING);
    const result = await capture.stop();

    expect(frames.map((frame) => frame.seq)).toEqual(Array.from({ length: 51 }, (_, index) => index));
    // One second and 8 ms at 16 kHz: 50 whole frames, then 128 samples.
    expect(frames.at(-1)!.pcm.byteLength).toBe(256);
    expect(frames.reduce((sum, frame) => sum + frame.pcm.byteLength, 0)).toBe(16_128 * 2);
    expect(result).toEqual({ kind: 'captured', durationMs: 1_008, frames: 51 });
    expect(browser.released()).toBe(true);
  });

  it('LV1: stopNow gives the verdict at once, without waiting for the partial frame, and lets the microphone go', async () => {
    const browser = fakeBrowser();
    const frames: PcmFrame[] = [];
    const capture = await started(browser, options(frames));

    browser.pass(1_000, SPEAKING);
    browser.pass(8, SPEAKING);
    expect(capture.stopNow()).toEqual({ kind: 'captured', durationMs: 1_008, frames: 50 });
    expect(frames).toHaveLength(50);
    expect(browser.released()).toBe(true);
    // A stop() after it settles at once with the same verdict.
    expect(await capture.stop()).toEqual({ kind: 'captured', durationMs: 1_008, frames: 50 });
  });

  it('LV1: the frames carry the samples heard, as 16-bit little-endian', async () => {
    const browser = fakeBrowser();
    const frames: PcmFrame[] = [];
    await started(browser, options(frames));

    browser.pass(24, 0.5);
    const view = new DataView(frames[0]!.pcm.buffer);
    expect(new Set(Array.from({ length: 320 }, (_, index) => view.getInt16(index * 2, true)))).toEqual(new Set([16_384]));
  });

  it('LV1: the meter gets the loudest level since it was last told, and the countdown the time left', async () => {
    const browser = fakeBrowser();
    const levels: number[] = [];
    const ticks: number[] = [];
    await started(browser, options([], { onLevel: (level) => levels.push(level), onTick: (tick) => ticks.push(tick.remainingMs) }));

    browser.pass(56, SPEAKING);
    browser.pass(96, QUIET_ROOM);

    expect(levels[0]).toBeCloseTo(2 / 3);
    expect(levels.at(-1)).toBeCloseTo(0);
    expect(ticks.slice(0, 3)).toEqual([VOICE.recordingMaxMs - 56, VOICE.recordingMaxMs - 104, VOICE.recordingMaxMs - 152]);
  });

  it('LV1: too short and silent captures get the recorder’s verdicts', async () => {
    const short = fakeBrowser();
    const quick = await started(short);
    short.pass(200, SPEAKING);
    expect(await quick.stop()).toEqual({ kind: 'too_short' });
    expect(short.released()).toBe(true);

    const quiet = fakeBrowser();
    const silent = await started(quiet);
    quiet.pass(2_000, QUIET_ROOM);
    expect(await silent.stop()).toEqual({ kind: 'silent' });
    expect(quiet.released()).toBe(true);
  });

  it('LV1: at the recording limit it stops by itself, hands out what it held, and lets the microphone go', async () => {
    const browser = fakeBrowser();
    const frames: PcmFrame[] = [];
    const capture = await started(browser, options(frames));
    let stoppedByItself = false;
    void capture.autoStopped.then(() => (stoppedByItself = true));

    browser.pass(VOICE.recordingMaxMs + 200, SPEAKING);
    await Promise.resolve();
    await Promise.resolve();

    expect(stoppedByItself).toBe(true);
    expect(browser.released()).toBe(true);
    const heard = frames.length;
    expect(await capture.stop()).toMatchObject({ kind: 'captured', frames: heard });
    expect(frames.map((frame) => frame.seq)).toEqual(Array.from({ length: heard }, (_, index) => index));
    // Nothing after the limit: 30 s of frames, give or take the quantum it stopped in.
    expect(Math.abs(frames.reduce((sum, frame) => sum + frame.pcm.byteLength, 0) / 2 - 16 * VOICE.recordingMaxMs)).toBeLessThanOrEqual(
      QUANTUM,
    );
  });

  it('LV1: a microphone unplugged mid-question stops the capture by itself', async () => {
    const browser = fakeBrowser();
    const capture = await started(browser);
    browser.pass(800, SPEAKING);

    browser.track.end();
    await capture.autoStopped;

    expect(await capture.stop()).toMatchObject({ kind: 'captured' });
    expect(browser.released()).toBe(true);
  });

  it('LV1: cancel lets the microphone go at once and hands out nothing more', async () => {
    const browser = fakeBrowser();
    const frames: PcmFrame[] = [];
    const capture = await started(browser, options(frames));
    browser.pass(1_000, SPEAKING);
    const heard = frames.length;

    capture.cancel();

    expect(browser.released()).toBe(true);
    expect(browser.node().asked).toEqual([]);
    browser.node().hear(10, SPEAKING);
    expect(frames).toHaveLength(heard);
    expect(await capture.stop()).toEqual({ kind: 'cancelled' });
  });

  it('LV1: a worklet that never answers the flush (its context stopped) does not hold stop or the microphone', async () => {
    const browser = fakeBrowser();
    const capture = await started(browser);
    browser.pass(1_000, SPEAKING);
    browser.node().answers = false;

    const stopping = capture.stop();
    browser.pass(400, SPEAKING);

    expect(await stopping).toMatchObject({ kind: 'captured', durationMs: 1_000 });
    expect(browser.released()).toBe(true);
  });
});

describe('LV1: a capture that cannot start says why, with the microphone off', () => {
  it('LV1: a refused permission is "denied", and the audio context made for it is closed', async () => {
    const browser = fakeBrowser({ open: () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')) });
    expect(await startPcmCapture(options(), browser.deps)).toEqual({ ok: false, problem: 'denied' });
    expect(browser.contexts.every((context) => context.state === 'closed')).toBe(true);
  });

  it('LV1: no media devices is "unsupported"', async () => {
    const browser = fakeBrowser();
    expect(await startPcmCapture(options(), { ...browser.deps, getUserMedia: undefined })).toEqual({ ok: false, problem: 'unsupported' });
    expect(browser.contexts).toEqual([]);
  });

  it('LV1: a worklet module that does not load is "unsupported", and the microphone it opened is let go', async () => {
    const browser = fakeBrowser({ workletLoads: false });
    expect(await startPcmCapture(options(), browser.deps)).toEqual({ ok: false, problem: 'unsupported' });
    expect(browser.released()).toBe(true);
  });
});
