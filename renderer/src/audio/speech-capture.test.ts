import { describe, expect, it, vi } from 'vitest';
import { LIVE } from '../../../shared/limits';
import { EPOCH, fakeCaptureBrowser, FakeStream, FakeTrack, settle, SILENT, SPEAKING, type FakeCaptureOptions } from '../testing/fake-capture';
import { samplesOfPcm16 } from './pcm-frames';
import { startSpeechCapture, type SpeechCapture, type SpeechCaptureEvent } from './speech-capture';

/** 20 ms at 16 kHz. */
const FRAME_BYTES = 640;
/** The detector's redemption, 500 ms, in its whole 32 ms frames. */
const REDEMPTION_MS = 480;

type Browser = ReturnType<typeof fakeCaptureBrowser>;

async function startCapture(browser: Browser, originMs = EPOCH): Promise<SpeechCapture> {
  const ended: string[] = [];
  const started = await startSpeechCapture(
    {
      input: { kind: 'microphone', deviceId: 'usb-headset' },
      originMs,
      onEvent: (event) => browser.events.push(event),
      onEnded: (reason) => ended.push(reason),
    },
    browser.deps,
  );
  if (!started.ok) throw new Error(`The capture did not start: ${started.problem}`);
  return Object.assign(started.value, { ended });
}

const of = <Kind extends SpeechCaptureEvent['kind']>(events: SpeechCaptureEvent[], kind: Kind) =>
  events.filter((event): event is Extract<SpeechCaptureEvent, { kind: Kind }> => event.kind === kind);

/** The events without the frames' bytes: what happened, in order. */
const story = (events: SpeechCaptureEvent[]) =>
  events.flatMap((event) => {
    if (event.kind === 'frame') return [];
    if (event.kind === 'detector') return [`detector ${event.ready}`];
    return event.kind === 'start' ? [`start ${event.atMs}`] : [`end ${event.atMs} ${event.reason}`];
  });

/** Every frame follows the one before without a gap: nothing heard between the first and the last was lost. */
function expectContiguous(frames: Extract<SpeechCaptureEvent, { kind: 'frame' }>[]): void {
  frames.forEach((frame, index) => {
    if (index === 0) return;
    const previous = frames[index - 1]!;
    expect(frame.atMs).toBe(previous.atMs + (previous.pcm.byteLength / 2 / LIVE.inputSampleRateHz) * 1000);
  });
}

const loudMs = (frames: Extract<SpeechCaptureEvent, { kind: 'frame' }>[]) =>
  frames.reduce((sum, frame) => sum + samplesOfPcm16(frame.pcm).filter((sample) => sample !== 0).length, 0) / 16;

describe('LC-A: live captions hear from the moment the input opens', () => {
  it('LC-A: opens the chosen microphone at once in a 16 kHz context, before the detector has loaded', async () => {
    const browser = fakeCaptureBrowser({ detectorHeld: true });
    await startCapture(browser);
    expect(browser.asked.microphone[0]?.audio).toMatchObject({ deviceId: { exact: 'usb-headset' }, channelCount: 1 });
    expect(browser.context().options).toEqual({ sampleRate: 16_000 });
    expect(browser.events).toEqual([]);
  });

  it('LC-A: speech in the first 200 ms, heard while the detector loads, is captured once it is ready, from near 0 ms', async () => {
    const browser = fakeCaptureBrowser({ detectorHeld: true });
    const capture = await startCapture(browser);
    await browser.hear(100, SILENT);
    await browser.hear(1_500, SPEAKING);
    await browser.hear(1_000, SILENT);
    expect(browser.events).toEqual([]);

    browser.load();
    expect(await capture.detector).toBe(true);
    await settle();

    // The words began at 100 ms: the stretch starts at the input's first sample (all the padding there was), and
    // ends after the detector's redemption, 480 ms after the last word.
    expect(story(browser.events)).toEqual(['detector true', 'start 0', `end ${1_600 + REDEMPTION_MS} pause`]);
    const frames = of(browser.events, 'frame');
    expect(frames[0]!.atMs).toBe(0);
    expectContiguous(frames);
    expect(frames.at(-1)!.atMs + LIVE.frameMs).toBe(1_600 + REDEMPTION_MS);
    expect(frames.every((frame) => frame.pcm.byteLength === FRAME_BYTES)).toBe(true);
    // Every word said is in the frames.
    expect(loudMs(frames)).toBe(1_500);
  });

  it('LC-A: times count samples from originMs, the session start, whatever the wall clock does', async () => {
    const browser = fakeCaptureBrowser();
    // The captions session started 2 s before this capture opened.
    await startCapture(browser, EPOCH - 2_000);
    await settle();
    await browser.hear(1_000, SILENT);
    await browser.hear(1_000, SPEAKING);
    await browser.hear(1_000, SILENT);
    // The words began 1 s in: the detector's 9 frames of padding (288 ms) before the frame they begin in.
    expect(story(browser.events)).toEqual(['detector true', `start ${2_000 + 992 - 288}`, `end ${2_000 + 2_016 + REDEMPTION_MS} pause`]);
  });

  it('LC-A: silence, however long, hands out no frame and no stretch', async () => {
    const browser = fakeCaptureBrowser();
    const capture = await startCapture(browser);
    await settle();
    for (let second = 0; second < 10; second += 1) await browser.hear(1_000, SILENT);
    await capture.stop();
    expect(story(browser.events)).toEqual(['detector true']);
  });

  it('LC-A: a blip shorter than the detector’s shortest speech ends as a misfire', async () => {
    const browser = fakeCaptureBrowser();
    await startCapture(browser);
    await settle();
    await browser.hear(1_000, SILENT);
    await browser.hear(100, SPEAKING);
    await browser.hear(1_000, SILENT);
    expect(of(browser.events, 'end').map((end) => end.reason)).toEqual(['misfire']);
  });
});

