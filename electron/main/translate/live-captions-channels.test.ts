import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CaptionStreamDone, CaptionStreamState, StreamedLine } from '../../../shared/live-captions';
import { liveScript, type LiveTranslationScript } from '../../../test/doubles/gemini-double';
import { fakeSender } from '../../../test/support/fake-sender';
import { useGeminiDouble } from '../../../test/support/gateway-test-kit';
import { startLiveTestCore } from '../../../test/support/live-test-core';
import type { TestCore } from '../../../test/support/test-core';

/*
 * Issue 25: live captions through the real core, its registry and the real Live connection, against the Live
 * double's translation model: what reaches Gemini, and the lines that come back.
 */

const gemini = useGeminiDouble();
let test: TestCore | null = null;
afterEach(() => {
  test?.dispose();
  test = null;
});

/** 20 ms of 16 kHz speech (not silence). */
const speech = () => new Uint8Array(new Int16Array(320).fill(1200).buffer);

async function start(options: { key?: string } = {}) {
  const started = await startLiveTestCore(gemini.double, options);
  test = started.test;
  const { window, call, tick } = started;

  async function open(source: 'you' | 'others', speak = false) {
    const opened = await call('translate:live', { source, to: 'es', speak });
    if (!opened.ok) throw new Error(opened.error.message);
    const { requestId } = opened.value as { requestId: string };
    let seq = 0;
    let atMs = 0;
    const payloads = (event: string) =>
      window.events.filter((sent) => sent.event === event && (sent.payload as { requestId: string }).requestId === requestId).map((sent) => (sent.payload as { data: unknown }).data);
    return {
      requestId,
      /** `count` frames of speech, each on the clock the registry bounds frames by. */
      async speak(count: number) {
        for (let n = 0; n < count; n++) {
          tick(20);
          const sent = await call('translate:liveFrame', { requestId, seq: seq++, atMs, pcm: speech() });
          if (!sent.ok) throw new Error(sent.error.message);
          atMs += 20;
        }
      },
      pause: () => call('translate:livePause', { requestId, atMs }),
      end: () => call('translate:liveEnd', { requestId }),
      lines: () => payloads('translate:liveLine') as StreamedLine[],
      states: () => payloads('translate:liveState') as CaptionStreamState[],
      finals: () => (payloads('translate:liveLine') as StreamedLine[]).filter((line) => line.final),
      async ended(): Promise<{ event: string; payload: unknown }> {
        const terminal = () => window.events.find((sent) => ['translate:liveDone', 'translate:liveError'].includes(sent.event) && (sent.payload as { requestId: string }).requestId === requestId);
        await vi.waitFor(() => expect(terminal()).toBeDefined(), { timeout: 5_000 });
        return terminal()!;
      },
    };
  }
  return { call, open, window };
}

const connections = () => gemini.double.liveConversations.flatMap((conversation) => conversation.connections);
const script = (translation: LiveTranslationScript) => gemini.double.script('live', liveScript({ turns: [], translation }));

describe('LC4 through the real connection: goAway and a drop mid-sentence lose no words and duplicate none', () => {
  it('LC4: a line spanning a goAway is completed, not duplicated; a line cut by a drop is heard again and rebuilt; each final once', async () => {
    script({
      lagMs: 20,
      goAway: { afterBytes: 6_400, timeLeftMs: 300 },
      drop: { utterance: 2, afterBytes: 3_200 },
      utterances: [
        { heard: 'one two three four', translation: 'uno dos tres cuatro', speechMs: 400 },
        { heard: 'five six', translation: 'cinco seis', speechMs: 200 },
        { heard: 'seven eight', translation: 'siete ocho', speechMs: 200 },
      ],
    });
    const desk = await start();
    const you = await desk.open('you');

    await you.speak(10);
    // The goAway came after 200 ms of audio: the session moves to a connection resumed with its handle.
    await vi.waitFor(() => expect(connections()).toHaveLength(2));
    await you.speak(10);
    await you.pause();
    await vi.waitFor(() => expect(you.finals()).toHaveLength(1));
    await you.speak(10);
    await vi.waitFor(() => expect(you.states().some((state) => state.state === 'reconnecting')).toBe(true));
    await vi.waitFor(() => expect(connections()).toHaveLength(3), { timeout: 3_000 });
    await you.pause();
    await vi.waitFor(() => expect(you.finals()).toHaveLength(2), { timeout: 3_000 });
    await you.end();
    const done = await you.ended();

    expect(you.finals().map((line) => [line.id, line.transcript, line.translation])).toEqual([
      ['you-0', 'one two three four five six', 'uno dos tres cuatro cinco seis'],
      ['you-1', 'seven eight', 'siete ocho'],
    ]);
    const seen = new Set<string>();
    for (const line of you.lines()) {
      expect(seen.has(line.id)).toBe(false);
      if (line.final) seen.add(line.id);
    }
    const [first, second, third] = connections();
    expect(first?.audio).toHaveLength(10);
    // Resumed from a handle the first connection gave before it was asked to go (the ones after are not taken).
    expect(first?.handles).toContain(second?.resumedWith);
    expect(third?.resumedWith).toBe(second?.handles.at(-1));
    // The drop lost what the server held of the second line: its audio went again, whole.
    expect(third?.audio.length).toBe(10);
    expect(done).toMatchObject({ event: 'translate:liveDone', payload: { value: { ended: 'stopped' } } });
    expect((done.payload as { value: CaptionStreamDone }).value.streamedMs).toBeGreaterThanOrEqual(30 * 20 + 5 * 20);
  });
});

