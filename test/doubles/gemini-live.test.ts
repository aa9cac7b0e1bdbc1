import { GoogleGenAI, type LiveConnectConfig, type LiveServerMessage, Modality, type Session } from '@google/genai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import {
  type GeminiDouble,
  DEFAULT_LIVE_ANSWER,
  LIVE_CLOSE,
  LIVE_PATH,
  delay,
  hang,
  liveScript,
  reset,
  startGeminiDouble,
  tonePcm,
} from './gemini-double';

const LIVE_MODEL = 'gemini-3.8-live';
const PUSH_TO_TALK: LiveConnectConfig = {
  responseModalities: [Modality.AUDIO],
  inputAudioTranscription: {},
  outputAudioTranscription: {},
  realtimeInputConfig: { automaticActivityDetection: { disabled: true } },
  sessionResumption: {},
};

let gemini: GeminiDouble;

beforeEach(async () => {
  gemini = await startGeminiDouble();
});

afterEach(async () => {
  await gemini.close();
});

interface Observed {
  messages: LiveServerMessage[];
  closes: Array<{ code: number; reason: string }>;
}

/** Starts ai.live.connect without awaiting it: a session Google rejects never resolves connect(). */
function connect(config: LiveConnectConfig = PUSH_TO_TALK, apiKey = 'test-key', model = LIVE_MODEL): { session: Promise<Session>; observed: Observed } {
  const ai = new GoogleGenAI({ apiKey, httpOptions: { baseUrl: gemini.baseUrl, apiVersion: 'v1beta' } });
  const observed: Observed = { messages: [], closes: [] };
  const session = ai.live.connect({
    model,
    config,
    callbacks: {
      onmessage: (message) => observed.messages.push(message),
      onclose: (event) => observed.closes.push({ code: event.code, reason: event.reason }),
    },
  });
  return { session, observed };
}

/** 16 kHz PCM16 frames with distinct content, so order and duplicates show. */
function frame(index: number, bytes = 640): Uint8Array {
  const pcm = new Int16Array(bytes / 2).fill(index + 1);
  return new Uint8Array(pcm.buffer);
}

const audioOf = (pcm: Uint8Array, mimeType = 'audio/pcm;rate=16000') => ({ audio: { data: Buffer.from(pcm).toString('base64'), mimeType } });

const asServerContent = (message: Record<string, unknown>) => (message.serverContent ?? {}) as NonNullable<LiveServerMessage['serverContent']>;

function serverContent(observed: Observed) {
  return observed.messages.flatMap((message) => (message.serverContent ? [message.serverContent] : []));
}

function answerAudio(observed: Observed): Buffer {
  return Buffer.concat(
    serverContent(observed).flatMap((content) => content.modelTurn?.parts?.map((part) => Buffer.from(part.inlineData?.data ?? '', 'base64')) ?? []),
  );
}

const said = (observed: Observed) => serverContent(observed).map((content) => content.outputTranscription?.text ?? '').join('');
const heard = (observed: Observed) => serverContent(observed).flatMap((content) => (content.inputTranscription ? [content.inputTranscription.text] : []));
const turnsCompleted = (observed: Observed) => serverContent(observed).filter((content) => content.turnComplete).length;

/** A raw client, to send what the SDK never would. */
async function rawSocket(): Promise<{ socket: WebSocket; closed: Promise<{ code: number; reason: string }> }> {
  const socket = new WebSocket(`${gemini.baseUrl.replace('http', 'ws')}${LIVE_PATH}?key=test-key`);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  await new Promise((resolve) => socket.on('open', resolve));
  return { socket, closed };
}

const setupMessage = (setup: Record<string, unknown> = {}) =>
  JSON.stringify({ setup: { model: `models/${LIVE_MODEL}`, generationConfig: { responseModalities: ['AUDIO'] }, ...setup } });

