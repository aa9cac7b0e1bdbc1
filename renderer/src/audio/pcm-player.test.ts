import { describe, expect, it } from 'vitest';
import { LIVE } from '../../../shared/limits';
import { createPcmPlayer, type PcmBuffer, type PcmOut } from './pcm-player';
import type { SpeakingState } from './speaking-state';
import { fakeBufferSource, type FakeSource } from '../testing/fake-audio';

/** 24 kHz: 2400 samples are 100 ms. */
const RATE = LIVE.outputSampleRateHz;
/** The page clock's origin and reading while the test runs, in ms. */
const TIME_ORIGIN = 1_700_000_000_000;
const PAGE_NOW = 5_000;

/** `samples` PCM16 samples of `value` (a signed 16-bit number), little-endian. */
function chunk(samples: number, value = 1000): Uint8Array {
  const bytes = new Uint8Array(samples * 2);
  const view = new DataView(bytes.buffer);
  for (let index = 0; index < samples; index += 1) view.setInt16(index * 2, value, true);
  return bytes;
}

interface FakeBuffer extends PcmBuffer {
  readonly sampleRate: number;
  samples: Float32Array;
}

/** An AudioContext that records each source's buffer and start time, and whose clock the test moves. */
function fakeContext(timestamp?: AudioTimestamp) {
  const sources: FakeSource[] = [];
  const context: PcmOut & { currentTime: number } = {
    currentTime: 10,
    destination: {},
    createBuffer(channels, length, sampleRate) {
      expect(channels).toBe(1);
      const buffer: FakeBuffer = {
        duration: length / sampleRate,
        sampleRate,
        samples: new Float32Array(length),
        copyToChannel: (source, channel) => {
          expect(channel).toBe(0);
          buffer.samples.set(source);
        },
      };
      return buffer;
    },
    createBufferSource: () => fakeBufferSource(sources),
    ...(timestamp === undefined ? {} : { getOutputTimestamp: () => timestamp }),
  };
  const player = createPcmPlayer(context, { timeOrigin: TIME_ORIGIN, now: () => PAGE_NOW });
  return { context, sources, player };
}

const samplesOf = (source: FakeSource) => (source.buffer as FakeBuffer).samples;

