import type { GenerateContentResponse } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { createStreamReader, promptToolCall, readGeneration } from './read-generation';

const MODEL = 'gemini-3.8-flash';
const response = (value: object) => value as GenerateContentResponse;
const turn = (parts: object[], finishReason = 'STOP') =>
  response({ candidates: [{ content: { role: 'model', parts }, finishReason }] });

describe('readGeneration', () => {
  it('joins the text parts, leaves thoughts out, and keeps the turn as it came', () => {
    const parts = [{ text: 'thinking…', thought: true }, { text: 'Hello' }, { text: ' there', thoughtSignature: 'sig' }];
    const read = readGeneration(turn(parts), MODEL, null);
    expect(read).toEqual({
      ok: true,
      value: { model: MODEL, text: 'Hello there', content: { role: 'model', parts }, functionCalls: [], audio: null, finishReason: 'STOP' },
    });
  });

  it('returns function calls', () => {
    const call = { name: 'search_knowledge', args: { query: 'vpn' } };
    const read = readGeneration(turn([{ functionCall: call, thoughtSignature: 'sig' }]), MODEL, null);
    expect(read.ok && read.value.functionCalls).toEqual([call]);
  });

  it('V4: reads the first audio part of a TTS reply', () => {
    const first = { mimeType: 'audio/L16;codec=pcm;rate=24000', data: 'AAABAA==' };
    const read = readGeneration(turn([{ inlineData: first }, { inlineData: { mimeType: 'audio/wav', data: 'UklGRg==' } }]), MODEL, null);
    expect(read.ok && read.value).toMatchObject({ text: '', audio: first });
  });

  it('accepts an empty answer that finished normally', () => {
    const read = readGeneration(turn([]), MODEL, null);
    expect(read.ok && read.value.text).toBe('');
  });

  it('calls a blocked prompt or answer a safety failure', () => {
    expect(readGeneration(response({ promptFeedback: { blockReason: 'SAFETY' }, candidates: [] }), MODEL, null)).toMatchObject({
      ok: false,
      failure: { kind: 'safety' },
    });
    expect(readGeneration(response({ candidates: [{ finishReason: 'SAFETY' }] }), MODEL, null)).toMatchObject({
      failure: { kind: 'safety' },
    });
  });

  it('calls a response without candidates malformed', () => {
    expect(readGeneration(response({ candidates: [] }), MODEL, null)).toMatchObject({ failure: { kind: 'malformed' } });
  });

  it('reads a tool call a model wrote as JSON when tools went through the prompt', () => {
    const tools = [{ name: 'get_server_time' }];
    const read = readGeneration(turn([{ text: '```json\n{"tool_call":{"name":"get_server_time","args":{}}}\n```' }]), MODEL, tools);
    expect(read.ok && read.value).toMatchObject({ text: '', functionCalls: [{ name: 'get_server_time', args: {} }] });
  });
});

describe('promptToolCall', () => {
  const tools = [{ name: 'get_server_time' }];

  it('ignores plain answers, unknown tools and bad arguments', () => {
    expect(promptToolCall('It is ten o’clock.', tools)).toBeNull();
    expect(promptToolCall('{"tool_call":{"name":"rm_rf","args":{}}}', tools)).toBeNull();
    expect(promptToolCall('{"tool_call":{"name":"get_server_time","args":[1]}}', tools)).toBeNull();
    expect(promptToolCall('{"answer":"x"}', tools)).toBeNull();
  });
});

describe('createStreamReader', () => {
  it('hands out each chunk’s text and gathers the whole turn', () => {
    const reader = createStreamReader(MODEL);
    expect(reader.add(turn([{ text: 'Hel' }], undefined as unknown as string))).toEqual({ ok: true, value: 'Hel' });
    expect(reader.add(response({ usageMetadata: { totalTokenCount: 3 } }))).toEqual({ ok: true, value: '' });
    expect(reader.add(turn([{ text: 'lo' }]))).toEqual({ ok: true, value: 'lo' });
    expect(reader.finish()).toMatchObject({
      ok: true,
      value: { text: 'Hello', finishReason: 'STOP', content: { parts: [{ text: 'Hel' }, { text: 'lo' }] } },
    });
  });

  it('stops at a safety block', () => {
    const reader = createStreamReader(MODEL);
    expect(reader.add(response({ candidates: [{ finishReason: 'SAFETY' }] }))).toMatchObject({ failure: { kind: 'safety' } });
  });

  it('calls a stream that never answered malformed', () => {
    expect(createStreamReader(MODEL).finish()).toMatchObject({ failure: { kind: 'malformed' } });
  });
});