describe('LV6: the Live double speaks BidiGenerateContent', () => {
  it('LV6: completes setup on the SDK\'s own URL, records the setup, and issues a resumption handle', async () => {
    const { session, observed } = connect();
    const live = await session;

    await vi.waitFor(() => expect(observed.messages.map((message) => Object.keys(message))).toEqual([['setupComplete'], ['sessionResumptionUpdate']]));
    expect(observed.messages[1]?.sessionResumptionUpdate).toEqual({ newHandle: expect.any(String), resumable: true });
    const [record] = gemini.requestsFor('live', LIVE_MODEL);
    expect(record).toMatchObject({ action: 'live', path: LIVE_PATH, query: { key: 'test-key' }, apiKey: 'test-key', model: LIVE_MODEL });
    expect(record?.live?.setup).toMatchObject({
      model: `models/${LIVE_MODEL}`,
      generationConfig: { responseModalities: ['AUDIO'] },
      realtimeInputConfig: { automaticActivityDetection: { disabled: true } },
    });
    live.close();
    await vi.waitFor(() => expect(record?.endedAt).toBeDefined());
    expect(record?.aborted).toBe(false);
    expect(record?.live?.closed).toMatchObject({ by: 'client' });
  });

  it('LV6: a push-to-talk turn: transcription while audio arrives, then 24 kHz audio with its words, then turnComplete', async () => {
    gemini.script('live', liveScript({ turns: [{ heard: ['What is', ' on today?'], heardEveryBytes: 1280, answer: { text: 'Two meetings and a call.', audioMs: 450 } }] }));
    const { session, observed } = connect();
    const live = await session;

    live.sendRealtimeInput({ activityStart: {} });
    for (let index = 0; index < 3; index++) live.sendRealtimeInput(audioOf(frame(index)));
    live.sendRealtimeInput({ activityEnd: {} });
    await vi.waitFor(() => expect(turnsCompleted(observed)).toBe(1));

    expect(heard(observed)).toEqual(['What is', ' on today?']);
    expect(said(observed)).toBe('Two meetings and a call.');
    expect(answerAudio(observed).equals(tonePcm(450))).toBe(true);
    expect(serverContent(observed).some((content) => content.modelTurn?.parts?.[0]?.inlineData?.mimeType === 'audio/pcm;rate=24000')).toBe(true);
    const record = gemini.requests[0]?.live;
    expect(record?.audio.map((audio) => [...audio.bytes])).toEqual([0, 1, 2].map((index) => [...frame(index)]));
    expect(record?.audio.every((audio) => audio.turn === 0)).toBe(true);
    // The first piece went out while the member was still speaking, not after the release.
    const firstHeardAt = record?.sent.find((sent) => JSON.stringify(sent.message).includes('inputTranscription'))?.at ?? Infinity;
    expect(firstHeardAt).toBeLessThan(record?.activityEnds[0] ?? 0);
    expect(record?.activityStarts).toHaveLength(1);
    live.close();
  });

  it('LV6: the answer waits answerDelayMs after activityEnd', async () => {
    gemini.script('live', liveScript({ turns: [{ answerDelayMs: 120, answer: { text: 'Yes.', audioMs: 100 } }] }));
    const { session, observed } = connect();
    const live = await session;

    live.sendRealtimeInput({ activityStart: {} });
    live.sendRealtimeInput({ activityEnd: {} });
    await vi.waitFor(() => expect(turnsCompleted(observed)).toBe(1));

    const record = gemini.requests[0]?.live;
    const firstAnswerAt = record?.sent.find((sent) => JSON.stringify(sent.message).includes('modelTurn'))?.at ?? 0;
    // A timer never fires early by more than the clock's rounding.
    expect(firstAnswerAt - (record?.activityEnds[0] ?? Infinity)).toBeGreaterThanOrEqual(119);
    live.close();
  });

  it('LV6: a tool call waits for the toolResponse, then the answer follows; the response is recorded', async () => {
    gemini.script(
      'live',
      liveScript({ turns: [{ toolCalls: [{ name: 'search_mail', args: { query: 'invoice' } }], answer: { text: 'Found it.', audioMs: 100 } }] }),
    );
    const { session, observed } = connect();
    const live = await session;
    live.sendRealtimeInput({ activityStart: {} });
    live.sendRealtimeInput({ activityEnd: {} });

    await vi.waitFor(() => expect(observed.messages.some((message) => message.toolCall)).toBe(true));
    const call = observed.messages.find((message) => message.toolCall)?.toolCall?.functionCalls?.[0];
    expect(call).toEqual({ id: 'call-0-0', name: 'search_mail', args: { query: 'invoice' } });
    expect(turnsCompleted(observed)).toBe(0);
    live.sendToolResponse({ functionResponses: [{ id: call?.id, name: 'search_mail', response: { output: '1 mail' } }] });

    await vi.waitFor(() => expect(turnsCompleted(observed)).toBe(1));
    expect(said(observed)).toBe('Found it.');
    expect(gemini.requests[0]?.live?.toolResponses[0]?.functionResponses).toEqual([{ id: 'call-0-0', name: 'search_mail', response: { output: '1 mail' } }]);
    live.close();
  });

  it('LV6: barge-in: an activityStart during the answer stops it, sends interrupted, and the next turn is played', async () => {
    gemini.script(
      'live',
      liveScript({
        turns: [{ answer: { text: 'A very long answer indeed.', audioMs: 3000, chunkIntervalMs: 40 } }, { answer: { text: 'Short.', audioMs: 100 } }],
      }),
    );
    const { session, observed } = connect();
    const live = await session;
    live.sendRealtimeInput({ activityStart: {} });
    live.sendRealtimeInput({ activityEnd: {} });
    await vi.waitFor(() => expect(answerAudio(observed).length).toBeGreaterThan(0));

    live.sendRealtimeInput({ activityStart: {} });
    await vi.waitFor(() => expect(serverContent(observed).some((content) => content.interrupted)).toBe(true));
    live.sendRealtimeInput({ activityEnd: {} });
    await vi.waitFor(() => expect(turnsCompleted(observed)).toBe(1));

    expect(answerAudio(observed).length).toBeLessThan(tonePcm(3000).length + tonePcm(100).length);
    expect(said(observed).endsWith('Short.')).toBe(true);
    expect(gemini.requests[0]?.live?.interruptions).toEqual([{ at: expect.any(Number), turn: 0 }]);
    live.close();
  });

  it('LV6: goAway, a close after its timeLeft, and a resumed connection that continues the conversation', async () => {
    gemini.script(
      'live',
      liveScript({ turns: [{ answer: { text: 'First.', audioMs: 100 }, goAwayAfterMs: 50 }, { heard: ['And then?'], answer: { text: 'Second.', audioMs: 100 } }] }),
    );
    const first = connect();
    const live = await first.session;
    live.sendRealtimeInput({ activityStart: {} });
    live.sendRealtimeInput({ activityEnd: {} });

    await vi.waitFor(() => expect(first.observed.closes).toHaveLength(1));
    expect(first.observed.messages.find((message) => message.goAway)?.goAway).toEqual({ timeLeft: '0.05s' });
    expect(first.observed.closes[0]).toEqual(LIVE_CLOSE.aborted);
    const handle = first.observed.messages.filter((message) => message.sessionResumptionUpdate).at(-1)?.sessionResumptionUpdate?.newHandle;

    const second = connect({ ...PUSH_TO_TALK, sessionResumption: { handle } });
    const resumed = await second.session;
    resumed.sendRealtimeInput({ activityStart: {} });
    resumed.sendRealtimeInput({ activityEnd: {} });
    await vi.waitFor(() => expect(turnsCompleted(second.observed)).toBe(1));

    expect(heard(second.observed)).toEqual(['And then?']);
    expect(said(second.observed)).toBe('Second.');
    const [conversation] = gemini.liveConversations;
    expect(gemini.liveConversations).toHaveLength(1);
    expect(conversation?.turnsTaken).toBe(2);
    expect(conversation?.connections.map((connection) => connection.resumedWith)).toEqual([null, handle]);
    resumed.close();
  });

  it('LV6: turns past the script get the default answer', async () => {
    const { session, observed } = connect();
    const live = await session;
    live.sendRealtimeInput({ activityStart: {} });
    live.sendRealtimeInput({ activityEnd: {} });

    await vi.waitFor(() => expect(turnsCompleted(observed)).toBe(1));
    expect(said(observed)).toBe(DEFAULT_LIVE_ANSWER);
    live.close();
  });

  it('LV6: a turn can end the connection with a close code, or drop it mid-answer', async () => {
    gemini.script('live', liveScript({ turns: [{ end: { code: LIVE_CLOSE.quota.code, reason: LIVE_CLOSE.quota.reason } }] }));
    gemini.script('live', liveScript({ turns: [{ answer: { text: 'Cut', audioMs: 500 }, end: { afterChunks: 2 } }] }));
    const quota = connect();
    const first = await quota.session;
    first.sendRealtimeInput({ activityStart: {} });
    first.sendRealtimeInput({ activityEnd: {} });
    await vi.waitFor(() => expect(quota.observed.closes).toEqual([LIVE_CLOSE.quota]));

    const dropped = connect();
    const second = await dropped.session;
    second.sendRealtimeInput({ activityStart: {} });
    second.sendRealtimeInput({ activityEnd: {} });
    await vi.waitFor(() => expect(dropped.observed.closes).toHaveLength(1));
    expect(dropped.observed.closes[0]?.code).toBe(1006);
    expect(answerAudio(dropped.observed).length).toBe(2 * 4800);
  });

  it('LV6: with automatic activity detection on, audio starts the turn and audioStreamEnd ends it', async () => {
    gemini.script('live', liveScript({ turns: [{ heard: ['Hi'], answer: { text: 'Hello.', audioMs: 100 } }] }));
    const { session, observed } = connect({ responseModalities: [Modality.AUDIO], inputAudioTranscription: {}, outputAudioTranscription: {} });
    const live = await session;
    live.sendRealtimeInput(audioOf(frame(0)));
    live.sendRealtimeInput({ audioStreamEnd: true });

    await vi.waitFor(() => expect(turnsCompleted(observed)).toBe(1));
    expect(heard(observed)).toEqual(['Hi']);
    expect(observed.messages.some((message) => message.sessionResumptionUpdate)).toBe(false);
    live.close();
  });

  it('LV6: a delayed setup still completes; reset drops the connection without a close frame', async () => {
    gemini.script('live', delay(10, liveScript({ turns: [] })), reset());
    await connect().session;

    const dropped = connect();
    await vi.waitFor(() => expect(dropped.observed.closes).toHaveLength(1));
    expect(dropped.observed.closes[0]?.code).toBe(1006);
  });

  it('LV6: close() finishes while a session waits forever for setupComplete', async () => {
    gemini.script('live', hang());
    const { observed } = connect();
    await vi.waitFor(() => expect(gemini.requests[0]?.model).toBe(LIVE_MODEL));

    await gemini.close();

    await vi.waitFor(() => expect(observed.closes).toHaveLength(1));
    expect(observed.messages).toEqual([]);
  });
});