describe('LC-A: caps on a talker who does not pause', () => {
  it('LC-A: with caps, a stretch is cut at hardMs and the next one starts on the same sample: nothing lost', async () => {
    const browser = fakeCaptureBrowser();
    const capture = await startCapture(browser);
    capture.setCaps({ softMs: 5_000, hardMs: 7_000 });
    await settle();
    await browser.hear(10_000, SPEAKING);
    await browser.hear(1_000, SILENT);

    const told = story(browser.events);
    expect(told.slice(0, 3)).toEqual(['detector true', 'start 0', 'end 7008 cap']);
    expect(told[3]).toBe('start 7008');
    expect(told[4]).toMatch(/ pause$/);
    const frames = of(browser.events, 'frame');
    expectContiguous(frames);
    expect(loudMs(frames)).toBe(10_000);
  });

  it('LC-A: past softMs a shorter pause ends the stretch; without caps the same pause does not', async () => {
    const talk = async (caps: { softMs: number; hardMs: number } | null) => {
      const browser = fakeCaptureBrowser();
      const capture = await startCapture(browser);
      capture.setCaps(caps);
      await settle();
      await browser.hear(5_500, SPEAKING);
      await browser.hear(300, SILENT);
      await browser.hear(1_000, SPEAKING);
      return of(browser.events, 'end').map((end) => end.reason);
    };
    expect(await talk({ softMs: 5_000, hardMs: 60_000 })).toEqual(['pause']);
    expect(await talk(null)).toEqual([]);
  });

  it('LC-A: caps switched off mid-session cut no more', async () => {
    const browser = fakeCaptureBrowser();
    const capture = await startCapture(browser);
    capture.setCaps({ softMs: 5_000, hardMs: 7_000 });
    await settle();
    await browser.hear(6_000, SPEAKING);
    capture.setCaps(null);
    await browser.hear(10_000, SPEAKING);
    await browser.hear(300, SILENT);
    await browser.hear(1_000, SPEAKING);
    expect(of(browser.events, 'end')).toEqual([]);
  });
});

describe('LC-A: the member pauses and stops', () => {
  it('LC-A: pause ends the stretch as paused and drops what is heard until resume; the clock keeps time', async () => {
    const browser = fakeCaptureBrowser();
    const capture = await startCapture(browser);
    await settle();
    await browser.hear(1_000, SPEAKING);
    capture.pause();
    await settle();
    expect(story(browser.events)).toEqual(['detector true', 'start 0', 'end 1000 paused']);
    const framesBefore = of(browser.events, 'frame').length;

    await browser.hear(2_000, SPEAKING);
    expect(of(browser.events, 'frame')).toHaveLength(framesBefore);
    expect(browser.microphone.stopped).toBe(false);

    capture.resume();
    await browser.hear(1_000, SPEAKING);
    await browser.hear(1_000, SILENT);
    // The detector's frames count from the resume: the last word ends in the one from 3992 to 4024 ms.
    expect(story(browser.events).slice(3)).toEqual(['start 3000', `end ${4_024 + REDEMPTION_MS} pause`]);
  });

  it('LC-A: stop hands out everything heard, ends the stretch as stopped, and releases every track, the graph and the model', async () => {
    const browser = fakeCaptureBrowser({ detectorHeld: true });
    const capture = await startCapture(browser);
    await browser.hear(1_010, SPEAKING);
    const stopping = capture.stop();
    browser.load();
    await stopping;

    // The worklet's last 10 ms came too, as a shorter frame.
    expect(story(browser.events)).toEqual(['detector true', 'start 0', 'end 1010 stopped']);
    expect(of(browser.events, 'frame').at(-1)!.pcm.byteLength).toBe(320);
    expect(loudMs(of(browser.events, 'frame'))).toBe(1_010);
    expect(browser.microphone.stopped).toBe(true);
    expect(browser.context().state).toBe('closed');
    expect(browser.model.released).toBe(true);
    expect(browser.timersRunning()).toBe(0);
    expect((capture as SpeechCapture & { ended: string[] }).ended).toEqual([]);
  });

  it('LC-A: a microphone unplugged mid-sentence: what was heard goes out, then the capture ends as device_lost', async () => {
    const browser = fakeCaptureBrowser();
    const capture = await startCapture(browser);
    await settle();
    await browser.hear(1_000, SPEAKING);
    browser.microphone.end();
    await settle();
    await settle();
    expect(story(browser.events).at(-1)).toBe('end 1000 stopped');
    expect(browser.microphone.stopped).toBe(true);
    expect((capture as SpeechCapture & { ended: string[] }).ended).toEqual(['device_lost']);
  });
});