describe('LC3 through the real core: both sides of a meeting at once', () => {
  it('LC3: "you" and "others" each open their own Live translation session with the setup of the guide, and their lines carry their source', async () => {
    script({ lagMs: 0, utterances: [{ heard: 'hello', translation: 'hola', speechMs: 100 }, { heard: 'hi', translation: 'buenas', speechMs: 100 }] });
    script({ lagMs: 0, utterances: [{ heard: 'welcome', translation: 'bienvenida', speechMs: 100 }] });
    const desk = await start();
    const you = await desk.open('you');
    const others = await desk.open('others', true);
    await vi.waitFor(() => expect(connections()).toHaveLength(2));

    await you.speak(5);
    await others.speak(5);
    await you.pause();
    await others.pause();

    await vi.waitFor(() => expect([you.finals().length, others.finals().length]).toEqual([1, 1]));
    expect(you.finals()[0]).toMatchObject({ source: 'you', transcript: 'hello', translation: 'hola' });
    expect(others.finals()[0]).toMatchObject({ source: 'others', transcript: 'welcome', translation: 'bienvenida' });
    for (const connection of connections()) {
      expect(connection.setup).toEqual({
        model: 'models/gemini-3.5-live-translate-preview',
        generationConfig: { responseModalities: ['AUDIO'], translationConfig: { targetLanguageCode: 'es', echoTargetLanguage: false } },
        inputAudioTranscription: {},
        outputAudioTranscription: {},
        sessionResumption: {},
        contextWindowCompression: { slidingWindow: {} },
      });
      expect(connection.audio).toHaveLength(5);
      expect(connection.activityStarts).toEqual([]);
    }
    // Only the stream that asked for speech hears the translation.
    const audioOf = (requestId: string) => desk.window.events.filter((sent) => sent.event === 'translate:liveAudio' && (sent.payload as { requestId: string }).requestId === requestId);
    expect(audioOf(you.requestId)).toHaveLength(0);
    expect(audioOf(others.requestId).length).toBeGreaterThan(0);
  });

  it("LC-M: another window's requestId is refused on every channel that feeds a stream", async () => {
    const desk = await start();
    const you = await desk.open('you');
    const other = fakeSender({ id: 'window-2' });
    for (const [channel, input] of [
      ['translate:liveFrame', { requestId: you.requestId, seq: 0, atMs: 0, pcm: speech() }],
      ['translate:livePause', { requestId: you.requestId, atMs: 0 }],
      ['translate:liveEnd', { requestId: you.requestId }],
    ] as const) {
      expect(await desk.call(channel, input, other.sender)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    }
    // Nor does a call that names no running stream reach it.
    expect(await desk.call('translate:liveEnd', { requestId: 'not-a-stream' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });
});

describe('LC5 through the real core: where Live translation cannot serve', () => {
  it('LC5: a model Google does not offer ends unavailable at once, so the page captions by the pause-cut path', async () => {
    const desk = await start();
    const saved = await desk.call('settings:update', { models: { liveTranslate: 'gemini-9.9-translate' } });
    expect(saved.ok).toBe(true);
    const you = await desk.open('you');

    expect(await you.ended()).toMatchObject({ event: 'translate:liveDone', payload: { value: { ended: 'unavailable', reason: 'unknown_model' } } });
    // Tried once: a model that is not offered is not asked again.
    expect(gemini.double.requestsFor('live', 'gemini-9.9-translate')).toHaveLength(1);
  });

  it('LC5: a key Google refuses ends the stream with the key error', async () => {
    const desk = await start({ key: 'AIzaSy-not-the-right-key-0123456789' });
    const you = await desk.open('you');

    expect(await you.ended()).toMatchObject({ event: 'translate:liveError', payload: { error: { code: 'NOT_CONFIGURED', reason: 'invalid_key' } } });
  });
});