const HISTORY_TURNS = [
  { role: 'user', parts: [{ text: 'Who is Bold?' }] },
  { role: 'model', parts: [{ text: 'Bold Baatar is the caretaker of block B.' }] },
];
const PUSH_TO_TALK_SETUP = { realtimeInputConfig: { automaticActivityDetection: { disabled: true } } };
const clientContent = (turns: readonly object[], turnComplete: boolean) => JSON.stringify({ clientContent: { turns, turnComplete } });
const realtimeInput = (input: object) => JSON.stringify({ realtimeInput: input });

/**
 * A raw session whose setup declares an initial history (the SDK leaves historyConfig out of its setup), open once
 * setupComplete arrived; `received` gathers what the double sends.
 */
async function historySession(): Promise<Awaited<ReturnType<typeof rawSocket>> & { received: Array<Record<string, unknown>> }> {
  const raw = await rawSocket();
  const received: Array<Record<string, unknown>> = [];
  raw.socket.on('message', (data: Buffer) => received.push(JSON.parse(data.toString('utf8')) as Record<string, unknown>));
  raw.socket.send(setupMessage({ ...PUSH_TO_TALK_SETUP, historyConfig: { initialHistoryInClientContent: true } }));
  await vi.waitFor(() => expect(received.map((message) => Object.keys(message))).toEqual([['setupComplete']]));
  return { ...raw, received };
}