describe('LC-A: without the detector', () => {
  it('LC-A: a detector that cannot load: every frame goes out, those heard while it loaded first, with no start or end', async () => {
    const browser = fakeCaptureBrowser({ detectorHeld: true, detectorFails: true });
    const capture = await startCapture(browser);
    await browser.hear(500, SILENT);
    await browser.hear(500, SPEAKING);
    browser.load();
    expect(await capture.detector).toBe(false);
    await browser.hear(500, SILENT);
    await capture.stop();

    expect(story(browser.events)).toEqual(['detector false']);
    const frames = of(browser.events, 'frame');
    expect(frames[0]!.atMs).toBe(0);
    expect(frames).toHaveLength(1_500 / LIVE.frameMs);
    expectContiguous(frames);
    expect(browser.microphone.stopped).toBe(true);
  });
});

describe("LC-A: the computer's audio", () => {
  it('LC-A: asks for a picture with its audio and stops the picture before anything hears it', async () => {
    const audio = new FakeTrack('audio');
    const video = new FakeTrack('video');
    const stream = new FakeStream([audio, video]);
    const browser = fakeCaptureBrowser({ display: async () => stream });
    const started = await startSpeechCapture({ input: { kind: 'system' }, originMs: EPOCH, onEvent: () => undefined }, browser.deps);
    expect(started.ok).toBe(true);
    expect(browser.asked.display).toEqual([{ audio: true, video: true }]);
    expect(browser.asked.microphone).toEqual([]);
    expect(video.stopped).toBe(true);
    expect(stream.getTracks()).toEqual([audio]);
  });

  it.each<[string, FakeCaptureOptions]>([
    ['main refuses it or the member cancels the picker', { display: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) }],
    ['the browser cannot share the screen', { display: undefined }],
    ['the share has no audio', { display: async () => new FakeStream([new FakeTrack('video')]) }],
  ])('LC-A: is system_audio_unavailable when %s, loading no detector and leaving nothing open', async (_case, options) => {
    const browser = fakeCaptureBrowser(options);
    const result = await startSpeechCapture({ input: { kind: 'system' }, originMs: EPOCH, onEvent: () => undefined }, browser.deps);
    expect(result).toEqual({ ok: false, problem: 'system_audio_unavailable' });
    expect(browser.asked.detector).toBe(0);
    expect(browser.context().state).toBe('closed');
  });
});

describe('LC-A: a capture that cannot start says why, with nothing left open', () => {
  it('LC-A: a refused microphone is "denied"', async () => {
    const browser = fakeCaptureBrowser({ microphone: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) });
    const result = await startSpeechCapture({ input: { kind: 'microphone', deviceId: null }, originMs: EPOCH, onEvent: () => undefined }, browser.deps);
    expect(result).toEqual({ ok: false, problem: 'denied' });
    expect(browser.context().state).toBe('closed');
    expect(browser.asked.detector).toBe(0);
  });

  it('LC-A: no getUserMedia is "unsupported", before any audio context is made', async () => {
    const browser = fakeCaptureBrowser();
    const createAudioContext = vi.fn(browser.deps.createAudioContext);
    const result = await startSpeechCapture(
      { input: { kind: 'microphone', deviceId: null }, originMs: EPOCH, onEvent: () => undefined },
      { ...browser.deps, getUserMedia: undefined, createAudioContext },
    );
    expect(result).toEqual({ ok: false, problem: 'unsupported' });
    expect(createAudioContext).not.toHaveBeenCalled();
  });

  it('LC-A: a worklet that does not load is "unsupported", and the microphone it opened is let go', async () => {
    const browser = fakeCaptureBrowser({ workletLoads: false });
    const result = await startSpeechCapture({ input: { kind: 'microphone', deviceId: null }, originMs: EPOCH, onEvent: () => undefined }, browser.deps);
    expect(result).toEqual({ ok: false, problem: 'unsupported' });
    expect(browser.microphone.stopped).toBe(true);
    expect(browser.context().state).toBe('closed');
  });
});
