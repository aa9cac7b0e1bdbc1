import { GoogleGenAI, Type } from '@google/genai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_EMBEDDING_DIMENSIONS,
  DEFAULT_REPLY_TEXT,
  DEFAULT_SPEECH_MIME_TYPE,
  type GeminiDouble,
  audioReply,
  functionCallReply,
  jsonReply,
  reply,
  startGeminiDouble,
  stream,
  textChunk,
  textReply,
} from './gemini-double';

const MODEL = 'gemini-2.5-flash';

let gemini: GeminiDouble;
let ai: GoogleGenAI;

beforeEach(async () => {
  gemini = await startGeminiDouble();
  ai = new GoogleGenAI({ apiKey: 'test-key', httpOptions: { baseUrl: gemini.baseUrl, apiVersion: 'v1beta' } });
});

afterEach(async () => {
  await gemini.close();
});

function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  a.forEach((value, index) => {
    const other = b[index] ?? 0;
    dot += value * other;
    normA += value * value;
    normB += other * other;
  });
  return dot / Math.sqrt(normA * normB);
}

describe('generateContent', () => {
  it('answers with the default text, usage and model version when nothing is scripted', async () => {
    const response = await ai.models.generateContent({ model: MODEL, contents: 'Hello there, double' });

    expect(response.text).toBe(DEFAULT_REPLY_TEXT);
    expect(response.modelVersion).toBe(MODEL);
    expect(response.usageMetadata?.promptTokenCount).toBeGreaterThan(0);
    expect(response.usageMetadata?.totalTokenCount).toBe(
      (response.usageMetadata?.promptTokenCount ?? 0) + (response.usageMetadata?.candidatesTokenCount ?? 0),
    );
  });

  it('records the key, the model, the path and the body the SDK sent', async () => {
    await ai.models.generateContent({
      model: MODEL,
      contents: 'What is on my calendar?',
      config: { systemInstruction: 'Be brief.', temperature: 0.2 },
    });

    const [request] = gemini.requestsFor('generateContent', MODEL);
    expect(request).toMatchObject({
      action: 'generateContent',
      model: MODEL,
      method: 'POST',
      path: `/v1beta/models/${MODEL}:generateContent`,
      apiKey: 'test-key',
      aborted: false,
      body: {
        contents: [{ role: 'user', parts: [{ text: 'What is on my calendar?' }] }],
        systemInstruction: { parts: [{ text: 'Be brief.' }] },
        generationConfig: { temperature: 0.2 },
      },
    });
    expect(request?.endedAt).toBeGreaterThanOrEqual(request?.firstByteAt ?? Infinity);
    expect(request?.firstByteAt).toBeGreaterThanOrEqual(request?.startedAt ?? Infinity);
  });

  it('serves scripted replies in order, then falls back to the default', async () => {
    gemini.script('generateContent', textReply('first'), textReply('second'));

    const texts = [];
    for (let i = 0; i < 3; i++) texts.push((await ai.models.generateContent({ model: MODEL, contents: 'x' })).text);

    expect(texts).toEqual(['first', 'second', DEFAULT_REPLY_TEXT]);
  });

  it('gives a model its own script before the shared one', async () => {
    gemini.script('generateContent', textReply('shared'));
    gemini.scriptFor('models/gemma-4-26b-a4b-it', 'generateContent', textReply('gemma only'));

    const flash = await ai.models.generateContent({ model: MODEL, contents: 'x' });
    const gemma = await ai.models.generateContent({ model: 'gemma-4-26b-a4b-it', contents: 'x' });

    expect([flash.text, gemma.text]).toEqual(['shared', 'gemma only']);
    expect(gemini.requestsFor('generateContent', 'gemma-4-26b-a4b-it')).toHaveLength(1);
  });

  it('returns structured output as JSON text', async () => {
    gemini.script('generateContent', jsonReply({ summary: 'All good', urgent: false }));

    const response = await ai.models.generateContent({
      model: MODEL,
      contents: 'Summarise',
      config: {
        responseMimeType: 'application/json',
        responseSchema: { type: Type.OBJECT, properties: { summary: { type: Type.STRING }, urgent: { type: Type.BOOLEAN } } },
      },
    });

    expect(JSON.parse(response.text ?? '')).toEqual({ summary: 'All good', urgent: false });
    expect(gemini.requests[0]?.body).toMatchObject({ generationConfig: { responseMimeType: 'application/json' } });
  });

  it('returns a function call whose thoughtSignature survives the round trip back to the model', async () => {
    gemini.script('generateContent', functionCallReply('search_mail', { query: 'invoice' }), textReply('Found 2 invoices.'));
    const tools = [{ functionDeclarations: [{ name: 'search_mail', parametersJsonSchema: { type: 'object', properties: { query: { type: 'string' } } } }] }];

    const first = await ai.models.generateContent({ model: MODEL, contents: 'Find invoices', config: { tools } });
    expect(first.functionCalls).toEqual([{ name: 'search_mail', args: { query: 'invoice' } }]);
    const modelTurn = first.candidates?.[0]?.content;
    const signature = modelTurn?.parts?.[0]?.thoughtSignature;
    expect(signature).toEqual(expect.any(String));

    const second = await ai.models.generateContent({
      model: MODEL,
      contents: [
        { role: 'user', parts: [{ text: 'Find invoices' }] },
        modelTurn ?? {},
        { role: 'user', parts: [{ functionResponse: { name: 'search_mail', response: { output: ['a', 'b'] } } }] },
      ],
      config: { tools },
    });

    expect(second.text).toBe('Found 2 invoices.');
    expect(gemini.requests[1]?.body).toMatchObject({ contents: [{}, { role: 'model', parts: [{ thoughtSignature: signature }] }, {}] });
  });

  it('answers with exactly the JSON given to reply()', async () => {
    gemini.script('generateContent', reply({ candidates: [{ content: { role: 'model', parts: [{ text: 'a' }, { text: 'b' }] }, finishReason: 'MAX_TOKENS' }] }));

    const response = await ai.models.generateContent({ model: MODEL, contents: 'x' });

    expect(response.text).toBe('ab');
    expect(response.candidates?.[0]?.finishReason).toBe('MAX_TOKENS');
  });

  it('answers a TTS model with raw 24 kHz PCM by default: a quiet sine, 20 ms per character, the same each time', async () => {
    const speak = () =>
      ai.models.generateContent({
        model: 'gemini-3.8-flash-tts',
        contents: 'Hello there.',
        config: { responseModalities: ['AUDIO'], speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Kore' } } } },
      });

    const first = await speak();
    const part = first.candidates?.[0]?.content?.parts?.[0]?.inlineData;
    expect(part?.mimeType).toBe(DEFAULT_SPEECH_MIME_TYPE);
    const pcm = Buffer.from(part?.data ?? '', 'base64');
    expect(pcm.length).toBe('Hello there.'.length * 0.02 * 24_000 * 2);
    const samples = Array.from({ length: pcm.length / 2 }, (_, index) => pcm.readInt16LE(index * 2));
    expect(Math.max(...samples)).toBeGreaterThan(0);
    expect(Math.max(...samples.map(Math.abs))).toBeLessThan(32767 / 10);
    expect((await speak()).candidates?.[0]?.content?.parts?.[0]?.inlineData?.data).toBe(part?.data);
  });

  it('answers with the audio given to audioReply()', async () => {
    gemini.script('generateContent', audioReply(Buffer.from('RIFF....WAVE'), 'audio/wav'));
    const response = await ai.models.generateContent({ model: 'gemini-3.8-flash-tts', contents: 'x' });
    expect(response.candidates?.[0]?.content?.parts?.[0]?.inlineData).toEqual({
      mimeType: 'audio/wav',
      data: Buffer.from('RIFF....WAVE').toString('base64'),
    });
  });
});

describe('streamGenerateContent', () => {
  it('streams the default text in three SSE chunks over ?alt=sse', async () => {
    const pieces = [];
    for await (const chunk of await ai.models.generateContentStream({ model: MODEL, contents: 'Hi' })) pieces.push(chunk.text);

    expect(pieces).toHaveLength(3);
    expect(pieces.join('')).toBe(DEFAULT_REPLY_TEXT);
    expect(gemini.requests[0]).toMatchObject({ action: 'streamGenerateContent', query: { alt: 'sse' } });
  });

  it('streams scripted chunks, the last with its finish reason and usage', async () => {
    gemini.script(
      'streamGenerateContent',
      stream([textChunk('Sain '), textChunk('baina uu'), { ...textChunk('?', { finishReason: 'STOP' }), usageMetadata: { promptTokenCount: 3, totalTokenCount: 9 } }], {
        chunkDelayMs: 5,
      }),
    );

    const chunks = [];
    for await (const chunk of await ai.models.generateContentStream({ model: MODEL, contents: 'Greet me' })) chunks.push(chunk);

    expect(chunks.map((chunk) => chunk.text).join('')).toBe('Sain baina uu?');
    expect(chunks.at(-1)?.candidates?.[0]?.finishReason).toBe('STOP');
    expect(chunks.at(-1)?.usageMetadata?.totalTokenCount).toBe(9);
  });

  it('sends a reply step as a single event', async () => {
    gemini.script('streamGenerateContent', textReply('all at once'));

    const texts = [];
    for await (const chunk of await ai.models.generateContentStream({ model: MODEL, contents: 'x' })) texts.push(chunk.text);

    expect(texts).toEqual(['all at once']);
  });
});

describe('batchEmbedContents', () => {
  it('embeds every text through the batch path, with the requested dimensionality', async () => {
    const response = await ai.models.embedContent({
      model: 'gemini-embedding-001',
      contents: ['the quarterly budget report', 'lunch menu'],
      config: { taskType: 'RETRIEVAL_DOCUMENT', outputDimensionality: 768, title: 'Finance' },
    });

    expect(response.embeddings).toHaveLength(2);
    expect(response.embeddings?.[0]?.values).toHaveLength(768);
    const [request] = gemini.requestsFor('batchEmbedContents', 'gemini-embedding-001');
    expect(request?.path).toBe('/v1beta/models/gemini-embedding-001:batchEmbedContents');
    expect(request?.body).toMatchObject({
      requests: [
        { model: 'models/gemini-embedding-001', content: { parts: [{ text: 'the quarterly budget report' }] }, taskType: 'RETRIEVAL_DOCUMENT', title: 'Finance', outputDimensionality: 768 },
        { model: 'models/gemini-embedding-001', content: { parts: [{ text: 'lunch menu' }] } },
      ],
    });
  });

  it('uses the full default dimensionality when none is asked for', async () => {
    const response = await ai.models.embedContent({ model: 'gemini-embedding-001', contents: 'one text' });

    expect(response.embeddings?.[0]?.values).toHaveLength(DEFAULT_EMBEDDING_DIMENSIONS);
  });

  it('gives texts that share words a clearly higher cosine than unrelated texts, and identical texts identical vectors', async () => {
    const embed = async (texts: string[]) =>
      (await ai.models.embedContent({ model: 'gemini-embedding-001', contents: texts, config: { outputDimensionality: 768 } })).embeddings?.map(
        (embedding) => embedding.values ?? [],
      ) ?? [];

    const [query, related, unrelated, queryAgain] = await embed([
      'How do I reset my VPN password?',
      'Reset the VPN password from the staff portal: how do I find it?',
      'The canteen serves soup on Fridays.',
      'How do I reset my VPN password?',
    ]);

    expect(cosine(query!, related!)).toBeGreaterThan(0.5);
    expect(cosine(query!, unrelated!)).toBeLessThan(0.1);
    expect(queryAgain).toEqual(query);
  });

  it('rejects a batch above Google\'s limit of 100 requests', async () => {
    const texts = Array.from({ length: 101 }, (_, index) => `text ${index}`);

    await expect(ai.models.embedContent({ model: 'gemini-embedding-001', contents: texts })).rejects.toMatchObject({
      name: 'ApiError',
      status: 400,
      message: expect.stringContaining('at most 100 requests'),
    });
  });
});

describe('countTokens and models.get', () => {
  it('counts tokens deterministically from the request text', async () => {
    const short = await ai.models.countTokens({ model: MODEL, contents: 'short' });
    const long = await ai.models.countTokens({ model: MODEL, contents: 'a much longer text that surely has more tokens' });

    expect(short.totalTokens).toBeGreaterThan(0);
    expect(long.totalTokens).toBeGreaterThan(short.totalTokens ?? Infinity);
    expect(gemini.requestsFor('countTokens')).toHaveLength(2);
  });

  it('describes a model', async () => {
    const model = await ai.models.get({ model: MODEL });

    expect(model.name).toBe(`models/${MODEL}`);
    expect(model.inputTokenLimit).toBeGreaterThan(0);
    expect(gemini.requests[0]).toMatchObject({ action: 'getModel', method: 'GET', path: `/v1beta/models/${MODEL}`, body: null });
  });
});

describe('scripting and the record', () => {
  it('refuses a step that cannot serve the action', () => {
    expect(() => gemini.script('generateContent', stream([textChunk('x')]))).toThrow(/streamGenerateContent/);
  });

  it('reset() forgets the scripts and the record', async () => {
    gemini.script('generateContent', textReply('scripted'));
    await ai.models.countTokens({ model: MODEL, contents: 'x' });
    const requests = gemini.requests;

    gemini.reset();
    const response = await ai.models.generateContent({ model: MODEL, contents: 'x' });

    expect(response.text).toBe(DEFAULT_REPLY_TEXT);
    expect(requests.map((request) => request.action)).toEqual(['generateContent']);
  });

  it('accepts any of its valid keys, in the header or in ?key=', async () => {
    const double = await startGeminiDouble({ validKeys: ['key-a', 'key-b'] });
    try {
      const client = new GoogleGenAI({ apiKey: 'key-b', httpOptions: { baseUrl: double.baseUrl, apiVersion: 'v1beta' } });
      const viaSdk = await client.models.generateContent({ model: MODEL, contents: 'x' });
      const viaQuery = await fetch(`${double.baseUrl}/v1beta/models/${MODEL}:countTokens?key=key-a`, { method: 'POST', body: '{"contents":[]}' });

      expect(viaSdk.text).toBe(DEFAULT_REPLY_TEXT);
      expect(viaQuery.status).toBe(200);
      expect(double.requests.map((request) => request.apiKey)).toEqual(['key-b', 'key-a']);
    } finally {
      await double.close();
    }
  });

  it('answers paths outside v1beta with 404, so an unpinned apiVersion shows up in tests', async () => {
    const v1 = new GoogleGenAI({ apiKey: 'test-key', httpOptions: { baseUrl: gemini.baseUrl, apiVersion: 'v1' } });

    await expect(v1.models.generateContent({ model: MODEL, contents: 'x' })).rejects.toMatchObject({ name: 'ApiError', status: 404 });
    expect(gemini.requests[0]?.action).toBe('unknown');
  });
});
