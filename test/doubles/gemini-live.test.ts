import { GoogleGenAI, type LiveServerMessage, Modality, type Session } from '@google/genai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type GeminiDouble, LIVE_PATH, delay, hang, liveScript, reset, startGeminiDouble } from './gemini-double';

const LIVE_MODEL = 'gemini-3.5-live-translate-preview';

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
function connect(apiKey = 'test-key'): { session: Promise<Session>; observed: Observed } {
  const ai = new GoogleGenAI({ apiKey, httpOptions: { baseUrl: gemini.baseUrl, apiVersion: 'v1beta' } });
  const observed: Observed = { messages: [], closes: [] };
  const session = ai.live.connect({
    model: LIVE_MODEL,
    config: { responseModalities: [Modality.AUDIO], inputAudioTranscription: {}, outputAudioTranscription: {} },
    callbacks: {
      onmessage: (message) => observed.messages.push(message),
      onclose: (event) => observed.closes.push({ code: event.code, reason: event.reason }),
    },
  });
  return { session, observed };
}

const audioChunk = { audio: { data: Buffer.from(new Int16Array(160).buffer).toString('base64'), mimeType: 'audio/pcm;rate=16000' } };

describe('Live API over WebSocket', () => {
  it('completes setup on the SDK\'s own URL and records the session', async () => {
    const { session, observed } = connect();
    const live = await session;

    expect(observed.messages[0]?.setupComplete).toEqual({});
    const [record] = gemini.requestsFor('live', LIVE_MODEL);
    expect(record).toMatchObject({ action: 'live', path: LIVE_PATH, query: { key: 'test-key' }, apiKey: 'test-key', model: LIVE_MODEL });
    expect(record?.body).toEqual([
      expect.objectContaining({ setup: expect.objectContaining({ model: `models/${LIVE_MODEL}`, generationConfig: expect.objectContaining({ responseModalities: ['AUDIO'] }) }) }),
    ]);
    live.close();
    await vi.waitFor(() => expect(record?.endedAt).toBeDefined());
    expect(record?.aborted).toBe(false);
  });

  it('answers the Nth client turn with the Nth scripted group, in order', async () => {
    const pcm = Buffer.from(new Int16Array(240).fill(1000).buffer).toString('base64');
    gemini.script(
      'live',
      liveScript([
        [{ serverContent: { inputTranscription: { text: 'Сайн байна уу' } } }],
        [
          { serverContent: { outputTranscription: { text: 'Hello' } } },
          { serverContent: { modelTurn: { parts: [{ inlineData: { mimeType: 'audio/pcm;rate=24000', data: pcm } }] } } },
          { serverContent: { turnComplete: true } },
        ],
      ]),
    );
    const { session, observed } = connect();
    const live = await session;

    live.sendRealtimeInput(audioChunk);
    await vi.waitFor(() => expect(observed.messages).toHaveLength(2));
    live.sendClientContent({ turns: [{ role: 'user', parts: [{ text: 'and again' }] }], turnComplete: true });
    await vi.waitFor(() => expect(observed.messages).toHaveLength(5));

    expect(observed.messages[1]?.serverContent?.inputTranscription?.text).toBe('Сайн байна уу');
    expect(observed.messages[2]?.serverContent?.outputTranscription?.text).toBe('Hello');
    expect(observed.messages[3]?.data).toBe(pcm);
    expect(observed.messages[4]?.serverContent?.turnComplete).toBe(true);
    expect(gemini.requests[0]?.body).toEqual([
      expect.objectContaining({ setup: expect.anything() }),
      { realtimeInput: audioChunk },
      { clientContent: { turns: [{ role: 'user', parts: [{ text: 'and again' }] }], turnComplete: true } },
    ]);
    live.close();
  });

  it('sends nothing more once the script is used up', async () => {
    gemini.script('live', liveScript([[{ serverContent: { turnComplete: true } }]]));
    const { session, observed } = connect();
    const live = await session;

    live.sendRealtimeInput(audioChunk);
    live.sendRealtimeInput(audioChunk);
    await vi.waitFor(() => expect(gemini.requests[0]?.body).toHaveLength(3));
    live.close();
    await vi.waitFor(() => expect(observed.closes).toHaveLength(1));

    expect(observed.messages.map((message) => Object.keys(message))).toEqual([['setupComplete'], ['serverContent']]);
  });

  it('closes a session with an unknown key with 1007 and Google\'s message', async () => {
    const { observed } = connect('wrong-key');

    await vi.waitFor(() => expect(observed.closes).toHaveLength(1));

    expect(observed.closes[0]).toEqual({ code: 1007, reason: 'API key not valid. Please pass a valid API key.' });
    expect(observed.messages).toEqual([]);
    expect(gemini.requests[0]).toMatchObject({ action: 'live', apiKey: 'wrong-key', aborted: false });
  });

  it('reset drops the connection without a close frame', async () => {
    gemini.script('live', reset());
    const { observed } = connect();

    await vi.waitFor(() => expect(observed.closes).toHaveLength(1));

    expect(observed.closes[0]?.code).toBe(1006);
    expect(observed.messages).toEqual([]);
  });

  it('a delayed setup still completes', async () => {
    gemini.script('live', delay(10, liveScript([])));
    const { session, observed } = connect();

    await session;

    expect(observed.messages[0]?.setupComplete).toEqual({});
  });

  it('close() finishes while a session waits forever for setupComplete, and the client sees the drop', async () => {
    gemini.script('live', hang());
    const { observed } = connect();
    await vi.waitFor(() => expect(gemini.requests[0]?.model).toBe(LIVE_MODEL));

    await gemini.close();

    await vi.waitFor(() => expect(observed.closes).toHaveLength(1));
    expect(observed.messages).toEqual([]);
  });

  it('refuses a WebSocket on any other path', async () => {
    const { WebSocket } = await import('ws');
    const socket = new WebSocket(`${gemini.baseUrl.replace('http', 'ws')}/ws/google.ai.generativelanguage.v1beta.GenerativeService.BidiGenerateContent?key=test-key`);

    const outcome = await new Promise<string>((resolve) => {
      socket.on('open', () => resolve('open'));
      socket.on('error', (error) => resolve(error.message));
    });

    expect(outcome).toContain('404');
  });
});
