import { describe, expect, it } from 'vitest';
import { ok, type Result } from '../../../shared/result';
import type { SpeechAudio } from '../../../shared/voice';
import type { SpeakingState } from './speaking-state';
import { createAudioPlayer, type AudioOut, type ClipBuffer } from './speech-output';
import { createSpeechQueue } from '../../../shared/speech-queue';
import { fakeBufferSource, type FakeSource } from '../testing/fake-audio';

/** Each fake clip's bytes are its duration in seconds, as text ("1.5"); "broken" does not decode. */
function clip(seconds: number | 'broken'): SpeechAudio {
  return { mimeType: 'audio/wav', data: btoa(String(seconds)) };
}

/** An AudioContext that records when each source was told to start, and whose clock the test moves. */
function fakeContext() {
  const sources: FakeSource[] = [];
  const decodes: { resolve(): void }[] = [];
  const context: AudioOut & { currentTime: number } = {
    currentTime: 10,
    destination: {},
    decodeAudioData(data) {
      const text = new TextDecoder().decode(data);
      return new Promise<ClipBuffer>((resolve, reject) => {
        decodes.push({ resolve: () => (text === 'broken' ? reject(new DOMException('bad', 'EncodingError')) : resolve({ duration: Number(text) })) });
      });
    },
    createBufferSource: () => fakeBufferSource(sources),
  };
  return { context, sources, decodes };
}

/** The page clock while the test runs: performance.timeOrigin and performance.now(). */
const PAGE_CLOCK = { timeOrigin: 1_700_000_000_000, now: () => 5_000 };

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('V2 gapless playback', () => {
  it('starts each clip exactly when the one before it ends, even when a later clip decodes first', async () => {
    const { context, sources, decodes } = fakeContext();
    const player = createAudioPlayer(context);
    const signal = new AbortController().signal;
    const first = player.play(clip(1.5), signal);
    const second = player.play(clip(2), signal);
    const third = player.play(clip(0.5), signal);
    decodes[1]?.resolve();
    decodes[2]?.resolve();
    await settled();
    expect(sources).toHaveLength(0);
    decodes[0]?.resolve();
    await settled();
    expect(sources.map((source) => [source.buffer?.duration, source.startedAt])).toEqual([
      [1.5, 10],
      [2, 11.5],
      [0.5, 13.5],
    ]);
    for (const source of sources) source.end();
    await expect(Promise.all([first, second, third])).resolves.toEqual([ok(undefined), ok(undefined), ok(undefined)]);
  });

  it('starts a clip now when the previous ones ended long ago', async () => {
    const { context, sources, decodes } = fakeContext();
    const player = createAudioPlayer(context);
    const signal = new AbortController().signal;
    const first = player.play(clip(1), signal);
    decodes[0]?.resolve();
    await settled();
    sources[0]?.end();
    await first;
    context.currentTime = 30;
    void player.play(clip(1), signal);
    decodes[1]?.resolve();
    await settled();
    expect(sources[1]?.startedAt).toBe(30);
  });

  it('stop silences every scheduled clip at once, and the next clip starts now', async () => {
    const { context, sources, decodes } = fakeContext();
    const player = createAudioPlayer(context);
    const signal = new AbortController().signal;
    const plays = [player.play(clip(3), signal), player.play(clip(3), signal)];
    const decoding = player.play(clip(3), signal);
    decodes[0]?.resolve();
    decodes[1]?.resolve();
    await settled();
    player.stop();
    expect(sources.map((source) => source.stopped)).toEqual([true, true]);
    await expect(Promise.all(plays)).resolves.toEqual([ok(undefined), ok(undefined)]);
    decodes[2]?.resolve();
    await expect(decoding).resolves.toEqual(ok(undefined));
    expect(sources).toHaveLength(2);
    void player.play(clip(1), signal);
    decodes[3]?.resolve();
    await settled();
    expect(sources[2]?.startedAt).toBe(10);
  });

  it('a clip that does not decode is a failure the member can be told about', async () => {
    const { context, decodes } = fakeContext();
    const player = createAudioPlayer(context);
    const playing = player.play(clip('broken'), new AbortController().signal);
    decodes[0]?.resolve();
    const result: Result<void> = await playing;
    expect(result).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason: 'unplayable_audio' } });
  });

  it('shows whether it is speaking: playing, clips started, and stopped when cut short', async () => {
    const { context, sources, decodes } = fakeContext();
    const player = createAudioPlayer(context, PAGE_CLOCK);
    const seen: SpeakingState[] = [];
    player.subscribe((state) => seen.push(state));
    const signal = new AbortController().signal;
    const first = player.play(clip(1), signal);
    void player.play(clip(1), signal);
    decodes[0]?.resolve();
    decodes[1]?.resolve();
    await settled();
    // The second clip's first sample: 1 s after the first's, which starts now (context time 10, page time 5 s).
    const secondAt = PAGE_CLOCK.timeOrigin + 5_000 + 1_000;
    expect(player.state()).toEqual({ playing: true, started: 2, stopped: false, firstSampleAt: secondAt });
    sources[0]?.end();
    await first;
    expect(player.state()).toEqual({ playing: true, started: 2, stopped: false, firstSampleAt: secondAt });
    player.stop();
    expect(player.state()).toEqual({ playing: false, started: 2, stopped: true, firstSampleAt: secondAt });
    expect(seen.at(-1)).toBe(player.state());
  });
});

describe('V2 speech queue through the player', () => {
  it('plays the sentences back to back and finishes done; barge-in silences them', async () => {
    const { context, sources, decodes } = fakeContext();
    const player = createAudioPlayer(context);
    const tts = (text: string) => Promise.resolve(ok(clip(text.length)));
    const queue = createSpeechQueue({ ahead: 2, synthesize: tts, play: player.play });
    queue.say('Hi.');
    queue.say('Hello.');
    queue.end();
    await settled();
    for (const decode of decodes) decode.resolve();
    await settled();
    expect(sources.map((source) => source.startedAt)).toEqual([10, 13]);
    for (const source of sources) source.end();
    await expect(queue.finished).resolves.toBe('done');

    const next = createSpeechQueue({ ahead: 2, synthesize: tts, play: player.play });
    next.say('Again.');
    await settled();
    for (const decode of decodes.slice(2)) decode.resolve();
    await settled();
    expect(player.state().playing).toBe(true);
    next.stop();
    expect(sources[2]?.stopped).toBe(true);
    expect(player.state()).toMatchObject({ playing: false, stopped: true });
    await expect(next.finished).resolves.toBe('stopped');
  });

  it('a clip that does not decode ends the queue failed', async () => {
    const { context, decodes } = fakeContext();
    const player = createAudioPlayer(context);
    const queue = createSpeechQueue({ ahead: 2, synthesize: () => Promise.resolve(ok(clip('broken'))), play: player.play });
    queue.say('Hi.');
    await settled();
    decodes[0]?.resolve();
    await expect(queue.finished).resolves.toBe('failed');
  });
});
