import { describe, expect, it, vi } from 'vitest';
import { LIVE_CLOSE, hang, liveScript, reset, tonePcm } from '../../../test/doubles/gemini-double';
import { VALID_KEY, useGeminiDouble } from '../../../test/support/gateway-test-kit';
import { createMemoryLogger } from '../log/logger';
import { createMemorySecretStore } from '../secrets/memory-secret-store';
import type { GeminiFailure } from './failure';
import { type LiveDeps, openLiveConnection } from './live-connection';
import type { LiveConnection, LiveEvent, LiveTranslationSetup, LiveVoiceSetup } from './live-types';

const gemini = useGeminiDouble();
const MODEL = 'gemini-3.8-live';
const TOOL = { name: 'search_mail', description: 'Searches the mailbox.', parameters: { type: 'object', properties: { query: { type: 'string' } } } };
const SETUP: LiveVoiceSetup = { model: MODEL, systemInstruction: 'Answer briefly.', tools: [TOOL], voiceName: 'Kore' };

interface Opened {
  outcome: Awaited<ReturnType<typeof openLiveConnection>>;
  events: LiveEvent[];
  log: ReturnType<typeof createMemoryLogger>;
}

async function open(setup: Partial<LiveVoiceSetup> | LiveTranslationSetup = {}, deps: Partial<LiveDeps> = {}, signal?: AbortSignal): Promise<Opened> {
  const log = createMemoryLogger();
  const secrets = createMemorySecretStore({ 'gemini.apiKey': VALID_KEY });
  const events: LiveEvent[] = [];
  const outcome = await openLiveConnection(
    { readKey: () => secrets.get('gemini.apiKey'), baseUrl: gemini.double.baseUrl, log, ...deps },
    setup.kind === 'translation' ? setup : { ...SETUP, ...setup },
    (event) => events.push(event),
    signal,
  );
  return { outcome, events, log };
}

async function connected(setup: Partial<LiveVoiceSetup> | LiveTranslationSetup = {}): Promise<Opened & { live: LiveConnection }> {
  const opened = await open(setup);
  if (!opened.outcome.ok) throw new Error(`not connected: ${opened.outcome.failure.kind}`);
  return { ...opened, live: opened.outcome.value };
}

async function failureOf(setup: Partial<LiveVoiceSetup> = {}, deps: Partial<LiveDeps> = {}, signal?: AbortSignal): Promise<GeminiFailure> {
  const opened = await open(setup, deps, signal);
  if (opened.outcome.ok) throw new Error('connected');
  expect(opened.log.lines.join('\n')).not.toContain(VALID_KEY);
  return opened.outcome.failure;
}

const kinds = (events: readonly LiveEvent[]) => events.map((event) => event.kind);
const audioBytes = (events: readonly LiveEvent[]) => Buffer.concat(events.flatMap((event) => (event.kind === 'audio' ? [event.pcm] : [])));
const frame = (index: number) => new Uint8Array(new Int16Array(320).fill(index + 1).buffer);

