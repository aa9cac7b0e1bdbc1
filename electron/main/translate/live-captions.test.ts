import { describe, expect, it } from 'vitest';
import type { CaptionStreamDone, CaptionStreamState, StreamedLine, TranslateLiveInput } from '../../../shared/live-captions';
import { LIVE_CAPTIONS } from '../../../shared/limits';
import type { Result } from '../../../shared/result';
import { OFF_BY_POLICY } from '../../../shared/managed-policy';
import { DEFAULT_SETTINGS, type Features } from '../../../shared/settings';
import type { GeminiFailure, Outcome } from '../gemini/failure';
import type { LiveConnection, LiveEvent, LiveSetup, OpenLive } from '../gemini/live-types';
import { createMemoryLogger } from '../log/logger';
import { createAiChannel } from '../rate-limit/ai-budgets';
import { createLiveCaptions } from './live-captions';

/*
 * Issue 25: live captions streamed to a Live translation session, on a fake Live API the test plays as the server,
 * and a clock that moves only when the test says (the settle wait, the reconnection backoff).
 */

const MEMBER = { email: 'ana@example.com', name: 'Ana' };

/** One connection as the server sees it: what the client sent (each frame by its first sample, 'end' for audioStreamEnd). */
interface Served {
  setup: LiveSetup;
  sent: Array<number | 'end'>;
  closed: boolean;
  say(...events: LiveEvent[]): void;
}

/** 20 ms of 16 kHz speech whose samples are all `value`, so what the server got can be read back. */
const frameOf = (value: number) => new Uint8Array(new Int16Array(320).fill(value).buffer);

