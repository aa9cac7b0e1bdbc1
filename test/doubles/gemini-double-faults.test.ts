import { ApiError, GoogleGenAI, ThinkingLevel } from '@google/genai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type GeminiDouble,
  THINKING_LEVEL_UNSUPPORTED_MESSAGE,
  badRequest,
  delay,
  emptyCandidates,
  hang,
  invalidKey,
  malformed,
  overloaded,
  permissionDenied,
  quotaExceeded,
  reset,
  safetyBlock,
  startGeminiDouble,
  status,
  stream,
  textChunk,
  textReply,
  thinkingLevelUnsupported,
} from './gemini-double';

const MODEL = 'gemini-2.5-flash';

let gemini: GeminiDouble;
let ai: GoogleGenAI;

function client(apiKey: string, extra: { timeout?: number } = {}): GoogleGenAI {
  return new GoogleGenAI({ apiKey, httpOptions: { baseUrl: gemini.baseUrl, apiVersion: 'v1beta', ...extra } });
}

beforeEach(async () => {
  gemini = await startGeminiDouble();
  ai = client('test-key');
});

afterEach(async () => {
  await gemini.close();
});

/** The SDK's ApiError, with its message (the JSON error body) parsed back. */
async function apiErrorOf(call: Promise<unknown>): Promise<{ status: number; body: { error: { code: number; status: string; message: string; details?: unknown[] } } }> {
  const error = await call.then(
    () => {
      throw new Error('The call succeeded, but an ApiError was expected.');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  const apiError = error as ApiError;
  return { status: apiError.status, body: JSON.parse(apiError.message) };
}

const generate = (contents = 'x') => ai.models.generateContent({ model: MODEL, contents });

describe('error statuses reach the SDK as ApiError with Google\'s JSON body', () => {
  it('quota per minute: 429 RESOURCE_EXHAUSTED with QuotaFailure and RetryInfo', async () => {
    gemini.script('generateContent', quotaExceeded());

    const { status: code, body } = await apiErrorOf(generate());

    expect(code).toBe(429);
    expect(body.error).toMatchObject({ code: 429, status: 'RESOURCE_EXHAUSTED' });
    expect(body.error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
          violations: [expect.objectContaining({ quotaId: expect.stringContaining('PerMinute') })],
        }),
        { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '21s' },
      ]),
    );
  });

  it('quota per day: the quotaId says PerDay and the retry delay is the one scripted', async () => {
    gemini.script('generateContent', quotaExceeded({ perDay: true, retryDelay: '3600s' }));

    const { body } = await apiErrorOf(generate());

    expect(JSON.stringify(body)).toContain('PerDay');
    expect(body.error.details).toContainEqual({ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '3600s' });
  });

  it('overloaded: 503 UNAVAILABLE', async () => {
    gemini.script('generateContent', overloaded());

    expect(await apiErrorOf(generate())).toMatchObject({ status: 503, body: { error: { code: 503, status: 'UNAVAILABLE' } } });
  });

  it('a scripted invalid key: 400 API_KEY_INVALID', async () => {
    gemini.script('generateContent', invalidKey());

    const { status: code, body } = await apiErrorOf(generate());

    expect(code).toBe(400);
    expect(body.error.message).toBe('API key not valid. Please pass a valid API key.');
    expect(body.error.details).toContainEqual(expect.objectContaining({ reason: 'API_KEY_INVALID', domain: 'googleapis.com' }));
  });

  it('permission denied: 403 PERMISSION_DENIED', async () => {
    gemini.script('generateContent', permissionDenied());

    expect(await apiErrorOf(generate())).toMatchObject({ status: 403, body: { error: { status: 'PERMISSION_DENIED' } } });
  });

  it('bad request: 400 INVALID_ARGUMENT with the scripted message', async () => {
    gemini.scriptFor('gemma-4-26b-a4b-it', 'generateContent', badRequest('Developer instruction is not enabled for models/gemma-4-26b-a4b-it'));

    const { body } = await apiErrorOf(ai.models.generateContent({ model: 'gemma-4-26b-a4b-it', contents: 'x', config: { systemInstruction: 'Be kind.' } }));

    expect(body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT', message: 'Developer instruction is not enabled for models/gemma-4-26b-a4b-it' });
  });

  it('a thinking level the model does not take: 400 in Google\'s words, with the level in the record', async () => {
    gemini.scriptFor(MODEL, 'generateContent', thinkingLevelUnsupported());
    const config = { thinkingConfig: { thinkingLevel: ThinkingLevel.LOW } };

    const { body } = await apiErrorOf(ai.models.generateContent({ model: MODEL, contents: 'x', config }));
    await ai.models.generateContent({ model: 'gemini-3.8-flash', contents: 'x', config });

    expect(body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT', message: THINKING_LEVEL_UNSUPPORTED_MESSAGE });
    expect(gemini.requests.map((request) => request.body)).toEqual([
      expect.objectContaining({ generationConfig: { thinkingConfig: { thinkingLevel: 'LOW' } } }),
      expect.objectContaining({ generationConfig: { thinkingConfig: { thinkingLevel: 'LOW' } } }),
    ]);
  });

  it('any status, with Google\'s canonical body when none is given', async () => {
    gemini.script('generateContent', status(500), status(418, { error: { code: 418, message: 'teapot', status: 'UNKNOWN' } }));

    expect(await apiErrorOf(generate())).toMatchObject({ status: 500, body: { error: { code: 500, status: 'INTERNAL' } } });
    expect(await apiErrorOf(generate())).toMatchObject({ status: 418, body: { error: { message: 'teapot' } } });
  });

  it('an error on the stream path arrives before any chunk', async () => {
    gemini.script('streamGenerateContent', quotaExceeded());

    expect(await apiErrorOf(ai.models.generateContentStream({ model: MODEL, contents: 'x' }))).toMatchObject({ status: 429 });
  });

  it('an error on the embedding path', async () => {
    gemini.script('batchEmbedContents', overloaded());

    expect(await apiErrorOf(ai.models.embedContent({ model: 'gemini-embedding-001', contents: 'x' }))).toMatchObject({ status: 503 });
  });
});