describe('LV2-history: the Live double takes an initial history as Google documents it', () => {
  it('LV2-history: clientContent up to turnComplete is recorded as history and answered with nothing; the spoken turn after it is answered', async () => {
    gemini.script('live', liveScript({ turns: [{ answer: { text: 'His number is 5550 1234.', audioMs: 100 } }] }));
    const { socket, received } = await historySession();

    socket.send(clientContent(HISTORY_TURNS.slice(0, 1), false));
    socket.send(clientContent(HISTORY_TURNS.slice(1), true));
    await vi.waitFor(() => expect(gemini.requests[0]?.live?.historyCompleteAt).not.toBeNull());
    expect(received).toHaveLength(1);
    socket.send(realtimeInput({ activityStart: {} }));
    socket.send(realtimeInput(audioOf(frame(0))));
    socket.send(realtimeInput({ activityEnd: {} }));
    await vi.waitFor(() => expect(received.some((message) => asServerContent(message).turnComplete)).toBe(true));

    const record = gemini.requests[0]?.live;
    expect(record?.history).toEqual(HISTORY_TURNS);
    expect(record?.historyCompleteAt).toBeLessThan(record?.activityStarts[0] ?? 0);
    expect(received.filter((message) => asServerContent(message).turnComplete)).toHaveLength(1);
    expect(received.map((message) => asServerContent(message).outputTranscription?.text ?? '').join('')).toBe('His number is 5550 1234.');
    expect(gemini.liveConversations[0]?.turnsTaken).toBe(1);
    socket.close();
  });

  it.each([
    ['before any history', [] as string[]],
    ['while the history is still open', [clientContent(HISTORY_TURNS, false)]],
  ])('LV2-history: audio %s is refused with 1007', async (_when, before) => {
    const { socket, closed } = await historySession();
    for (const message of before) socket.send(message);

    socket.send(realtimeInput(audioOf(frame(0))));

    expect(await closed).toEqual(LIVE_CLOSE.historyIncomplete);
    expect(gemini.requests[0]?.live?.audio).toEqual([]);
    expect(gemini.liveConversations[0]?.turnsTaken).toBe(0);
  });

  it('LV2-history: without historyConfig, a clientContent with turnComplete is a turn the model answers', async () => {
    gemini.script('live', liveScript({ turns: [{ answer: { text: 'Typed answer.', audioMs: 100 } }] }));
    const { session, observed } = connect();
    const live = await session;

    live.sendClientContent({ turns: [{ role: 'user', parts: [{ text: 'Who is Bold?' }] }], turnComplete: true });

    await vi.waitFor(() => expect(turnsCompleted(observed)).toBe(1));
    expect(said(observed)).toBe('Typed answer.');
    expect(gemini.requests[0]?.live?.history).toEqual([]);
    live.close();
  });
});