describe('LV-conn: openLiveConnection', () => {
  it('LV-conn: sends the setup of the design: model, audio, voice, push-to-talk, transcriptions, tools, resumption, compression', async () => {
    const { live, events } = await connected();

    expect(gemini.double.requests[0]?.live?.setup).toEqual({
      model: `models/${MODEL}`,
      generationConfig: {
        responseModalities: ['AUDIO'],
        speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Kore' } } },
      },
      systemInstruction: { parts: [{ text: 'Answer briefly.' }], role: 'user' },
      tools: [{ functionDeclarations: [{ name: TOOL.name, description: TOOL.description, parametersJsonSchema: TOOL.parameters }] }],
      inputAudioTranscription: {},
      outputAudioTranscription: {},
      realtimeInputConfig: { automaticActivityDetection: { disabled: true } },
      sessionResumption: {},
      contextWindowCompression: { slidingWindow: {} },
    });
    expect(gemini.double.requests[0]?.path).toContain('.v1beta.');
    await vi.waitFor(() => expect(kinds(events)).toEqual(['resumable']));
    live.close();
  });

  it('LV-conn: a turn: audio goes out as 16 kHz realtimeInput between activityStart and activityEnd; the answer comes back as events in order', async () => {
    gemini.double.script('live', liveScript({ turns: [{ heard: ['What is on'], heardEveryBytes: 640, answer: { text: 'Two meetings.', audioMs: 250 } }] }));
    const { live, events } = await connected();

    live.activityStart();
    for (let index = 0; index < 3; index++) live.sendAudio(frame(index));
    live.activityEnd();
    await vi.waitFor(() => expect(kinds(events)).toContain('turnComplete'));

    const record = gemini.double.requests[0]?.live;
    expect(record?.audio.map((audio) => audio.mimeType)).toEqual(['audio/pcm;rate=16000', 'audio/pcm;rate=16000', 'audio/pcm;rate=16000']);
    expect(record?.audio.map((audio) => [...audio.bytes])).toEqual([0, 1, 2].map((index) => [...frame(index)]));
    expect([record?.activityStarts.length, record?.activityEnds.length]).toEqual([1, 1]);
    expect(events.find((event) => event.kind === 'heard')).toEqual({ kind: 'heard', text: 'What is on' });
    expect(audioBytes(events).equals(tonePcm(250))).toBe(true);
    expect(events.flatMap((event) => (event.kind === 'said' ? [event.text] : [])).join('')).toBe('Two meetings.');
    expect(kinds(events).at(-1)).toBe('resumable');
    expect(kinds(events).indexOf('heard')).toBeLessThan(kinds(events).indexOf('audio'));
    live.close();
    await vi.waitFor(() => expect(events.at(-1)).toEqual({ kind: 'closed', failure: null }));
  });

  it('LV-conn: a tool call keeps its id, and the response goes back to the model', async () => {
    gemini.double.script('live', liveScript({ turns: [{ toolCalls: [{ id: 'fc-7', name: 'search_mail', args: { query: 'invoice' } }], answer: { text: 'Found.', audioMs: 100 } }] }));
    const { live, events } = await connected();
    live.activityStart();
    live.activityEnd();

    await vi.waitFor(() => expect(events.find((event) => event.kind === 'toolCall')).toEqual({ kind: 'toolCall', calls: [{ id: 'fc-7', name: 'search_mail', args: { query: 'invoice' } }] }));
    live.sendToolResponse([{ id: 'fc-7', name: 'search_mail', response: { output: 'one mail' } }]);

    await vi.waitFor(() => expect(kinds(events)).toContain('turnComplete'));
    expect(gemini.double.requests[0]?.live?.toolResponses[0]?.functionResponses).toEqual([{ id: 'fc-7', name: 'search_mail', response: { output: 'one mail' } }]);
    live.close();
  });

  it('LV-conn: barge-in: the server\'s interrupted arrives as an event', async () => {
    gemini.double.script('live', liveScript({ turns: [{ answer: { text: 'A long answer.', audioMs: 3000, chunkIntervalMs: 40 } }] }));
    const { live, events } = await connected();
    live.activityStart();
    live.activityEnd();
    await vi.waitFor(() => expect(kinds(events)).toContain('audio'));

    live.activityStart();

    await vi.waitFor(() => expect(kinds(events)).toContain('interrupted'));
    expect(gemini.double.requests[0]?.live?.interruptions).toHaveLength(1);
    live.close();
  });

  it('LV-conn: goAway arrives with its time left, the close that follows is a network failure, and the handle resumes the session', async () => {
    gemini.double.script(
      'live',
      liveScript({ turns: [{ answer: { text: 'First.', audioMs: 100 }, goAwayAfterMs: 50 }, { answer: { text: 'Second.', audioMs: 100 } }] }),
    );
    const first = await connected();
    first.live.activityStart();
    first.live.activityEnd();

    await vi.waitFor(() => expect(kinds(first.events).at(-1)).toBe('closed'));
    expect(first.events.find((event) => event.kind === 'goAway')).toEqual({ kind: 'goAway', timeLeftMs: 50 });
    expect(first.events.at(-1)).toMatchObject({ kind: 'closed', failure: { kind: 'network' } });
    const handle = first.events.flatMap((event) => (event.kind === 'resumable' ? [event.handle] : [])).at(-1);

    const second = await connected({ resumeHandle: handle });
    second.live.activityStart();
    second.live.activityEnd();

    await vi.waitFor(() => expect(kinds(second.events)).toContain('turnComplete'));
    expect(second.events.flatMap((event) => (event.kind === 'said' ? [event.text] : [])).join('')).toBe('Second.');
    expect(gemini.double.requests[1]?.live?.setup?.sessionResumption).toEqual({ handle });
    expect(gemini.double.liveConversations[0]?.connections).toHaveLength(2);
    second.live.close();
  });

  it('LV-conn: a close in the middle of a session ends it with its failure', async () => {
    gemini.double.script('live', liveScript({ turns: [{ end: LIVE_CLOSE.internal }] }));
    const { live, events } = await connected();
    live.activityStart();
    live.activityEnd();

    await vi.waitFor(() => expect(events.at(-1)).toMatchObject({ kind: 'closed', failure: { kind: 'overloaded' } }));
    live.activityStart();
  });
});

