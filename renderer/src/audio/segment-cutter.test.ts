import { describe, expect, it } from 'vitest';
import { audioClipSchema } from '../../../shared/audio';
import { VOICE } from '../../../shared/limits';
import { fakeCaptureBrowser, settle, SILENT, SPEAKING, type FakeCaptureOptions } from '../testing/fake-capture';
import { createSegmentCutter, joinSegments, PAUSE_CUT_CAPS, type SpeechSegment } from './segment-cutter';
import { startSpeechCapture } from './speech-capture';

const SAMPLES_PER_MS = 16;

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

/** The capture and a cutter put together as live captions' pause-cut path does (caption-runner.ts). */
async function startSegments(options: FakeCaptureOptions = {}) {
  const browser = fakeCaptureBrowser(options);
  const segments: SpeechSegment[] = [];
  const levels: number[] = [];
  const cutter = createSegmentCutter((segment) => segments.push(segment));
  const started = await startSpeechCapture(
    { input: { kind: 'microphone', deviceId: null }, originMs: browser.deps.now(), onEvent: (event) => cutter.take(event), onLevel: (level) => levels.push(level) },
    browser.deps,
  );
  if (!started.ok) throw new Error(`The capture did not start: ${started.problem}`);
  const capture = started.value;
  capture.setCaps(PAUSE_CUT_CAPS);
  const segmenter = {
    mode: (await capture.detector) ? 'pauses' : 'fixed',
    pause() {
      capture.pause();
      cutter.flush();
    },
    resume: () => capture.resume(),
    async stop() {
      await capture.stop();
      cutter.flush();
    },
  };
  await settle();
  return { browser, segmenter, segments, levels };
}

const spans = (segments: SpeechSegment[]) => segments.map(({ startMs, endMs }) => [startMs, endMs]);

describe("LC-A: segments cut at the speaker's pauses (T2)", () => {
  it('LC-A: each utterance is a 16 kHz mono WAV timed from the session start, padding before it, the pause after it', async () => {
    const { browser, segmenter, segments, levels } = await startSegments();
    expect(segmenter.mode).toBe('pauses');
    await browser.hear(3_008, SILENT);
    await browser.hear(1_504, SPEAKING);
    await browser.hear(1_000, SILENT);

    expect(segments).toHaveLength(1);
    const [segment] = segments as [SpeechSegment];
    // The words started at 3.008 s: the detector's 9 frames (288 ms) of padding before them; they ended at 4.512 s.
    expect([segment.startMs, segment.endMs]).toEqual([3_008 - 288, 4_512 + 480]);
    expect(audioClipSchema.safeParse(segment.audio).success).toBe(true);
    expect(readWav(segment.audio.data)).toEqual({ riff: 'RIFF', channels: 1, sampleRate: 16_000, bitsPerSample: 16, samples: segment.pcm!.length });
    expect(segment.pcm!.length / SAMPLES_PER_MS).toBe(segment.endMs - segment.startMs);
    expect(Math.max(...levels)).toBeGreaterThan(0.5);
  });

  it('LC-A: sends nothing for silence, however long', async () => {
    const { browser, segmenter, segments } = await startSegments();
    for (let second = 0; second < 10; second += 1) await browser.hear(1_000, SILENT);
    await segmenter.stop();
    expect(segments).toEqual([]);
  });

  it('LC-A: a talker who never pauses is cut at 7 s, and no audio is lost between the segments', async () => {
    const { browser, segments } = await startSegments();
    await browser.hear(1_024, SILENT);
    await browser.hear(9_984, SPEAKING);
    await browser.hear(1_000, SILENT);

    const [first, second] = segments as [SpeechSegment, SpeechSegment];
    expect(segments).toHaveLength(2);
    expect(first.endMs - first.startMs).toBeGreaterThanOrEqual(VOICE.liveSegmentMs);
    expect(first.endMs - first.startMs).toBeLessThan(VOICE.liveSegmentMs + 32);
    expect(second.startMs).toBe(first.endMs);
    const loud = (segment: SpeechSegment) => segment.pcm!.filter((sample) => sample !== 0).length;
    expect(loud(first) + loud(second)).toBe(9_984 * SAMPLES_PER_MS);
    expect(browser.microphone.stopped).toBe(false);
  });

  it('LC-A: pause sends what was said so far and hears nothing until resume; stop sends the rest and turns everything off', async () => {
    const { browser, segmenter, segments, levels } = await startSegments();
    await browser.hear(1_000, SPEAKING);
    segmenter.pause();
    await settle();
    expect(spans(segments)).toEqual([[0, 1_000]]);
    expect(levels.at(-1)).toBe(0);
    await browser.hear(2_000, SPEAKING);
    expect(segments).toHaveLength(1);

    segmenter.resume();
    await browser.hear(1_000, SPEAKING);
    await segmenter.stop();
    expect(spans(segments)).toEqual([
      [0, 1_000],
      [3_000, 4_000],
    ]);
    expect(browser.microphone.stopped).toBe(true);
    expect(browser.context().state).toBe('closed');
    expect(browser.model.released).toBe(true);
  });
});