describe('LV6: the Live double refuses what Google refuses', () => {
  it('LV6: an unknown key: 1007 and Google\'s message', async () => {
    const { observed } = connect(PUSH_TO_TALK, 'wrong-key');

    await vi.waitFor(() => expect(observed.closes).toHaveLength(1));
    expect(observed.closes[0]).toEqual(LIVE_CLOSE.invalidKey);
    expect(observed.messages).toEqual([]);
  });

  it('LV6: an unknown model: 1008, the reason cut to what a close frame holds', async () => {
    const { observed } = connect(PUSH_TO_TALK, 'test-key', 'gemini-9.9-flash');

    await vi.waitFor(() => expect(observed.closes).toHaveLength(1));
    expect(observed.closes[0]?.code).toBe(1008);
    expect(observed.closes[0]?.reason).toMatch(/^models\/gemini-9\.9-flash is not found for API version v1beta, or is not supported for bidiGenerateContent/);
    expect(Buffer.byteLength(observed.closes[0]?.reason ?? '')).toBeLessThanOrEqual(123);
  });

  it('LV6: an unknown resumption handle: 1008, session expired', async () => {
    const { observed } = connect({ ...PUSH_TO_TALK, sessionResumption: { handle: 'no-such-handle' } });

    await vi.waitFor(() => expect(observed.closes).toHaveLength(1));
    expect(observed.closes[0]).toEqual(LIVE_CLOSE.staleHandle);
    expect(gemini.requests[0]?.live?.resumedWith).toBe('no-such-handle');
  });

  it('LV6: activityStart without disabling automatic activity detection: 1007', async () => {
    const { session, observed } = connect({ responseModalities: [Modality.AUDIO] });
    const live = await session;
    live.sendRealtimeInput({ activityStart: {} });

    await vi.waitFor(() => expect(observed.closes).toEqual([LIVE_CLOSE.explicitActivity]));
  });

  it('LV6: audio in another format than 16 kHz PCM: 1007', async () => {
    const { session, observed } = connect();
    const live = await session;
    live.sendRealtimeInput({ activityStart: {} });
    live.sendRealtimeInput(audioOf(frame(0), 'audio/pcm;rate=48000'));

    await vi.waitFor(() => expect(observed.closes).toHaveLength(1));
    expect(observed.closes[0]).toMatchObject({ code: 1007, reason: expect.stringContaining('audio/pcm;rate=48000') });
  });

  it.each([
    ['two fields in one message', JSON.stringify({ realtimeInput: { activityStart: {} }, toolResponse: { functionResponses: [] } }), LIVE_CLOSE.secondField('toolResponse')],
    ['an unknown field', JSON.stringify({ realtimeInputs: {} }), LIVE_CLOSE.unknownField('realtimeInputs')],
    ['an empty message', '{}', LIVE_CLOSE.invalidArgument],
    ['text that is not JSON', '{"realtimeInput": {', LIVE_CLOSE.notJson],
    ['a second setup', setupMessage(), LIVE_CLOSE.invalidArgument],
  ])('LV6: after setup, %s is refused with its close', async (_name, text, expected) => {
    const { socket, closed } = await rawSocket();
    socket.send(setupMessage({ realtimeInputConfig: { automaticActivityDetection: { disabled: true } } }));
    await vi.waitFor(() => expect(gemini.requests[0]?.live?.sent.length).toBeGreaterThan(0));

    socket.send(text);

    expect(await closed).toEqual(expected);
    expect(gemini.requests[0]?.live?.closed).toMatchObject({ ...expected, by: 'double' });
  });

  it('LV6: a first message that is not a setup is refused', async () => {
    const { socket, closed } = await rawSocket();
    socket.send(JSON.stringify({ realtimeInput: { activityStart: {} } }));

    expect(await closed).toEqual(LIVE_CLOSE.invalidArgument);
  });

  it('LV6: a WebSocket on any other path is refused with 404', async () => {
    const socket = new WebSocket(`${gemini.baseUrl.replace('http', 'ws')}/ws/google.ai.generativelanguage.v1beta.GenerativeService.BidiGenerateContent?key=test-key`);

    const outcome = await new Promise<string>((resolve) => {
      socket.on('open', () => resolve('open'));
      socket.on('error', (error) => resolve(error.message));
    });

    expect(outcome).toContain('404');
  });
});

