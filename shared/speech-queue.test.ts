import { describe, expect, it } from 'vitest';
import { err, ok, type Result } from './result';
import type { SpeechAudio } from './voice';
import { createSpeechQueue, type SpeechEvent } from './speech-queue';

interface Pending<T> {
  subject: string;
  signal: AbortSignal;
  resolve(value: T): void;
}

/** TTS and a player that answer only when the test says so, and record what they were asked. */
function setUp(ahead = 2) {
  const syntheses: Pending<Result<SpeechAudio>>[] = [];
  const clips: Pending<Result<void>>[] = [];
  const events: SpeechEvent[] = [];
  const queue = createSpeechQueue({
    ahead,
    synthesize: (text, signal) => new Promise((resolve) => syntheses.push({ subject: text, signal, resolve })),
    play: (audio, signal) =>
      new Promise((resolve) => {
        signal.addEventListener('abort', () => resolve(ok(undefined)));
        clips.push({ subject: audio.data, signal, resolve });
      }),
    onEvent: (event) => events.push(event),
  });
  const synthesis = (text: string) => {
    const found = syntheses.find((pending) => pending.subject === text);
    if (!found) throw new Error(`"${text}" was not sent to TTS`);
    return found;
  };
  return {
    queue,
    events,
    syntheses,
    clips,
    /** TTS answers `text` with a clip whose data names it. */
    ready: async (text: string) => {
      synthesis(text).resolve(ok({ mimeType: 'audio/wav', data: `wav of ${text}` }));
      await settled();
    },
    failTts: async (text: string) => {
      synthesis(text).resolve(err('UPSTREAM', 'TTS is down.', { reason: 'overloaded' }));
      await settled();
    },
    /** Clip `index` (in the order handed to the player) ends. */
    ends: async (index: number) => {
      clips[index]?.resolve(ok(undefined));
      await settled();
    },
    sent: () => syntheses.map((pending) => pending.subject),
    played: () => clips.map((clip) => clip.subject),
  };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('V2 speech queue', () => {
  it('synthesizes the next sentence while the current one plays, and plays in order', async () => {
    const { queue, ready, ends, played, sent } = setUp();
    queue.say('One.');
    queue.say('Two.');
    queue.say('Three.');
    queue.end();
    await ready('Two.');
    expect(played()).toEqual([]);
    await ready('One.');
    expect(played()).toEqual(['wav of One.', 'wav of Two.']);
    expect(sent()).toEqual(['One.', 'Two.', 'Three.']);
    await ready('Three.');
    await ends(0);
    await ends(1);
    await ends(2);
    await expect(queue.finished).resolves.toBe('done');
    expect(played()).toEqual(['wav of One.', 'wav of Two.', 'wav of Three.']);
  });

  it('keeps at most `ahead` sentences beyond the one playing', async () => {
    const { queue, ready, ends, sent } = setUp(2);
    for (const text of ['A.', 'B.', 'C.', 'D.', 'E.', 'F.']) queue.say(text);
    expect(sent()).toEqual(['A.', 'B.']);
    await ready('A.');
    expect(sent()).toEqual(['A.', 'B.', 'C.']);
    await ready('B.');
    await ready('C.');
    expect(sent()).toEqual(['A.', 'B.', 'C.']);
    await ends(0);
    expect(sent()).toEqual(['A.', 'B.', 'C.', 'D.']);
  });

  it('reports the first clip ready, then playing and played, and finishes done', async () => {
    const { queue, events, ready, ends } = setUp();
    queue.say('Only.');
    queue.end();
    await ready('Only.');
    await ends(0);
    expect(events).toEqual([
      { kind: 'synthesizing', index: 0 },
      { kind: 'ready', index: 0 },
      { kind: 'playing', index: 0 },
      { kind: 'played', index: 0 },
    ]);
    await expect(queue.finished).resolves.toBe('done');
  });

  it('finishes done at once when the answer had nothing to say', async () => {
    const { queue } = setUp();
    queue.end();
    await expect(queue.finished).resolves.toBe('done');
  });

  it('barge-in: stop cancels every pending synthesis and the playback at once', async () => {
    const { queue, events, syntheses, clips, ready, sent } = setUp();
    queue.say('One.');
    queue.say('Two.');
    await ready('One.');
    queue.say('Three.');
    queue.stop();
    expect(sent()).toEqual(['One.', 'Two.', 'Three.']);
    expect(syntheses.slice(1).every((pending) => pending.signal.aborted)).toBe(true);
    expect(clips[0]?.signal.aborted).toBe(true);
    await expect(queue.finished).resolves.toBe('stopped');
    expect(events.at(-1)).toEqual({ kind: 'stopped' });
    await ready('Two.');
    queue.say('Four.');
    expect(clips).toHaveLength(1);
    expect(sent()).not.toContain('Four.');
  });

  it('a TTS failure lets the sentences before it play, cancels the rest and finishes failed', async () => {
    const { queue, events, syntheses, ready, failTts, ends, played } = setUp();
    queue.say('One.');
    queue.say('Two.');
    queue.say('Three.');
    await ready('One.');
    await failTts('Two.');
    expect(syntheses[2]?.signal.aborted).toBe(true);
    expect(events).not.toContainEqual(expect.objectContaining({ kind: 'failed' }));
    await ends(0);
    await expect(queue.finished).resolves.toBe('failed');
    expect(played()).toEqual(['wav of One.']);
    expect(events.at(-1)).toEqual({ kind: 'failed', error: expect.objectContaining({ code: 'UPSTREAM' }) });
  });

  it('a clip the player cannot play stops the queue, failed', async () => {
    const { queue, clips, ready } = setUp();
    queue.say('One.');
    queue.say('Two.');
    await ready('One.');
    await ready('Two.');
    clips[0]?.resolve(err('UPSTREAM', 'The spoken answer could not be played.'));
    await expect(queue.finished).resolves.toBe('failed');
    expect(clips[1]?.signal.aborted).toBe(true);
  });
});