const HISTORY: LiveVoiceSetup['history'] = [
  { role: 'user', text: 'Who is Bold?' },
  { role: 'model', text: 'Bold Baatar is the caretaker of block B.' },
];
const messageFields = (opened: number) => gemini.double.requests[opened]?.live?.messages.map(({ message }) => Object.keys(message as object).join()) ?? [];
const said = (events: readonly LiveEvent[]) => events.flatMap((event) => (event.kind === 'said' ? [event.text] : [])).join('');

/** One spoken question: press, a frame, release; resolves when the model completed its answer. */
async function askAloud({ live, events }: { live: LiveConnection; events: LiveEvent[] }): Promise<void> {
  live.activityStart();
  live.sendAudio(frame(0));
  live.activityEnd();
  await vi.waitFor(() => expect(kinds(events)).toContain('turnComplete'));
}

describe('LV2-history: a new session knows what was typed before the voice question', () => {
  it('LV2-history: the setup declares the history, which goes out as one clientContent, roles in order, before any audio; only the spoken question is answered', async () => {
    gemini.double.script('live', liveScript({ turns: [{ answer: { text: 'His number is 5550 1234.', audioMs: 100 } }] }));
    const opened = await connected({ history: HISTORY });

    await askAloud(opened);

    const record = gemini.double.requests[0]?.live;
    expect(record?.setup?.historyConfig).toEqual({ initialHistoryInClientContent: true });
    expect(messageFields(0)).toEqual(['setup', 'clientContent', 'realtimeInput', 'realtimeInput', 'realtimeInput']);
    expect(record?.messages[1]?.message).toEqual({
      clientContent: {
        turns: [
          { role: 'user', parts: [{ text: 'Who is Bold?' }] },
          { role: 'model', parts: [{ text: 'Bold Baatar is the caretaker of block B.' }] },
        ],
        turnComplete: true,
      },
    });
    expect(record?.history).toHaveLength(2);
    expect(gemini.double.liveConversations[0]?.turnsTaken).toBe(1);
    expect(said(opened.events)).toBe('His number is 5550 1234.');
    opened.live.close();
  });

  it('LV2-history: a resumed session, which keeps its own history, and an empty history send neither the declaration nor the history', async () => {
    gemini.double.script('live', liveScript({ turns: [{ answer: { text: 'First.', audioMs: 100 } }, { answer: { text: 'Second.', audioMs: 100 } }] }));
    const first = await connected({ history: [] });
    await askAloud(first);
    const handle = first.events.flatMap((event) => (event.kind === 'resumable' ? [event.handle] : [])).at(-1);
    first.live.close();

    const resumed = await connected({ resumeHandle: handle, history: HISTORY });
    await askAloud(resumed);

    for (const opened of [0, 1]) {
      expect(gemini.double.requests[opened]?.live?.setup).not.toHaveProperty('historyConfig');
      expect(messageFields(opened)).not.toContain('clientContent');
    }
    expect(gemini.double.requests[1]?.live?.resumedWith).toBe(handle);
    expect(said(resumed.events)).toBe('Second.');
    resumed.live.close();
  });
});