const TRANSLATE_MODEL = 'gemini-3.5-live-translate-preview';
const TRANSLATION: LiveConnectConfig = {
  responseModalities: [Modality.AUDIO],
  inputAudioTranscription: {},
  outputAudioTranscription: {},
  translationConfig: { targetLanguageCode: 'es', echoTargetLanguage: false },
  sessionResumption: {},
};
/** 100 ms of 16 kHz speech (not silence), every sample `value`. */
const speech = (value = 1000) => new Uint8Array(new Int16Array(1600).fill(value).buffer);
const silence = () => new Uint8Array(3200);
const said100 = (observed: Observed) => serverContent(observed).flatMap((content) => (content.outputTranscription ? [content.outputTranscription.text] : []));
const lastHandle = (observed: Observed) => observed.messages.filter((message) => message.sessionResumptionUpdate).at(-1)?.sessionResumptionUpdate?.newHandle;

describe('LC-M: the Live double translates continuous speech (live-translate models)', () => {
  it('LC-M: heard words as their audio arrives (silence not counted), their translation lagMs later, audioStreamEnd ends the utterance', async () => {
    gemini.script('live', liveScript({ turns: [], translation: { lagMs: 60, utterances: [{ heard: 'one two three four', translation: 'uno dos tres cuatro', speechMs: 400 }] } }));
    const { session, observed } = connect(TRANSLATION, 'test-key', TRANSLATE_MODEL);
    const live = await session;

    live.sendRealtimeInput(audioOf(silence()));
    live.sendRealtimeInput(audioOf(silence()));
    live.sendRealtimeInput(audioOf(speech()));
    live.sendRealtimeInput(audioOf(speech()));
    await vi.waitFor(() => expect(heard(observed)).toEqual(['one ', 'two ']));
    await vi.waitFor(() => expect(said100(observed)).toEqual(['uno ', 'dos ']));
    expect(turnsCompleted(observed)).toBe(0);
    live.sendRealtimeInput({ audioStreamEnd: true });

    await vi.waitFor(() => expect(turnsCompleted(observed)).toBe(1));
    expect(heard(observed)).toEqual(['one ', 'two ', 'three ', 'four']);
    expect(said100(observed).join('')).toBe('uno dos tres cuatro');
    expect(answerAudio(observed).length).toBe(4 * tonePcm(100).length);
    const record = gemini.requests[0]?.live;
    expect(record?.setup?.generationConfig).toMatchObject({ translationConfig: { targetLanguageCode: 'es', echoTargetLanguage: false } });
    const sentAt = (text: string, field: string) => record?.sent.find((sent) => JSON.stringify(sent.message).includes(`"${field}":{"text":"${text}`))?.at ?? 0;
    expect(sentAt('uno', 'outputTranscription') - sentAt('one', 'inputTranscription')).toBeGreaterThanOrEqual(59);
    live.close();
  });

  it('LC-M: the next audio is the next utterance; a model that ends its turn itself sends turnComplete with no audioStreamEnd', async () => {
    gemini.script(
      'live',
      liveScript({ turns: [], translation: { lagMs: 0, utterances: [{ heard: 'hello', translation: 'hola', speechMs: 100, endsTurn: true }, { heard: 'bye', translation: 'adiós', speechMs: 100 }] } }),
    );
    const { session, observed } = connect(TRANSLATION, 'test-key', TRANSLATE_MODEL);
    const live = await session;
    live.sendRealtimeInput(audioOf(speech()));
    await vi.waitFor(() => expect(turnsCompleted(observed)).toBe(1));
    live.sendRealtimeInput(audioOf(speech()));
    live.sendRealtimeInput({ audioStreamEnd: true });

    await vi.waitFor(() => expect(turnsCompleted(observed)).toBe(2));
    expect(heard(observed)).toEqual(['hello', 'bye']);
    expect(said100(observed)).toEqual(['hola', 'adiós']);
    expect(gemini.requests[0]?.live?.audio.map((audio) => audio.turn)).toEqual([0, 1]);
    live.close();
  });

  it('LC-M: refuses activity signals, and a setup with instructions or without a target language', async () => {
    const refused = connect(TRANSLATION, 'test-key', TRANSLATE_MODEL);
    (await refused.session).sendRealtimeInput({ activityStart: {} });
    await vi.waitFor(() => expect(refused.observed.closes).toEqual([LIVE_CLOSE.explicitActivity]));

    const instructed = connect({ ...TRANSLATION, systemInstruction: 'Translate.' }, 'test-key', TRANSLATE_MODEL);
    await vi.waitFor(() => expect(instructed.observed.closes).toEqual([LIVE_CLOSE.invalidArgument]));
    const untargeted = connect({ ...TRANSLATION, translationConfig: {} }, 'test-key', TRANSLATE_MODEL);
    await vi.waitFor(() => expect(untargeted.observed.closes).toEqual([LIVE_CLOSE.invalidArgument]));
  });

  it('LC-M: goAway after N bytes; what the connection heard is still translated before its close; the resumed one goes on with the next utterance', async () => {
    gemini.script(
      'live',
      liveScript({
        turns: [],
        translation: {
          lagMs: 80,
          goAway: { afterBytes: 6400, timeLeftMs: 150 },
          utterances: [{ heard: 'a b c d', translation: 'A B C D', speechMs: 400 }, { heard: 'e f', translation: 'E F', speechMs: 200 }],
        },
      }),
    );
    const first = connect(TRANSLATION, 'test-key', TRANSLATE_MODEL);
    const old = await first.session;
    old.sendRealtimeInput(audioOf(speech()));
    old.sendRealtimeInput(audioOf(speech()));
    await vi.waitFor(() => expect(first.observed.messages.some((message) => message.goAway)).toBe(true));
    old.sendRealtimeInput({ audioStreamEnd: true });
    const handle = lastHandle(first.observed);
    const second = connect({ ...TRANSLATION, sessionResumption: { handle } }, 'test-key', TRANSLATE_MODEL);
    const resumed = await second.session;
    resumed.sendRealtimeInput(audioOf(speech()));
    resumed.sendRealtimeInput(audioOf(speech()));
    resumed.sendRealtimeInput({ audioStreamEnd: true });

    await vi.waitFor(() => expect(first.observed.closes).toEqual([LIVE_CLOSE.aborted]));
    expect(heard(first.observed).join('')).toBe('a b c d');
    expect(said100(first.observed).join('')).toBe('A B C D');
    expect(turnsCompleted(first.observed)).toBe(1);
    await vi.waitFor(() => expect(turnsCompleted(second.observed)).toBe(1));
    expect(said100(second.observed).join('')).toBe('E F');
    expect(gemini.liveConversations[0]?.connections.map((connection) => connection.resumedWith)).toEqual([null, handle]);
    resumed.close();
  });

  it('LC-M: a drop mid-utterance loses what the server held of it: resumed, the audio sent again is heard afresh', async () => {
    gemini.script(
      'live',
      liveScript({ turns: [], translation: { lagMs: 0, drop: { utterance: 0, afterBytes: 6400 }, utterances: [{ heard: 'a b c d', translation: 'A B C D', speechMs: 400 }] } }),
    );
    const first = connect(TRANSLATION, 'test-key', TRANSLATE_MODEL);
    const live = await first.session;
    live.sendRealtimeInput(audioOf(speech()));
    await vi.waitFor(() => expect(heard(first.observed)).toEqual(['a ']));
    live.sendRealtimeInput(audioOf(speech()));
    await vi.waitFor(() => expect(first.observed.closes.map((close) => close.code)).toEqual([1006]));

    const second = connect({ ...TRANSLATION, sessionResumption: { handle: lastHandle(first.observed) } }, 'test-key', TRANSLATE_MODEL);
    const resumed = await second.session;
    for (let index = 0; index < 4; index++) resumed.sendRealtimeInput(audioOf(speech()));
    resumed.sendRealtimeInput({ audioStreamEnd: true });

    await vi.waitFor(() => expect(turnsCompleted(second.observed)).toBe(1));
    expect(heard(second.observed).join('')).toBe('a b c d');
    expect(said100(second.observed).join('')).toBe('A B C D');
    resumed.close();
  });
});
