import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssistantLiveDone } from '../../../shared/live-voice';
import { LIVE } from '../../../shared/limits';
import { liveScript, stream, textChunk } from '../../../test/doubles/gemini-double';
import { fakeSender } from '../../../test/support/fake-sender';
import { useGeminiDouble } from '../../../test/support/gateway-test-kit';
import { startLiveTestCore } from '../../../test/support/live-test-core';
import { testPolicy } from '../../../test/support/policy-kit';
import { OFF_BY_POLICY } from '../../../shared/managed-policy';
import { DEFAULT_SETTINGS } from '../../../shared/settings';
import { ok } from '../../../shared/result';
import { createMemoryLogger } from '../log/logger';
import type { MailboxPort } from '../mail/mailbox-port';
import { createQuestionLookups } from '../mail/question-lookups';
import { createToolRegistry } from './tool-registry';
import type { LiveConnection, LiveEvent, OpenLive } from '../gemini/live-types';
import { createLiveVoice } from './live-voice';
import type { TestCore } from '../../../test/support/test-core';

/*
 * Issue 24: a voice question over the Gemini Live API, through the real core and its registry, against the Live
 * double. The microphone's frames stream in while the member speaks; the answer streams back as it is generated.
 */

const gemini = useGeminiDouble();
let test: TestCore | null = null;
afterEach(() => {
  test?.dispose();
  test = null;
});

const FRAME_SAMPLES = (LIVE.inputSampleRateHz * LIVE.frameMs) / 1000;

/** One 20 ms frame whose every sample is `seq`: the order of what Gemini heard can be read back from the bytes. */
function frameOf(seq: number, samples = FRAME_SAMPLES): Uint8Array {
  return new Uint8Array(new Int16Array(samples).fill(seq % 30_000).buffer);
}

async function start(options: Parameters<typeof startLiveTestCore>[1] = {}) {
  const started = await startLiveTestCore(gemini.double, options);
  test = started.test;
  const { window, call, tick } = started;

  /** Presses, speaks `frames` frames (or the given ones) and lets go; answers with the question's requestId. */
  async function ask(options: { frames?: number; release?: boolean; history?: unknown[] } = {}) {
    const started = await call('assistant:live', { lang: 'en', history: options.history ?? [], speak: true });
    if (!started.ok) throw new Error(started.error.message);
    const { requestId } = started.value as { requestId: string };
    for (let seq = 0; seq < (options.frames ?? 50); seq += 1) {
      tick(LIVE.frameMs);
      const sent = await call('assistant:liveFrame', { requestId, seq, pcm: frameOf(seq) });
      if (!sent.ok) throw new Error(sent.error.message);
    }
    if (options.release !== false) await call('assistant:liveRelease', { requestId });
    return requestId;
  }

  const eventsOf = (requestId: string) =>
    window.events.filter(({ payload }) => (payload as { requestId?: string }).requestId === requestId);
  const doneOf = async (requestId: string): Promise<AssistantLiveDone> => {
    await vi.waitFor(() => expect(eventsOf(requestId).some(({ event }) => event === 'assistant:liveDone' || event === 'assistant:liveError')).toBe(true));
    const end = eventsOf(requestId).at(-1)!;
    if (end.event !== 'assistant:liveDone') throw new Error(JSON.stringify(end.payload));
    return (end.payload as { value: AssistantLiveDone }).value;
  };
  return { call, tick, ask, eventsOf, doneOf, window };
}

const connections = () => gemini.double.liveConversations.flatMap((conversation) => conversation.connections);