describe("LC-A: the seeds' fixed segments when the detector cannot load (T2)", () => {
  it('LC-A: every 7 s of what was heard, from the first sample, as a WAV; a silent one is dropped', async () => {
    const { browser, segmenter, segments } = await startSegments({ detectorFails: true });
    expect(segmenter.mode).toBe('fixed');
    await browser.hear(VOICE.liveSegmentMs, SPEAKING);
    await browser.hear(VOICE.liveSegmentMs, SILENT);
    await browser.hear(VOICE.liveSegmentMs, SPEAKING);

    expect(spans(segments)).toEqual([
      [0, VOICE.liveSegmentMs],
      [2 * VOICE.liveSegmentMs, 3 * VOICE.liveSegmentMs],
    ]);
    expect(segments[0]!.audio.mimeType).toBe('audio/wav');
    expect(readWav(segments[0]!.audio.data).samples).toBe(VOICE.liveSegmentMs * SAMPLES_PER_MS);
  });

  it('LC-A: pause ends the segment and records nothing until resume; stop sends the last one and turns everything off', async () => {
    const { browser, segmenter, segments } = await startSegments({ detectorFails: true });
    await browser.hear(2_000, SPEAKING);
    segmenter.pause();
    expect(spans(segments)).toEqual([[0, 2_000]]);
    await browser.hear(VOICE.liveSegmentMs * 2, SPEAKING);
    expect(segments).toHaveLength(1);

    segmenter.resume();
    await browser.hear(1_000, SPEAKING);
    await segmenter.stop();
    expect(spans(segments)).toEqual([
      [0, 2_000],
      [2_000 + VOICE.liveSegmentMs * 2, 3_000 + VOICE.liveSegmentMs * 2],
    ]);
    expect(browser.microphone.stopped).toBe(true);
    expect(browser.context().state).toBe('closed');
  });
});

describe('LC-A: the cutter on its own', () => {
  const frame = (atMs: number, amplitude: number) => {
    const pcm = new Uint8Array(640);
    new DataView(pcm.buffer).setInt16(0, amplitude, true);
    return { kind: 'frame', atMs, pcm, level: 0 } as const;
  };

  it('LC-A: a misfire is dropped, and a flush hands out the stretch so far', () => {
    const segments: SpeechSegment[] = [];
    const cutter = createSegmentCutter((segment) => segments.push(segment), { newId: () => 'id' });
    cutter.take({ kind: 'detector', ready: true });
    cutter.take({ kind: 'start', atMs: 100 });
    cutter.take(frame(100, 1_000));
    cutter.take({ kind: 'end', atMs: 120, reason: 'misfire' });
    expect(segments).toEqual([]);
    cutter.take({ kind: 'start', atMs: 200 });
    cutter.take(frame(200, 1_000));
    cutter.flush();
    expect(spans(segments)).toEqual([[200, 220]]);
  });
});

describe('LC-A: joining short utterances into one request (T2)', () => {
  it("LC-A: joins neighbours' samples in order into one WAV, keeping the first id and spanning them all", async () => {
    const { browser, segments } = await startSegments();
    for (let utterance = 0; utterance < 2; utterance++) {
      await browser.hear(512, SPEAKING);
      await browser.hear(1_000, SILENT);
    }
    const [first, second] = segments as [SpeechSegment, SpeechSegment];

    const joined = joinSegments([first, second]);

    expect(joined.id).toBe(first.id);
    expect([joined.startMs, joined.endMs]).toEqual([first.startMs, second.endMs]);
    expect(joined.pcm!.length).toBe(first.pcm!.length + second.pcm!.length);
    expect(readWav(joined.audio.data).samples).toBe(first.pcm!.length + second.pcm!.length);
  });

  it('LC-A: has nothing to join without segments', () => {
    expect(() => joinSegments([])).toThrow();
  });
});