describe('LV3: a Live answer’s audio plays as it arrives', () => {
  it('LV3: chunks play back to back at 24 kHz, each starting exactly where the one before ends, after a short lead', () => {
    const { context, sources, player } = fakeContext();
    const answer = player.begin();

    answer.push(chunk(2400));
    context.currentTime = 10.05;
    answer.push(chunk(4800));
    answer.push(chunk(1200));

    expect(sources.map((source) => (source.buffer as FakeBuffer).sampleRate)).toEqual([RATE, RATE, RATE]);
    const [first, second, third] = sources.map((source) => source.startedAt!);
    expect(first).toBeGreaterThan(10);
    expect(first).toBeLessThanOrEqual(10.05);
    expect(second).toBeCloseTo(first! + 0.1, 9);
    expect(third).toBeCloseTo(first! + 0.3, 9);
    expect([...samplesOf(sources[0]!).slice(0, 2)]).toEqual([1000 / 32768, 1000 / 32768]);
  });

  it('LV3: a chunk that arrives after the audio ran out starts after the lead again, not in the past', () => {
    const { context, sources, player } = fakeContext();
    const answer = player.begin();
    answer.push(chunk(2400));
    sources[0]!.end();
    context.currentTime = 11;

    answer.push(chunk(2400));

    expect(sources[1]!.startedAt).toBeGreaterThan(11);
    expect(sources[1]!.startedAt).toBeLessThanOrEqual(11.05);
  });

  it('LV3: a sample split across two chunks is played whole', () => {
    const { sources, player } = fakeContext();
    const answer = player.begin();
    const bytes = chunk(3, -2000);

    answer.push(bytes.subarray(0, 3));
    answer.push(bytes.subarray(3));

    expect(sources.flatMap((source) => [...samplesOf(source)])).toEqual([-2000 / 32768, -2000 / 32768, -2000 / 32768]);
  });

  it('LV3: playing from the first chunk until the last is heard after end(); the answer then finishes ended', async () => {
    const { sources, player } = fakeContext();
    const seen: SpeakingState[] = [];
    player.subscribe((state) => seen.push(state));
    const answer = player.begin();
    expect(player.state().playing).toBe(false);

    answer.push(chunk(2400));
    answer.push(chunk(2400));
    expect(player.state()).toMatchObject({ playing: true, started: 1, stopped: false });
    sources[0]!.end();
    sources[1]!.end();
    // More may still come: the answer is not over until end().
    expect(player.state().playing).toBe(true);
    answer.end();

    await expect(answer.finished).resolves.toBe('ended');
    expect(player.state()).toMatchObject({ playing: false, started: 1, stopped: false });
    expect(seen.at(-1)).toBe(player.state());
  });

  it('LV3: stop silences at once what plays and what is queued, and chunks after it are ignored', async () => {
    const { sources, player } = fakeContext();
    const answer = player.begin();
    answer.push(chunk(2400));
    answer.push(chunk(2400));

    player.stop();

    expect(sources.map((source) => source.stopped)).toEqual([true, true]);
    expect(player.state()).toMatchObject({ playing: false, stopped: true });
    await expect(answer.finished).resolves.toBe('stopped');
    answer.push(chunk(2400));
    answer.end();
    expect(sources).toHaveLength(2);
    expect(player.state()).toMatchObject({ playing: false, stopped: true });
  });

  it('LV3: a new answer after a stop starts fresh, at its own lead, however far ahead the cut one was queued', () => {
    const { context, sources, player } = fakeContext();
    const cut = player.begin();
    for (let index = 0; index < 20; index += 1) cut.push(chunk(RATE));
    player.stop();

    context.currentTime = 12;
    const next = player.begin();
    next.push(chunk(2400));

    expect(sources.at(-1)!.startedAt).toBeGreaterThan(12);
    expect(sources.at(-1)!.startedAt).toBeLessThanOrEqual(12.05);
    expect(player.state()).toMatchObject({ playing: true, started: 2, stopped: false });
  });

  it('LV3: beginning a new answer cuts the one still playing', async () => {
    const { sources, player } = fakeContext();
    const first = player.begin();
    first.push(chunk(2400));

    const second = player.begin();
    second.push(chunk(2400));
    first.push(chunk(2400));

    expect(sources.map((source) => source.stopped)).toEqual([true, false]);
    await expect(first.finished).resolves.toBe('stopped');
    expect(player.state()).toMatchObject({ playing: true, started: 2 });
  });

  it('LV3: an answer ended before any audio finishes at once and never shows as playing', async () => {
    const { player } = fakeContext();
    const answer = player.begin();
    answer.end();
    await expect(answer.finished).resolves.toBe('ended');
    expect(player.state()).toEqual({ playing: false, started: 0, stopped: false, firstSampleAt: null });
  });

  it('LV3: tells when the first sample of each answer is heard, on the page clock, from the output timestamp', () => {
    // The speakers play context time 9.98 s at performance.now() 4 990 ms.
    const { sources, player } = fakeContext({ contextTime: 9.98, performanceTime: 4_990 });
    const answer = player.begin();
    answer.push(chunk(2400));
    answer.push(chunk(2400));

    const startedAt = sources[0]!.startedAt!;
    expect(player.state().firstSampleAt).toBeCloseTo(TIME_ORIGIN + 4_990 + (startedAt - 9.98) * 1000, 6);
  });

  it('LV3: without an output timestamp yet, the first sample’s time comes from the context clock and the page clock', () => {
    const { sources, player } = fakeContext({ contextTime: 0, performanceTime: 0 });
    player.begin().push(chunk(2400));

    const startedAt = sources[0]!.startedAt!;
    expect(player.state().firstSampleAt).toBeCloseTo(TIME_ORIGIN + PAGE_NOW + (startedAt - 10) * 1000, 6);
  });
});