describe('LV-conn: each refusal is its failure', () => {
  it('LV-conn: no key stored: missing_key, nothing sent', async () => {
    expect(await failureOf({}, { readKey: async () => ({ ok: true, value: null }) })).toMatchObject({ kind: 'missing_key' });
    expect(gemini.double.requests).toHaveLength(0);
  });

  it('LV-conn: a key Google refuses: invalid_key', async () => {
    expect(await failureOf({}, { readKey: async () => ({ ok: true, value: 'AIzaSyWrongWrongWrongWrongWrongWrong12' }) })).toMatchObject({ kind: 'invalid_key' });
  });

  it('LV-conn: a model Google does not offer: unknown_model', async () => {
    expect(await failureOf({ model: 'gemini-9.9-flash' })).toMatchObject({ kind: 'unknown_model' });
  });

  it('LV-conn: quota, with the wait Google names', async () => {
    gemini.double.script('live', liveScript({ turns: [], refuseSetup: { code: 1011, reason: 'You exceeded your current quota. Please retry in 21s.' } }));
    expect(await failureOf()).toMatchObject({ kind: 'quota', perDay: false, retryAfterMs: 21_000 });
  });

  it.each([
    ['permission_denied', { code: 1008, reason: 'The caller does not have permission' }],
    ['overloaded', LIVE_CLOSE.unavailable],
    ['bad_request', LIVE_CLOSE.invalidArgument],
    ['timeout', { code: 1011, reason: 'Deadline expired before operation could complete.' }],
  ])('LV-conn: a setup refused as %s', async (kind, refusal) => {
    gemini.double.script('live', liveScript({ turns: [], refuseSetup: refusal }));
    expect(await failureOf()).toMatchObject({ kind, detail: `${refusal.code} ${refusal.reason}` });
  });

  it('LV-conn: a handle the server no longer keeps: bad_request', async () => {
    expect(await failureOf({ resumeHandle: 'gone' })).toMatchObject({ kind: 'bad_request' });
  });

  it('LV-conn: a dropped connection, or nothing listening: network', async () => {
    gemini.double.script('live', reset());
    expect(await failureOf()).toMatchObject({ kind: 'network' });
    expect(await failureOf({}, { baseUrl: 'http://127.0.0.1:9' })).toMatchObject({ kind: 'network' });
  });

  it('LV-conn: a setup that never completes times out', async () => {
    gemini.double.script('live', hang());
    expect(await failureOf({}, { connectTimeoutMs: 100 })).toMatchObject({ kind: 'timeout' });
  });

  it('LV-conn: aborting the signal cancels the connect', async () => {
    gemini.double.script('live', hang());
    const controller = new AbortController();
    const failure = failureOf({}, {}, controller.signal);
    await vi.waitFor(() => expect(gemini.double.requests[0]?.live?.setup).toBeTruthy());
    controller.abort();
    expect(await failure).toMatchObject({ kind: 'cancelled' });
    expect(await failureOf({}, {}, controller.signal)).toMatchObject({ kind: 'cancelled' });
  });
});

const TRANSLATE_MODEL = 'gemini-3.5-live-translate-preview';
const TRANSLATION_SETUP: LiveTranslationSetup = { kind: 'translation', model: TRANSLATE_MODEL, targetLanguageCode: 'es' };
const speechFrame = () => new Uint8Array(new Int16Array(1600).fill(1000).buffer);

describe('LC-M: a Live translation session', () => {
  it('LC-M: sends the live-translate setup: target language, no echo, both transcriptions, resumable, compressed; no instructions, tools or activity settings', async () => {
    const opened = await open(TRANSLATION_SETUP);
    if (!opened.outcome.ok) throw new Error(opened.outcome.failure.kind);

    expect(gemini.double.requests[0]?.live?.setup).toEqual({
      model: `models/${TRANSLATE_MODEL}`,
      generationConfig: { responseModalities: ['AUDIO'], translationConfig: { targetLanguageCode: 'es', echoTargetLanguage: false } },
      inputAudioTranscription: {},
      outputAudioTranscription: {},
      sessionResumption: {},
      contextWindowCompression: { slidingWindow: {} },
    });
    opened.outcome.value.close();
  });

  it('LC-M: continuous audio, then audioStreamEnd: the words heard, their translation and its audio come back as events, then turnComplete', async () => {
    gemini.double.script('live', liveScript({ turns: [], translation: { lagMs: 0, utterances: [{ heard: 'good morning', translation: 'buenos días', speechMs: 200 }] } }));
    const { live, events } = await connected(TRANSLATION_SETUP);

    live.sendAudio(speechFrame());
    live.audioStreamEnd();

    await vi.waitFor(() => expect(kinds(events)).toContain('turnComplete'));
    const record = gemini.double.requests[0]?.live;
    expect(record?.messages.map(({ message }) => message)).toContainEqual({ realtimeInput: { audioStreamEnd: true } });
    expect(events.flatMap((event) => (event.kind === 'heard' ? [event.text] : [])).join('')).toBe('good morning');
    expect(said(events)).toBe('buenos días');
    expect(audioBytes(events).length).toBe(2 * tonePcm(100).length);
    expect(record?.activityStarts).toEqual([]);
    live.close();
  });
});
