import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REPLY_TEXT,
  badRequest,
  hang,
  overloaded,
  reset,
  stream,
  textChunk,
  textReply,
} from '../../../test/doubles/gemini-double';
import { createGatewayKit, useGeminiDouble } from '../../../test/support/gateway-test-kit';
import type { StreamRequest } from './gateway-types';

const gemini = useGeminiDouble();
const MODEL = 'gemini-3.8-flash';
const streamed = () => gemini.double.requestsFor('streamGenerateContent');

function listen(overrides: Partial<StreamRequest> = {}) {
  const chunks: string[] = [];
  const request: StreamRequest = {
    model: MODEL,
    contents: 'Tell me about the VPN.',
    attempts: 4,
    timeoutMs: 5_000,
    onChunk: (chunk) => chunks.push(chunk.text),
    ...overrides,
  };
  return { chunks, request };
}

const threeChunks = [textChunk('one'), textChunk(' two'), textChunk(' three', { finishReason: 'STOP' })];

describe('gateway.stream', () => {
  it('hands out text as it arrives and the whole turn at the end', async () => {
    const { gateway } = createGatewayKit(gemini.double);
    const { chunks, request } = listen();
    const result = await gateway.stream(request);
    expect(chunks.join('')).toBe(DEFAULT_REPLY_TEXT);
    expect(chunks.length).toBeGreaterThan(1);
    expect(result).toMatchObject({ ok: true, value: { text: DEFAULT_REPLY_TEXT, finishReason: 'STOP' } });
  });

  it('retries a failure before the first chunk', async () => {
    gemini.double.script('streamGenerateContent', overloaded(), reset());
    const { gateway, delays } = createGatewayKit(gemini.double);
    const { chunks, request } = listen();
    expect(await gateway.stream(request)).toMatchObject({ ok: true, value: { text: DEFAULT_REPLY_TEXT } });
    expect(chunks.join('')).toBe(DEFAULT_REPLY_TEXT);
    expect(streamed()).toHaveLength(3);
    expect(delays).toHaveLength(2);
  });

  it('surfaces a reset after the first chunk instead of saying it twice', async () => {
    gemini.double.script('streamGenerateContent', stream(threeChunks, { resetAfter: 1 }));
    const { gateway } = createGatewayKit(gemini.double);
    const { chunks, request } = listen();
    expect(await gateway.stream(request)).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason: 'network' } });
    expect(chunks).toEqual(['one']);
    expect(streamed()).toHaveLength(1);
  });

  it('stops at a safety block mid-stream', async () => {
    gemini.double.script('streamGenerateContent', stream([textChunk('Sure, '), { candidates: [{ finishReason: 'SAFETY', index: 0 }] }]));
    const { gateway } = createGatewayKit(gemini.double);
    const { chunks, request } = listen();
    expect(await gateway.stream(request)).toMatchObject({ ok: false, error: { reason: 'safety' } });
    expect(chunks).toEqual(['Sure, ']);
    expect(streamed()).toHaveLength(1);
  });

  it('aborts the HTTP request when the caller cancels mid-stream', async () => {
    gemini.double.script('streamGenerateContent', stream(threeChunks, { chunkDelayMs: 10_000 }));
    const { gateway } = createGatewayKit(gemini.double);
    const controller = new AbortController();
    const { chunks, request } = listen({ signal: controller.signal, onChunk: (chunk) => {
      chunks.push(chunk.text);
      controller.abort();
    } });
    expect(await gateway.stream(request)).toMatchObject({ ok: false, failure: { kind: 'cancelled' } });
    expect(chunks).toEqual(['one']);
    await expect.poll(() => streamed()[0]?.aborted).toBe(true);
    expect(streamed()).toHaveLength(1);
  });

  it('times out a stream that goes quiet', async () => {
    gemini.double.script('streamGenerateContent', hang(), hang());
    const { gateway } = createGatewayKit(gemini.double);
    const { request } = listen({ attempts: 2, timeoutMs: 150 });
    expect(await gateway.stream(request)).toMatchObject({ ok: false, error: { reason: 'timeout' } });
    await expect.poll(() => streamed().map((r) => r.aborted)).toEqual([true, true]);
  });

  it('answers in one piece when tools go through the prompt, so a written call never reaches the member', async () => {
    const model = 'gemma-4-26b-a4b-it';
    gemini.double.script('generateContent', textReply('{"tool_call":{"name":"get_server_time","args":{}}}'), textReply('It is ten.'));
    const { gateway } = createGatewayKit(gemini.double);
    const tools = [{ name: 'get_server_time', description: 'The time in Ulaanbaatar.', parameters: { type: 'object' } }];
    const first = listen({ model, tools });
    expect(await gateway.stream(first.request)).toMatchObject({ ok: true, value: { functionCalls: [{ name: 'get_server_time' }] } });
    expect(first.chunks).toEqual([]);
    const second = listen({ model, tools });
    expect(await gateway.stream(second.request)).toMatchObject({ ok: true, value: { text: 'It is ten.' } });
    expect(second.chunks).toEqual(['It is ten.']);
    expect(streamed()).toHaveLength(0);
  });

  it('learns a refused feature from a stream too', async () => {
    gemini.double.script('streamGenerateContent', badRequest('Developer instruction is not enabled for models/gemini-9-preview'));
    const { gateway } = createGatewayKit(gemini.double);
    const { chunks, request } = listen({ model: 'gemini-9-preview', systemInstruction: 'Be brief.' });
    expect(await gateway.stream(request)).toMatchObject({ ok: true });
    expect(chunks.join('')).toBe(DEFAULT_REPLY_TEXT);
    expect(streamed().map((r) => (r.body as { systemInstruction?: unknown }).systemInstruction === undefined)).toEqual([false, true]);
  });
});