describe('keys', () => {
  it('answers an unknown key with the real 400 API_KEY_INVALID body, without using up the script', async () => {
    gemini.script('generateContent', textReply('for the right key'));

    const { status: code, body } = await apiErrorOf(client('wrong-key').models.generateContent({ model: MODEL, contents: 'x' }));
    const later = await generate();

    expect(code).toBe(400);
    expect(body.error).toMatchObject({ status: 'INVALID_ARGUMENT', message: 'API key not valid. Please pass a valid API key.' });
    expect(body.error.details).toContainEqual(expect.objectContaining({ reason: 'API_KEY_INVALID' }));
    expect(later.text).toBe('for the right key');
    expect(gemini.requests.map((request) => request.apiKey)).toEqual(['wrong-key', 'test-key']);
  });

  it('answers a request with no key at all with 403, as Google does for unregistered callers', async () => {
    const response = await fetch(`${gemini.baseUrl}/v1beta/models/${MODEL}:generateContent`, { method: 'POST', body: '{}' });

    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
  });
});

describe('odd 200s', () => {
  it('empty candidates: no text, no error', async () => {
    gemini.script('generateContent', emptyCandidates());

    const response = await generate();

    expect(response.candidates).toEqual([]);
    expect(response.text).toBeUndefined();
  });

  it('safety block: no text, SAFETY as finish and block reason', async () => {
    gemini.script('generateContent', safetyBlock());

    const response = await generate();

    expect(response.text).toBeUndefined();
    expect(response.candidates?.[0]?.finishReason).toBe('SAFETY');
    expect(response.promptFeedback?.blockReason).toBe('SAFETY');
  });
});