function harness(options: { budget?: boolean } = {}) {
  let clock = 0;
  const timers: Array<{ at: number; run: () => void; cancelled: boolean }> = [];
  const served: Served[] = [];
  /** Outcomes for the next opens, in order: a failure refuses that open; 'wait' holds it until `release()`. */
  const script: Array<GeminiFailure | 'wait'> = [];
  let release: () => void = () => {};
  const log = createMemoryLogger();
  let settings = DEFAULT_SETTINGS;

  const openLive: OpenLive = async (setup, onEvent) => {
    const next = script.shift();
    if (next !== undefined && next !== 'wait') return { ok: false, failure: next };
    if (next === 'wait') await new Promise<void>((resolve) => (release = resolve));
    const server: Served = { setup, sent: [], closed: false, say: (...events) => events.forEach(onEvent) };
    served.push(server);
    const connection: LiveConnection = {
      sendAudio: (pcm) => server.sent.push(new Int16Array(pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + 2))[0]!),
      activityStart: () => {
        throw new Error('the translation model detects speech itself');
      },
      activityEnd: () => {
        throw new Error('the translation model detects speech itself');
      },
      audioStreamEnd: () => server.sent.push('end'),
      sendToolResponse: () => {},
      close: () => {
        server.closed = true;
      },
    };
    const outcome: Outcome<LiveConnection> = { ok: true, value: connection };
    return outcome;
  };

  const limiter = options.budget ? createAiChannel({ now: () => clock }) : { admit: () => ({ ok: true as const, value: undefined }) };
  const captions = createLiveCaptions({
    openLive,
    settings: () => settings,
    limiter,
    after(ms, run) {
      const timer = { at: clock + ms, run, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    log,
  });

  /** Moves the clock on, running what falls due on the way. */
  async function advance(ms: number) {
    const until = clock + ms;
    for (;;) {
      const due = timers.filter((timer) => !timer.cancelled && timer.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      clock = due.at;
      due.cancelled = true;
      due.run();
      await flush();
    }
    clock = until;
  }

  function start(input: Partial<TranslateLiveInput> = {}, requestId = `r-${input.source ?? 'you'}`) {
    const lines: StreamedLine[] = [];
    const states: CaptionStreamState[] = [];
    const audio: Uint8Array[] = [];
    const controller = new AbortController();
    let done: Result<CaptionStreamDone> | null = null;
    void captions
      .stream(
        { source: 'you', to: 'es', speak: false, ...input },
        { member: MEMBER, signal: controller.signal, requestId, emit: { line: (line) => lines.push(line), audio: (pcm) => audio.push(pcm), state: (state) => states.push(state) } },
      )
      .then((result) => (done = result));
    let seq = 0;
    return {
      lines,
      states,
      audio,
      controller,
      done: () => done,
      /** Frames with these sample values, 20 ms apart from `atMs`. */
      speak(values: number[], atMs: number) {
        return values.map((value, index) => captions.frame({ requestId, seq: seq++, atMs: atMs + index * 20, pcm: frameOf(value) }));
      },
      frame: (frameSeq: number, value: number, atMs = 0) => captions.frame({ requestId, seq: frameSeq, atMs, pcm: frameOf(value) }),
      pause: (atMs: number) => captions.pause({ requestId, atMs }),
      end: () => captions.end(requestId),
    };
  }

  /** The machine's policy changes the features in effect, and the core tells the captions (core.ts). */
  function policy(features: Partial<Features>) {
    settings = { ...settings, features: { ...settings.features, ...features } };
    captions.featuresChanged(settings.features);
  }

  return { captions, served, script, log, start, advance, policy, release: () => release(), now: () => clock };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const heard = (text: string): LiveEvent => ({ kind: 'heard', text });
const said = (text: string): LiveEvent => ({ kind: 'said', text });
const TURN: LiveEvent = { kind: 'turnComplete' };

/** The last state of each line, by id, in the order the lines began. */
function latest(lines: readonly StreamedLine[]): StreamedLine[] {
  const byId = new Map<string, StreamedLine>();
  for (const line of lines) byId.set(line.id, line);
  return [...byId.values()];
}

/** Every line final exactly once, and never sent again once final. */
function expectFinalOnce(lines: readonly StreamedLine[]): void {
  const finals = new Set<string>();
  for (const line of lines) {
    expect(finals.has(line.id), `${line.id} was sent after it was final`).toBe(false);
    if (line.final) finals.add(line.id);
  }
}

describe('LC-M: a captions stream opens a Live translation session', () => {
  it('LC-M: opens the live-translate model from Settings with the target language, says connecting then streaming, and sends frames as they arrive', async () => {
    const desk = harness();
    const you = desk.start({ to: 'fr' });
    await flush();

    expect(desk.served[0]?.setup).toEqual({ kind: 'translation', model: DEFAULT_SETTINGS.models.liveTranslate, targetLanguageCode: 'fr', resumeHandle: null });
    expect(you.states.map((state) => state.state)).toEqual(['connecting', 'streaming']);
    expect(you.speak([1, 2, 3], 0)).toEqual([{ ok: true, value: {} }, { ok: true, value: {} }, { ok: true, value: {} }]);
    expect(desk.served[0]?.sent).toEqual([1, 2, 3]);
  });

  it('UQ3: captioned into the language spoken, no Live translation session is opened: the stream ends unavailable at once', async () => {
    const desk = harness();
    const you = desk.start({ from: 'en', to: 'en' });
    await flush();
    expect(desk.served).toHaveLength(0);
    expect(you.done()).toEqual({ ok: true, value: { ended: 'unavailable', reason: 'same_language', streamedMs: 0 } });
  });

  it('LC-M: frames that arrive while the connection opens wait, in order, and go as soon as it is open', async () => {
    const desk = harness();
    desk.script.push('wait');
    const you = desk.start();
    await flush();
    you.speak([1, 2, 3], 200);
    you.pause(260);
    expect(desk.served).toHaveLength(0);

    desk.release();
    await flush();
    expect(desk.served[0]?.sent).toEqual([1, 2, 3, 'end']);
  });

  it('LC-M: a frame sent twice is taken once; after frames lost on the way (refused by the registry) the stream goes on', async () => {
    const desk = harness();
    const you = desk.start();
    await flush();
    expect(you.frame(0, 1)).toEqual({ ok: true, value: {} });
    expect(you.frame(0, 1)).toEqual({ ok: true, value: {} });
    expect(you.frame(3, 4)).toEqual({ ok: true, value: {} });
    expect(you.frame(2, 3)).toEqual({ ok: true, value: {} });
    expect(you.frame(4, 5)).toEqual({ ok: true, value: {} });
    expect(desk.served[0]?.sent).toEqual([1, 4, 5]);
  });
});

describe('LC1 final lines never change', () => {
  it('LC1: a line grows while spoken, is final at the pause once the model ends its turn, and is never sent again; later text goes to the next line', async () => {
    const desk = harness();
    const you = desk.start();
    await flush();
    const server = desk.served[0]!;
    you.speak([1, 2, 3], 500);
    server.say(heard('Good '), said('Buenos '));
    expect(latest(you.lines)).toEqual([{ id: 'you-0', source: 'you', startMs: 500, endMs: 560, transcript: 'Good', translation: 'Buenos', final: false }]);
    you.pause(600);
    expect(server.sent.at(-1)).toBe('end');
    server.say(heard('morning.'), said('días.'), TURN);
    // Late words after the line is final belong to what is said next.
    server.say(said('Y '));
    you.speak([4], 2_000);
    server.say(heard('And'));

    expectFinalOnce(you.lines);
    expect(latest(you.lines)).toEqual([
      { id: 'you-0', source: 'you', startMs: 500, endMs: 600, transcript: 'Good morning.', translation: 'Buenos días.', final: true },
      expect.objectContaining({ id: 'you-1', transcript: 'And', translation: 'Y', final: false }),
    ]);
    expect(you.lines.filter((line) => line.final)).toHaveLength(1);
  });

  it('LC1: with no turnComplete, a paused line is final settleMs later; a late turnComplete then does not end the line in progress', async () => {
    const desk = harness();
    const you = desk.start();
    await flush();
    const server = desk.served[0]!;
    you.speak([1], 0);
    server.say(heard('One'), said('Uno'));
    you.pause(100);
    await desk.advance(LIVE_CAPTIONS.settleMs - 1);
    expect(latest(you.lines)[0]?.final).toBe(false);
    await desk.advance(1);
    expect(latest(you.lines)[0]).toMatchObject({ transcript: 'One', final: true });

    you.speak([2], 3_000);
    server.say(TURN, heard('Two'));
    expectFinalOnce(you.lines);
    expect(latest(you.lines)[1]).toMatchObject({ id: 'you-1', transcript: 'Two', final: false });
  });

  it("LC1: the model's own turn boundary mid-speech ends the line at the last frame sent; the next words start a new line", async () => {
    const desk = harness();
    const you = desk.start();
    await flush();
    const server = desk.served[0]!;
    you.speak([1, 2], 0);
    server.say(heard('First part.'), said('Primera parte.'), TURN);
    you.speak([3], 40);
    server.say(heard('Second'));

    expectFinalOnce(you.lines);
    expect(latest(you.lines)).toEqual([
      { id: 'you-0', source: 'you', startMs: 0, endMs: 40, transcript: 'First part.', translation: 'Primera parte.', final: true },
      expect.objectContaining({ id: 'you-1', startMs: 40, transcript: 'Second', final: false }),
    ]);
  });
});

describe('LC3 both sides of a meeting', () => {
  it('LC3: "you" and "others" stream at once for one member, each on its own session, each line labelled with its source', async () => {
    const desk = harness();
    const you = desk.start({ source: 'you' });
    const others = desk.start({ source: 'others' });
    await flush();
    const [mine, theirs] = desk.served;
    you.speak([1, 2], 0);
    others.speak([7, 8], 10);
    mine!.say(heard('Hi'), said('Hola'), TURN);
    theirs!.say(heard('Hello'), said('Qué tal'), TURN);

    expect(mine!.sent).toEqual([1, 2]);
    expect(theirs!.sent).toEqual([7, 8]);
    expect(latest(you.lines)).toEqual([expect.objectContaining({ source: 'you', transcript: 'Hi', final: true })]);
    expect(latest(others.lines)).toEqual([expect.objectContaining({ source: 'others', transcript: 'Hello', final: true })]);
    expect(you.done()).toBeNull();
    expect(others.done()).toBeNull();
  });

  it('LC3: a new stream for a source already streaming replaces it', async () => {
    const desk = harness();
    const first = desk.start({ source: 'others' }, 'r-1');
    await flush();
    desk.start({ source: 'others' }, 'r-2');
    await flush();
    expect(first.done()).toEqual({ ok: true, value: { ended: 'stopped', streamedMs: 0 } });
    expect(desk.served[0]?.closed).toBe(true);
    expect(desk.served).toHaveLength(2);
  });
});

describe('LC4 no words lost, none duplicated, across goAway and a dropped connection', () => {
  it('LC4: goAway mid-sentence: new audio goes to a resumed connection, the old one finishes what it heard, and the line is completed, not duplicated', async () => {
    const desk = harness();
    const you = desk.start();
    await flush();
    const old = desk.served[0]!;
    old.say({ kind: 'resumable', handle: 'h1' });
    you.speak([1, 2], 0);
    old.say(heard('one '), said('uno '), { kind: 'goAway', timeLeftMs: 5_000 });
    await flush();
    const next = desk.served[1]!;
    expect(next.setup).toMatchObject({ resumeHandle: 'h1' });
    expect(old.sent).toEqual([1, 2, 'end']);
    you.speak([3, 4], 40);
    // The new connection answers before the old one's last translation: the line keeps the speaking order.
    next.say(heard('three '), said('tres '));
    old.say(heard('two '), said('dos '), TURN);
    expect(latest(you.lines)[0]?.final).toBe(false);
    expect(old.closed).toBe(true);
    you.pause(120);
    next.say(heard('four'), said('cuatro'), TURN);

    expect(next.sent).toEqual([3, 4, 'end']);
    expectFinalOnce(you.lines);
    expect(latest(you.lines)).toEqual([expect.objectContaining({ id: 'you-0', transcript: 'one two three four', translation: 'uno dos tres cuatro', final: true })]);
  });

  it('LC4: paused while both connections still owe the line: it is final only once the last of them ended its turn', async () => {
    const desk = harness();
    const you = desk.start();
    await flush();
    const old = desk.served[0]!;
    you.speak([1], 0);
    old.say(heard('one '), { kind: 'goAway', timeLeftMs: 5_000 });
    await flush();
    const next = desk.served[1]!;
    you.speak([2], 20);
    you.pause(40);
    old.say(said('uno '), TURN);
    expect(latest(you.lines)[0]?.final).toBe(false);
    next.say(heard('two'), said('dos'), TURN);

    expectFinalOnce(you.lines);
    expect(latest(you.lines)).toEqual([expect.objectContaining({ transcript: 'one two', translation: 'uno dos', final: true })]);
  });

  it('LC4: a drop: reconnecting with backoff, resumed with the handle, every line not yet final heard again from its audio and rebuilt from scratch', async () => {
    const desk = harness();
    const you = desk.start();
    await flush();
    const first = desk.served[0]!;
    first.say({ kind: 'resumable', handle: 'h1' });
    you.speak([1], 0);
    you.pause(20);
    first.say(heard('Done.'), said('Hecho.'), TURN);
    you.speak([2, 3], 1_000);
    you.pause(1_040);
    first.say(heard('Half '));
    you.speak([4], 2_000);
    first.say({ kind: 'closed', failure: { kind: 'network' } });
    await flush();

    expect(you.states.at(-1)).toMatchObject({ state: 'reconnecting', attempt: 1 });
    you.speak([5], 2_020);
    await desk.advance(LIVE_CAPTIONS.reconnectBaseMs);
    const second = desk.served[1]!;
    expect(second.setup).toMatchObject({ resumeHandle: 'h1' });
    expect(second.sent).toEqual([2, 3, 'end', 4]);
    expect(you.states.at(-1)).toMatchObject({ state: 'streaming' });
    second.say(heard('Half a sentence.'), said('Media frase.'), TURN);
    // The next line's audio waited for the last words of the one before: the model's words stay on their line.
    expect(second.sent).toEqual([2, 3, 'end', 4, 5]);
    second.say(heard('Next'), said('Siguiente'));

    expectFinalOnce(you.lines);
    expect(latest(you.lines).map((line) => [line.transcript, line.translation, line.final])).toEqual([
      ['Done.', 'Hecho.', true],
      ['Half a sentence.', 'Media frase.', true],
      ['Next', 'Siguiente', false],
    ]);
    // Re-sent audio is paid for, so it counts as streamed: as reported on streaming again, 1-3 first, then 2-4 (4 had
    // waited on the first connection for the line before it, and went only once).
    expect(you.states.at(-1)?.streamedMs).toBe(120);
  });

  it('LC4: a handle Google no longer honours: the session starts afresh and the audio is heard again', async () => {
    const desk = harness();
    const you = desk.start();
    await flush();
    desk.served[0]!.say({ kind: 'resumable', handle: 'stale' });
    you.speak([1], 0);
    desk.script.push({ kind: 'bad_request' });
    desk.served[0]!.say({ kind: 'closed', failure: { kind: 'network' } });
    await desk.advance(LIVE_CAPTIONS.reconnectBaseMs);

    expect(desk.served[1]?.setup).toMatchObject({ resumeHandle: null });
    expect(desk.served[1]?.sent).toEqual([1]);
  });

  it('LC4: after reconnectAttempts failures in a row, with doubling backoff, the stream ends unavailable', async () => {
    const desk = harness();
    const you = desk.start();
    await flush();
    for (let n = 0; n < LIVE_CAPTIONS.reconnectAttempts; n++) desk.script.push({ kind: 'network' });
    desk.served[0]!.say({ kind: 'closed', failure: { kind: 'network' } });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= LIVE_CAPTIONS.reconnectAttempts; attempt++) {
      const before = desk.now();
      while (you.states.filter((state) => state.state === 'reconnecting').length === attempt && you.done() === null) await desk.advance(1);
      waits.push(desk.now() - before);
    }

    expect(you.states.filter((state) => state.state === 'reconnecting').map((state) => state.attempt)).toEqual([1, 2, 3, 4, 5]);
    expect(waits).toEqual([500, 1_000, 2_000, 4_000, 8_000]);
    expect(you.done()).toEqual({ ok: true, value: { ended: 'unavailable', reason: 'network', streamedMs: 0 } });
  });
});

describe('LC5 where Live translation cannot serve', () => {
  it.each(['unknown_model', 'permission_denied', 'bad_request'] as const)('LC5: %s at the opening ends unavailable at once, with no retry', async (kind) => {
    const desk = harness();
    desk.script.push({ kind });
    const you = desk.start();
    await flush();
    expect(you.done()).toEqual({ ok: true, value: { ended: 'unavailable', reason: kind, streamedMs: 0 } });
    expect(you.frame(0, 1)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });

  it('LC5: a refused or missing key is the member\'s to fix: the stream ends with its error', async () => {
    const desk = harness();
    desk.script.push({ kind: 'invalid_key' });
    const you = desk.start();
    desk.script.push({ kind: 'missing_key' });
    const others = desk.start({ source: 'others' });
    await flush();
    expect(you.done()).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED', reason: 'invalid_key' } });
    expect(others.done()).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED', reason: 'missing_key' } });
  });

  it('LC5: a busy server at the opening is tried again with backoff', async () => {
    const desk = harness();
    desk.script.push({ kind: 'overloaded' });
    const you = desk.start();
    await flush();
    expect(you.states.map((state) => state.state)).toEqual(['connecting', 'reconnecting']);
    await desk.advance(LIVE_CAPTIONS.reconnectBaseMs);
    expect(you.states.at(-1)?.state).toBe('streaming');
  });
});

describe('LC-M: Stop, cancel, sign-out, budget, speech and the log', () => {
  it('LC-M: liveEnd sends audioStreamEnd, waits for the lines in progress to be final, then closes and ends stopped', async () => {
    const desk = harness();
    const you = desk.start();
    await flush();
    const server = desk.served[0]!;
    you.speak([1, 2], 0);
    server.say(heard('Last '));
    expect(you.end()).toEqual({ ok: true, value: {} });
    expect(server.sent.at(-1)).toBe('end');
    expect(you.done()).toBeNull();
    expect(you.frame(2, 3)).toMatchObject({ ok: false });
    server.say(heard('words.'), said('Últimas palabras.'), TURN);
    await flush();

    expect(latest(you.lines)).toEqual([expect.objectContaining({ transcript: 'Last words.', final: true })]);
    expect(you.done()).toEqual({ ok: true, value: { ended: 'stopped', streamedMs: 40 } });
    expect(server.closed).toBe(true);
  });

  it('LC-M: liveEnd with a model that never ends its turn still stops, settleMs later', async () => {
    const desk = harness();
    const you = desk.start();
    await flush();
    you.speak([1], 0);
    you.end();
    await desk.advance(LIVE_CAPTIONS.settleMs);
    await flush();
    expect(you.done()).toMatchObject({ ok: true, value: { ended: 'stopped' } });
  });

  it('LC-M: cancel and sign-out close the session at once', async () => {
    const desk = harness();
    const you = desk.start({ source: 'you' });
    const others = desk.start({ source: 'others' });
    await flush();
    you.controller.abort();
    await flush();
    expect(desk.served[0]?.closed).toBe(true);
    expect(you.done()).toMatchObject({ ok: false, error: { code: 'UPSTREAM' } });
    desk.captions.close();
    await flush();
    expect(desk.served[1]?.closed).toBe(true);
    expect(others.done()).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
  });

  it('LC-M G9: a frame past the streaming budget (seconds of audio per member) is refused RATE_LIMITED and not sent; the stream goes on', async () => {
    const desk = harness({ budget: true });
    const you = desk.start({ source: 'you' });
    const others = desk.start({ source: 'others' });
    await flush();
    const budgetFrames = (LIVE_CAPTIONS.streamSecondsPerMinute * 1000) / 20;
    for (let seq = 0; seq < budgetFrames / 2; seq++) expect(you.frame(seq, 1).ok).toBe(true);
    for (let seq = 0; seq < budgetFrames / 2; seq++) expect(others.frame(seq, 1).ok).toBe(true);

    const refused = you.frame(budgetFrames / 2, 9);
    expect(refused).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED', retryAfterMs: LIVE_CAPTIONS.streamWindowMs } });
    expect(desk.served[0]?.sent.includes(9)).toBe(false);
    await desk.advance(LIVE_CAPTIONS.streamWindowMs);
    expect(you.frame(budgetFrames / 2 + 1, 8).ok).toBe(true);
    expect(desk.served[0]?.sent.includes(8)).toBe(true);
  });

  it('LC-M: the translation\'s audio goes to the page only when it asked for speech', async () => {
    const desk = harness();
    const silent = desk.start({ source: 'you', speak: false });
    const spoken = desk.start({ source: 'others', speak: true });
    await flush();
    const pcm = new Uint8Array(480);
    desk.served[0]!.say({ kind: 'audio', pcm });
    desk.served[1]!.say({ kind: 'audio', pcm });
    expect(silent.audio).toHaveLength(0);
    expect(spoken.audio).toEqual([pcm]);
  });

  it('TP3: spoken answers switched off by the policy mid-meeting: no more of the translation\'s audio goes to the page', async () => {
    const desk = harness();
    const spoken = desk.start({ source: 'others', speak: true });
    await flush();
    const pcm = new Uint8Array(480);
    desk.served[0]!.say({ kind: 'audio', pcm });
    desk.policy({ spokenAnswers: false });
    desk.served[0]!.say({ kind: 'audio', pcm }, heard('Still '), said('Todavía'));
    expect(spoken.audio).toEqual([pcm]);
    expect(latest(spoken.lines)).toEqual([expect.objectContaining({ transcript: 'Still', translation: 'Todavía' })]);
    expect(spoken.done()).toBeNull();
  });

  it('TP3: Live modes switched off by the policy mid-meeting: every stream ends off_by_policy at once, its session closed', async () => {
    const desk = harness();
    const you = desk.start({ source: 'you' });
    const others = desk.start({ source: 'others' });
    await flush();
    you.speak([1, 2], 0);
    desk.policy({ mailTools: false });
    expect(you.done()).toBeNull();

    desk.policy({ liveModes: false });
    await flush();
    for (const side of [you, others]) {
      expect(side.done()).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', reason: OFF_BY_POLICY, feature: 'liveModes' } });
    }
    expect(desk.served.map((server) => server.closed)).toEqual([true, true]);
    // The page's frames still on their way are refused: the pause-cut path has them now.
    expect(you.frame(2, 3)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });

  it('LC-M: streamedMs is told on each state change and every further 10 s streamed', async () => {
    const desk = harness();
    const you = desk.start();
    await flush();
    you.speak(Array.from({ length: 1_000 }, () => 1), 0);
    expect(you.states.map((state) => [state.state, state.streamedMs])).toEqual([
      ['connecting', 0],
      ['streaming', 0],
      ['streaming', 10_000],
      ['streaming', 20_000],
    ]);
  });

  it('LC-M: the log holds counts, kinds and durations, never the words or their translation', async () => {
    const desk = harness();
    const you = desk.start();
    await flush();
    you.speak([1], 0);
    desk.served[0]!.say(heard('Confidential merger plan'), said('Plan de fusión confidencial'), { kind: 'goAway', timeLeftMs: 1_000 });
    await flush();
    you.pause(20);
    desk.served[0]!.say(TURN);
    desk.served[1]!.say({ kind: 'closed', failure: { kind: 'network' } });
    you.end();
    await desk.advance(LIVE_CAPTIONS.settleMs);

    const log = desk.log.lines.join('\n');
    expect(log).toContain('live captions');
    expect(log).not.toMatch(/merger|fusión|Confidential/i);
  });
});