describe('LV1 the question streams to Gemini as it is spoken', () => {
  it('20 s of frames reach Gemini as 16 kHz PCM16, in order, with no gap and no duplicate', async () => {
    const desk = await start();
    gemini.double.script('live', liveScript({ turns: [{ heard: ['What is on', ' today?'], answer: { text: 'Nothing.', audioMs: 200 } }] }));
    const seconds = 20;
    const frames = (seconds * 1000) / LIVE.frameMs;
    const started = await desk.call('assistant:live', { lang: 'en', history: [], speak: true });
    const { requestId } = (started as { value: { requestId: string } }).value;
    for (let seq = 0; seq < frames; seq += 1) {
      desk.tick(LIVE.frameMs);
      expect(await desk.call('assistant:liveFrame', { requestId, seq, pcm: frameOf(seq) })).toEqual({ ok: true, value: {} });
      // A frame sent again (a retry) is taken once.
      if (seq === 100) expect(await desk.call('assistant:liveFrame', { requestId, seq, pcm: frameOf(seq) })).toEqual({ ok: true, value: {} });
    }
    await desk.call('assistant:liveRelease', { requestId });
    const done = await desk.doneOf(requestId);

    expect(done).toMatchObject({ path: 'live', transcript: 'What is on today?', answer: 'Nothing.' });
    const [connection] = connections();
    expect(new Set(connection!.audio.map((frame) => frame.mimeType))).toEqual(new Set(['audio/pcm;rate=16000']));
    const heard = new Int16Array(Buffer.concat(connection!.audio.map((frame) => Buffer.from(frame.bytes))).buffer.slice(0));
    expect(heard.length).toBe(frames * FRAME_SAMPLES);
    const order = Array.from({ length: frames }, (_, seq) => heard[seq * FRAME_SAMPLES]);
    expect(order).toEqual(Array.from({ length: frames }, (_, seq) => seq));
  });

  it('refuses a frame out of order, torn, too large, over the rate bound, or from another window', async () => {
    const desk = await start();
    gemini.double.script('live', liveScript({ turns: [{ answer: { text: 'Yes.', audioMs: 100 } }] }));
    const requestId = await desk.ask({ frames: 2, release: false });

    expect(await desk.call('assistant:liveFrame', { requestId, seq: 5, pcm: frameOf(5) })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(await desk.call('assistant:liveFrame', { requestId, seq: 2, pcm: new Uint8Array(641) })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(await desk.call('assistant:liveFrame', { requestId, seq: 2, pcm: new Uint8Array(LIVE.frameMaxBytes + 2) })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    // Base64 is not a frame: audio travels as bytes.
    expect(await desk.call('assistant:liveFrame', { requestId, seq: 2, pcm: 'AAAA' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    const other = fakeSender({ id: 'window-2' });
    expect(await desk.call('assistant:liveFrame', { requestId, seq: 2, pcm: frameOf(2) }, other.sender)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });

    // The clock stands still: a second's worth of frames at once, and the next is refused until time moves on.
    const results = [];
    for (let seq = 2; seq < 2 + LIVE.framesPerSecondMax + 1; seq += 1) {
      results.push(await desk.call('assistant:liveFrame', { requestId, seq, pcm: frameOf(seq) }));
    }
    expect(results.filter((result) => result.ok).length).toBeLessThanOrEqual(LIVE.framesPerSecondMax);
    expect(results.at(-1)).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });

    // What was taken is still a question: it is answered.
    await desk.call('assistant:liveRelease', { requestId });
    expect(await desk.doneOf(requestId)).toMatchObject({ answer: 'Yes.' });
  });
});

describe('LV2 push-to-talk is the turn, and the Assistant\'s tools run in main', () => {
  it('sends activityStart on press and activityEnd only after release; the transcript grows while speaking', async () => {
    const desk = await start();
    gemini.double.script('live', liveScript({ turns: [{ heard: ['Any mail', ' from Bold?'], heardEveryBytes: 640 * 10, answer: { text: 'No.', audioMs: 100 } }] }));
    const requestId = await desk.ask({ frames: 30, release: false });
    await vi.waitFor(() => expect(connections()[0]?.audio.length).toBe(30));
    await vi.waitFor(() => expect(desk.eventsOf(requestId).some(({ event }) => event === 'assistant:liveHeard')).toBe(true));

    const [connection] = connections();
    expect(connection!.activityStarts).toHaveLength(1);
    expect(connection!.activityEnds).toHaveLength(0);
    expect(connection!.setup).toMatchObject({
      model: 'models/gemini-3.8-live',
      realtimeInputConfig: { automaticActivityDetection: { disabled: true } },
      inputAudioTranscription: {},
      outputAudioTranscription: {},
    });

    await desk.call('assistant:liveRelease', { requestId });
    const done = await desk.doneOf(requestId);
    expect(connection!.activityEnds).toHaveLength(1);
    expect(connection!.activityEnds[0]).toBeGreaterThanOrEqual(connection!.audio.at(-1)!.at);
    const heard = desk.eventsOf(requestId).filter(({ event }) => event === 'assistant:liveHeard').map(({ payload }) => (payload as { data: { text: string } }).data.text);
    expect(heard[0]).toBe('Any mail');
    expect(heard.at(-1)).toBe('Any mail from Bold?');
    expect(done).toMatchObject({ transcript: 'Any mail from Bold?', answer: 'No.', path: 'live' });
  });

  it('runs a tool call in main, shows it as a step, sends the toolResponse, and streams the answer as audio and text', async () => {
    const desk = await start();
    gemini.double.script(
      'live',
      liveScript({ turns: [{ heard: ['What time is it?'], toolCalls: [{ name: 'get_server_time' }], answer: { text: 'It is noon in Ulaanbaatar.', audioMs: 600 } }] }),
    );
    const requestId = await desk.ask();
    const done = await desk.doneOf(requestId);

    const [connection] = connections();
    expect(connection!.toolResponses).toHaveLength(1);
    expect(connection!.toolResponses[0]!.functionResponses).toEqual([
      expect.objectContaining({ id: 'call-0-0', name: 'get_server_time', response: expect.objectContaining({ output: expect.anything() }) }),
    ]);
    const events = desk.eventsOf(requestId).map(({ event }) => event);
    expect(events.indexOf('assistant:liveStep')).toBeLessThan(events.indexOf('assistant:liveAudio'));
    const audio = desk.eventsOf(requestId).filter(({ event }) => event === 'assistant:liveAudio');
    const bytes = audio.reduce((total, { payload }) => total + (payload as { data: { pcm: Uint8Array } }).data.pcm.byteLength, 0);
    // 600 ms of 24 kHz PCM16, as bytes (never base64).
    expect(bytes).toBe((600 * LIVE.outputSampleRateHz * 2) / 1000);
    expect((audio[0]!.payload as { data: { pcm: unknown } }).data.pcm).toBeInstanceOf(Uint8Array);
    expect(done).toMatchObject({ answer: 'It is noon in Ulaanbaatar.', steps: [{ tool: 'get_server_time', ok: true }], path: 'live' });
  });
});

describe('LV2 what the model made of it', () => {
  it('nothing heard and nothing said is no speech, not an answer', async () => {
    const desk = await start();
    gemini.double.script('live', liveScript({ turns: [{}] }));
    expect(await desk.doneOf(await desk.ask())).toMatchObject({ transcript: '', answer: '', path: 'live' });
  });

  it('words heard and nothing said is the Assistant\'s empty answer, an error the member can act on', async () => {
    const desk = await start();
    gemini.double.script('live', liveScript({ turns: [{ heard: ['What is on today?'] }] }));
    const requestId = await desk.ask();
    await vi.waitFor(() => expect(desk.eventsOf(requestId).at(-1)?.event).toBe('assistant:liveError'));
    expect(desk.eventsOf(requestId).at(-1)!.payload).toMatchObject({ error: { code: 'UPSTREAM', reason: 'empty_answer' } });
  });
});

describe('LV3 barge-in', () => {
  it('a new question over an answer still coming interrupts it: Gemini is told, and the old answer ends where it was', async () => {
    const desk = await start();
    gemini.double.script(
      'live',
      liveScript({
        turns: [
          { heard: ['Tell me a long story.'], answer: { text: 'Once upon a time there was a desk.', audioMs: 5_000, chunkIntervalMs: 60 } },
          { heard: ['Stop. What time is it?'], answer: { text: 'Noon.', audioMs: 200 } },
        ],
      }),
    );
    const first = await desk.ask();
    await vi.waitFor(() => expect(desk.eventsOf(first).some(({ event }) => event === 'assistant:liveAudio')).toBe(true));
    const second = await desk.ask();

    const interrupted = await desk.doneOf(first);
    expect(interrupted).toMatchObject({ incomplete: true, path: 'live' });
    await vi.waitFor(() => expect(connections()[0]!.interruptions).toHaveLength(1));
    expect(await desk.doneOf(second)).toMatchObject({ transcript: 'Stop. What time is it?', answer: 'Noon.' });
    // One connection, one activity per question.
    expect(connections()).toHaveLength(1);
    expect(connections()[0]!.activityStarts).toHaveLength(2);
  });

  it('Stop (the question cancelled) interrupts the model at once; the next question goes on the same session', async () => {
    const desk = await start();
    gemini.double.script(
      'live',
      liveScript({
        turns: [
          { answer: { text: 'A very long answer.', audioMs: 5_000, chunkIntervalMs: 60 } },
          { heard: ['And now?'], answer: { text: 'Now this.', audioMs: 200 } },
        ],
      }),
    );
    const first = await desk.ask();
    await vi.waitFor(() => expect(desk.eventsOf(first).some(({ event }) => event === 'assistant:liveAudio')).toBe(true));
    expect(await desk.call('assistant:liveCancel', { requestId: first })).toEqual({ ok: true, value: { cancelled: true } });
    await vi.waitFor(() => expect(connections()[0]!.interruptions).toHaveLength(1));
    const audioBefore = desk.eventsOf(first).length;

    const second = await desk.ask();
    expect(await desk.doneOf(second)).toMatchObject({ answer: 'Now this.', transcript: 'And now?' });
    // Nothing more of the stopped answer reached the page, and the session was not opened again.
    expect(desk.eventsOf(first)).toHaveLength(audioBefore);
    expect(connections()).toHaveLength(1);
    // The activity the Stop opened is the next question's: Gemini was never sent two starts in a row.
    expect(connections()[0]!.activityStarts).toHaveLength(2);
    expect(connections()[0]!.activityEnds).toHaveLength(2);
  });
});

describe('LV2 one conversation with the Assistant', () => {
  it('a new session starts from what was said before in the conversation; a follow-up on it does not send it again', async () => {
    const desk = await start();
    gemini.double.script('live', liveScript({ turns: [{ heard: ['And his phone?'], answer: { text: 'It is in the notes.', audioMs: 200 } }] }));
    const history = [
      { role: 'user', content: 'Who is Bold?' },
      { role: 'assistant', content: 'A colleague in the Ulaanbaatar office.' },
    ];
    const first = await desk.ask({ history });
    expect(await desk.doneOf(first)).toMatchObject({ answer: 'It is in the notes.', path: 'live' });
    const second = await desk.ask({ history: [...history, { role: 'user', content: 'And his phone?' }, { role: 'assistant', content: 'It is in the notes.' }] });
    await desk.doneOf(second);

    const [connection] = connections();
    expect(connections()).toHaveLength(1);
    expect(connection!.history).toEqual([
      { role: 'user', parts: [{ text: 'Who is Bold?' }] },
      { role: 'model', parts: [{ text: 'A colleague in the Ulaanbaatar office.' }] },
    ]);
  });
});

describe('LV4 a session that lives as long as it should', () => {
  it('keeps the session for a follow-up, and moves it to a new connection with its handle when Google says goAway', async () => {
    const desk = await start();
    gemini.double.script(
      'live',
      liveScript({
        turns: [
          { heard: ['Who is Bold?'], answer: { text: 'A colleague.', audioMs: 200 }, goAwayAfterMs: 300 },
          { heard: ['And his phone?'], answer: { text: 'It is in the notes.', audioMs: 200 } },
        ],
      }),
    );
    const first = await desk.ask();
    await desk.doneOf(first);
    await vi.waitFor(() => expect(connections()).toHaveLength(2));
    const [old, resumed] = connections();
    expect(resumed!.resumedWith).toBe(old!.handles.at(-1));

    const second = await desk.ask();
    const done = await desk.doneOf(second);
    expect(done).toMatchObject({ answer: 'It is in the notes.', path: 'live' });
    // The same conversation, its second turn, on the new connection: the follow-up never noticed.
    expect(gemini.double.liveConversations).toHaveLength(1);
    expect(resumed!.activityStarts).toHaveLength(1);
    expect(desk.eventsOf(second).some(({ event }) => event === 'assistant:livePath')).toBe(false);
  });

  it('asks Google for context-window compression and session resumption in the setup', async () => {
    const desk = await start();
    gemini.double.script('live', liveScript({ turns: [{ answer: { text: 'Yes.', audioMs: 100 } }] }));
    await desk.doneOf(await desk.ask());
    expect(connections()[0]!.setup).toMatchObject({ sessionResumption: {}, contextWindowCompression: { slidingWindow: {} } });
  });
});

describe('LV4 signing out', () => {
  it('ends the session and the question in it: the connection closes, and the question ends with an error', async () => {
    const desk = await start();
    gemini.double.script('live', liveScript({ turns: [{ answer: { text: 'A long answer.', audioMs: 5_000, chunkIntervalMs: 60 } }] }));
    const requestId = await desk.ask({ release: false });
    await vi.waitFor(() => expect(connections()[0]?.audio.length).toBe(50));

    await test!.core.auth.logout();
    await vi.waitFor(() => expect(connections()[0]!.closed).toMatchObject({ by: 'client' }));
    await vi.waitFor(() => expect(desk.eventsOf(requestId).at(-1)?.event).toBe('assistant:liveError'));
    expect(connections()[0]!.activityEnds).toHaveLength(0);
  });
});

describe('LV5 never worse than today', () => {
  const spoken = '<transcript>What is on today?</transcript>\nNothing is on today.';

  it('Live refused: the same question, as it was spoken, is answered by the one-call path, and the page is told', async () => {
    const desk = await start();
    gemini.double.script(
      'live',
      liveScript({ turns: [], refuseSetup: { code: 1008, reason: 'models/gemini-3.8-live is not found for API version v1beta, or is not supported for bidiGenerateContent.' } }),
    );
    gemini.double.script('streamGenerateContent', stream([textChunk(spoken, { finishReason: 'STOP' })]));
    const requestId = await desk.ask({ frames: 40 });
    const done = await desk.doneOf(requestId);

    expect(done).toMatchObject({ path: 'oneCall', transcript: 'What is on today?', answer: 'Nothing is on today.' });
    const path = desk.eventsOf(requestId).find(({ event }) => event === 'assistant:livePath');
    expect(path?.payload).toMatchObject({ data: { path: 'oneCall', reason: 'unknown_model' } });
    const [request] = gemini.double.requestsFor('streamGenerateContent');
    const audio = (request!.body as { contents: { parts: { inlineData?: { mimeType: string; data: string } }[] }[] }).contents.at(-1)!.parts.find((part) => part.inlineData)!.inlineData!;
    expect(audio.mimeType).toBe('audio/wav');
    const wav = Buffer.from(audio.data, 'base64');
    // The 44-byte header, then every frame in order: the question was not asked twice.
    expect(wav.readUInt32LE(24)).toBe(LIVE.inputSampleRateHz);
    expect(wav.subarray(44)).toEqual(Buffer.concat(Array.from({ length: 40 }, (_, seq) => Buffer.from(frameOf(seq)))));

    // Until Live may be tried again, the next question goes straight to the one-call path.
    gemini.double.script('streamGenerateContent', stream([textChunk(spoken, { finishReason: 'STOP' })]));
    const next = await desk.ask({ frames: 10 });
    expect(await desk.doneOf(next)).toMatchObject({ path: 'oneCall' });
    expect(connections()).toHaveLength(1);
  });

  it('TP3 liveModes off by the machine policy: every question goes by the one-call path, and Live is never opened', async () => {
    const desk = await start({ policy: testPolicy({ version: 1, features: { liveModes: false } }).deps });
    gemini.double.script('streamGenerateContent', stream([textChunk(spoken, { finishReason: 'STOP' })]));
    const requestId = await desk.ask({ frames: 10 });
    expect(await desk.doneOf(requestId)).toMatchObject({ path: 'oneCall', pathReason: OFF_BY_POLICY, answer: 'Nothing is on today.' });
    expect(connections()).toEqual([]);
  });

  it('a connection lost mid-question is answered by the one-call path without asking again', async () => {
    const desk = await start();
    gemini.double.script('live', liveScript({ turns: [{ heard: ['What is on'], end: { afterChunks: 0 } }] }));
    gemini.double.script('streamGenerateContent', stream([textChunk(spoken, { finishReason: 'STOP' })]));
    const requestId = await desk.ask();
    expect(await desk.doneOf(requestId)).toMatchObject({ path: 'oneCall', answer: 'Nothing is on today.' });
  });

  it('a refused key is the member\'s to fix: the error is the Assistant\'s, and no other path is tried', async () => {
    const desk = await start({ key: 'AIzaSy-not-the-right-key-0123456789' });
    const requestId = await desk.ask({ frames: 5 });
    await vi.waitFor(() => expect(desk.eventsOf(requestId).at(-1)?.event).toBe('assistant:liveError'));
    expect(desk.eventsOf(requestId).at(-1)!.payload).toMatchObject({ error: { code: 'NOT_CONFIGURED', reason: 'invalid_key' } });
    expect(gemini.double.requestsFor('streamGenerateContent')).toHaveLength(0);
  });
});

describe('TP3 the machine policy changes while a Live session is open', () => {
  const spoken = '<transcript>What is on today?</transcript>\nNothing is on today.';

  /** A desk whose policy the admin changes mid-session; resolves once every capability has heard the change. */
  async function startWithPolicy() {
    const policy = testPolicy({ version: 1 });
    const desk = await start({ policy: policy.deps });
    const settingsChanges = () => test!.broadcasts.filter(({ event }) => event === 'settings:changed').length;
    const deploy = async (features: Record<string, boolean>) => {
      const before = settingsChanges();
      policy.deploy({ version: 1, features });
      await vi.waitFor(() => expect(settingsChanges()).toBeGreaterThan(before));
    };
    return { ...desk, deploy };
  }

  it('TP3 liveModes switched off: the session kept for follow-ups closes, and the next question goes by the one-call path', async () => {
    const desk = await startWithPolicy();
    gemini.double.script('live', liveScript({ turns: [{ heard: ['Who is Bold?'], answer: { text: 'A colleague.', audioMs: 200 } }] }));
    expect(await desk.doneOf(await desk.ask())).toMatchObject({ path: 'live', answer: 'A colleague.' });

    await desk.deploy({ liveModes: false });
    expect(connections()[0]!.closed).toMatchObject({ by: 'client' });
    gemini.double.script('streamGenerateContent', stream([textChunk(spoken, { finishReason: 'STOP' })]));
    const next = await desk.ask({ frames: 10 });
    expect(await desk.doneOf(next)).toMatchObject({ path: 'oneCall', pathReason: OFF_BY_POLICY, answer: 'Nothing is on today.' });
    expect(connections()).toHaveLength(1);
    expect(connections()[0]!.audio).toHaveLength(50);
  });

  it('TP3 liveModes switched off while a question is spoken: it is answered by the one-call path, none of it lost', async () => {
    const desk = await startWithPolicy();
    gemini.double.script('live', liveScript({ turns: [{ answer: { text: 'Never heard.', audioMs: 200 } }] }));
    const requestId = await desk.ask({ frames: 20, release: false });
    await vi.waitFor(() => expect(connections()[0]?.audio.length).toBe(20));

    await desk.deploy({ liveModes: false });
    expect(connections()[0]!.closed).toMatchObject({ by: 'client' });
    gemini.double.script('streamGenerateContent', stream([textChunk(spoken, { finishReason: 'STOP' })]));
    for (let seq = 20; seq < 30; seq += 1) {
      desk.tick(LIVE.frameMs);
      expect(await desk.call('assistant:liveFrame', { requestId, seq, pcm: frameOf(seq) })).toEqual({ ok: true, value: {} });
    }
    await desk.call('assistant:liveRelease', { requestId });

    expect(await desk.doneOf(requestId)).toMatchObject({ path: 'oneCall', pathReason: OFF_BY_POLICY, answer: 'Nothing is on today.' });
    expect(connections()[0]!.activityEnds).toHaveLength(0);
    const [request] = gemini.double.requestsFor('streamGenerateContent');
    const audio = (request!.body as { contents: { parts: { inlineData?: { data: string } }[] }[] }).contents.at(-1)!.parts.find((part) => part.inlineData)!.inlineData!;
    expect(Buffer.from(audio.data, 'base64').subarray(44)).toEqual(Buffer.concat(Array.from({ length: 30 }, (_, seq) => Buffer.from(frameOf(seq)))));
  });

  it('TP3 spokenAnswers switched off mid-answer: main forwards no more of its audio, and the words still come', async () => {
    const desk = await startWithPolicy();
    const answer = 'Once upon a time there was a desk that answered every question it was asked.';
    gemini.double.script('live', liveScript({ turns: [{ answer: { text: answer, audioMs: 2_000, chunkIntervalMs: 40 } }] }));
    const requestId = await desk.ask();
    const audio = () => desk.eventsOf(requestId).filter(({ event }) => event === 'assistant:liveAudio').length;
    await vi.waitFor(() => expect(audio()).toBeGreaterThan(0));

    await desk.deploy({ spokenAnswers: false });
    const heardBefore = audio();
    expect(await desk.doneOf(requestId)).toMatchObject({ path: 'live', answer, incomplete: false });
    expect(heardBefore).toBeLessThan(20);
    expect(audio()).toBe(heardBefore);
  });
});

/** A mailbox the tools never reach in these tests. */
const NO_MAILBOX: MailboxPort = {
  search: async () => ok([]),
  read: async () => ok({ text: '' }),
  webUrl: () => 'https://mail.zoho.com/',
};

/** The Live voice on fakes: the model's session as the test plays it, and the one-call path answering "Noon." */
function fakeLiveVoice(openLive: OpenLive) {
  const admitted: string[] = [];
  const chatOptions: unknown[] = [];
  const live = createLiveVoice({
    assistant: {
      prepare: async (member) => ({
        model: DEFAULT_SETTINGS.models.live,
        mailConnected: false,
        registry: createToolRegistry([], createMemoryLogger()),
        toolContext: () => ({ member, boundary: 'b', mail: createQuestionLookups(NO_MAILBOX) }),
        systemInstruction: 'Be brief.',
      }),
      chat: async (_input, _ctx, options) => {
        chatOptions.push(options);
        return ok({ answer: 'Noon.', steps: [], sources: [], degraded: false, incomplete: false, model: 'm', duration_ms: 1, transcript: 'Time?' });
      },
    },
    openLive,
    settings: () => DEFAULT_SETTINGS,
    limiter: {
      admit: (_budget: string, caller: string) => {
        admitted.push(caller);
        return ok(undefined);
      },
    },
    speechGrants: { grant: () => ({ add: () => undefined, end: () => undefined }) },
    now: () => 0,
    after: () => () => undefined,
    log: createMemoryLogger(),
  });
  const events = { heard: () => {}, chunk: () => {}, audio: () => {}, step: () => {}, path: () => {} };
  /** One question of one frame, asked and let go. */
  const ask = (requestId: string) => {
    const asked = live.ask(
      { lang: 'en', history: [], speak: false },
      { member: { email: 'ana@example.com', name: 'Ana' }, signal: new AbortController().signal, requestId, emit: events },
    );
    return { asked, speak: () => [live.frame({ requestId, seq: 0, pcm: frameOf(0) }), live.release(requestId)] };
  };
  return { live, ask, admitted, chatOptions };
}

/** A connection that answers each activityEnd with turnComplete, and lets the test play the server. */
function answeringConnection(onEvent: (event: LiveEvent) => void): LiveConnection {
  return {
    sendAudio: () => {},
    activityStart: () => {},
    activityEnd: () => queueMicrotask(() => onEvent({ kind: 'turnComplete' })),
    audioStreamEnd: () => {},
    sendToolResponse: () => {},
    close: () => {},
  };
}

describe('LV5 G9: a voice question counts once, whichever path answers it', () => {
  it('admits the question once at the press; the one-call path behind it is not counted again', async () => {
    const desk = fakeLiveVoice(async () => ({ ok: false, failure: { kind: 'unknown_model' } }));
    const { asked, speak } = desk.ask('q1');
    expect(speak()).toEqual([{ ok: true, value: {} }, { ok: true, value: {} }]);

    expect(await asked).toMatchObject({ ok: true, value: { path: 'oneCall', pathReason: 'unknown_model', answer: 'Noon.' } });
    expect(desk.admitted).toEqual(['ana@example.com']);
    expect(desk.chatOptions).toEqual([{ admitted: true }]);
  });
});

describe('LV4 a handle Google no longer honours', () => {
  it('costs the session its memory, not the question: it starts afresh, live, and Live stays available', async () => {
    const handles: (string | null | undefined)[] = [];
    let server: (event: LiveEvent) => void = () => {};
    const desk = fakeLiveVoice(async (setup, onEvent) => {
      handles.push(setup.resumeHandle);
      if (setup.resumeHandle === 'stale') return { ok: false, failure: { kind: 'bad_request' } };
      server = onEvent;
      return { ok: true, value: answeringConnection(onEvent) };
    });
    const first = desk.ask('q1');
    await vi.waitFor(() => expect(handles).toHaveLength(1));
    first.speak();
    expect(await first.asked).toMatchObject({ ok: true, value: { path: 'live' } });
    // Google hands out a handle, then drops the connection; the handle has expired by the next question.
    server({ kind: 'resumable', handle: 'stale' });
    server({ kind: 'closed', failure: { kind: 'network' } });

    const second = desk.ask('q2');
    await vi.waitFor(() => expect(handles).toHaveLength(3));
    second.speak();
    expect(await second.asked).toMatchObject({ ok: true, value: { path: 'live' } });
    expect(handles).toEqual([null, 'stale', null]);

    const third = desk.ask('q3');
    third.speak();
    expect(await third.asked).toMatchObject({ ok: true, value: { path: 'live' } });
    expect(desk.chatOptions).toEqual([]);
  });
});