describe('broken connections and bodies', () => {
  it('reset: the SDK throws a network TypeError and the request is not counted as a client abort', async () => {
    gemini.script('generateContent', reset());

    await expect(generate()).rejects.toThrow(TypeError);
    await vi.waitFor(() => expect(gemini.requests[0]?.endedAt).toBeDefined());
    expect(gemini.requests[0]?.aborted).toBe(false);
  });

  it('malformed: the SDK fails to parse the body', async () => {
    gemini.script('generateContent', malformed());

    await expect(generate()).rejects.toThrow(SyntaxError);
  });

  it('malformed on the stream path: the SDK fails on the broken event', async () => {
    gemini.script('streamGenerateContent', malformed());

    const consume = async () => {
      for await (const chunk of await ai.models.generateContentStream({ model: MODEL, contents: 'x' })) void chunk;
    };

    await expect(consume()).rejects.toThrow(SyntaxError);
  });

  it('a stream reset mid-way delivers the chunks before the reset, then a network TypeError', async () => {
    gemini.script('streamGenerateContent', stream([textChunk('one '), textChunk('two '), textChunk('three')], { resetAfter: 2 }));

    const received: Array<string | undefined> = [];
    const consume = async () => {
      for await (const chunk of await ai.models.generateContentStream({ model: MODEL, contents: 'x' })) received.push(chunk.text);
    };

    await expect(consume()).rejects.toThrow(TypeError);
    expect(received).toEqual(['one ', 'two ']);
  });
});

describe('slow and silent servers', () => {
  it('hang: the request stays open until the caller aborts, and the record says the client went away', async () => {
    gemini.script('generateContent', hang());
    const controller = new AbortController();

    const call = ai.models.generateContent({ model: MODEL, contents: 'x', config: { abortSignal: controller.signal } });
    await vi.waitFor(() => expect(gemini.requests).toHaveLength(1));
    controller.abort();

    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    await vi.waitFor(() => expect(gemini.requests[0]?.aborted).toBe(true));
    expect(gemini.requests[0]?.firstByteAt).toBeUndefined();
  });

  it('hang: the client timeout ends it', async () => {
    gemini.script('generateContent', hang());

    await expect(client('test-key', { timeout: 300 }).models.generateContent({ model: MODEL, contents: 'x' })).rejects.toMatchObject({ name: 'AbortError' });
    await vi.waitFor(() => expect(gemini.requests[0]?.aborted).toBe(true));
  });

  it('delay: holds the reply while later requests are answered, and answers when it is over', async () => {
    gemini.script('generateContent', delay(60_000, textReply('too late')), textReply('prompt'), delay(10, textReply('a little late')));
    const controller = new AbortController();
    const settled: string[] = [];

    const held = ai.models.generateContent({ model: MODEL, contents: 'x', config: { abortSignal: controller.signal } }).finally(() => settled.push('held'));
    await vi.waitFor(() => expect(gemini.requests).toHaveLength(1));
    const prompt = await generate();
    settled.push('prompt');
    const late = await generate();

    expect(prompt.text).toBe('prompt');
    expect(late.text).toBe('a little late');
    expect(settled).toEqual(['prompt']);
    controller.abort();
    await expect(held).rejects.toMatchObject({ name: 'AbortError' });
    await vi.waitFor(() => expect(gemini.requests[0]?.aborted).toBe(true));
  });

  it('a slow stream can be abandoned mid-way', async () => {
    gemini.script('streamGenerateContent', stream([textChunk('first'), textChunk('never')], { chunkDelayMs: 60_000 }));
    const controller = new AbortController();

    const chunks = await ai.models.generateContentStream({ model: MODEL, contents: 'x', config: { abortSignal: controller.signal } });
    const first = await chunks.next();
    controller.abort();

    expect(first.value?.text).toBe('first');
    await expect(chunks.next()).rejects.toMatchObject({ name: 'AbortError' });
    await vi.waitFor(() => expect(gemini.requests[0]?.aborted).toBe(true));
    expect(gemini.requests[0]?.firstByteAt).toBeDefined();
  });

  it('close() finishes while a request hangs, and the caller sees the connection drop', async () => {
    gemini.script('generateContent', hang());

    const call = generate();
    await vi.waitFor(() => expect(gemini.requests).toHaveLength(1));
    await gemini.close();

    await expect(call).rejects.toThrow(TypeError);
  });
});
