import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DEFAULT_REPLY_TEXT,
  badRequest,
  jsonReply,
  textReply,
  thinkingLevelUnsupported,
} from '../../../test/doubles/gemini-double';
import { declaredCapabilities } from './capabilities';
import { createGatewayKit, useGeminiDouble } from '../../../test/support/gateway-test-kit';
import type { JsonRequest } from './gateway-types';

const gemini = useGeminiDouble();
const GEMMA = 'gemma-4-26b-a4b-it';
/** A model the data calls capable, so that only Google's refusal can teach otherwise. */
const NEW_MODEL = 'gemini-9-preview';

const decision = z.object({ action: z.enum(['responder', 'buscar']), answer: z.string().optional() });
/** What the gateway derives from `decision` for the decoder. */
const responseJsonSchema = {
  type: 'object',
  properties: { action: { type: 'string', enum: ['responder', 'buscar'] }, answer: { type: 'string' } },
  required: ['action'],
};
const ask = (model: string): JsonRequest<z.infer<typeof decision>> => ({
  model,
  contents: 'Any mail from Bat today?',
  systemInstruction: 'You are the secretary of Saraa’s mailbox.',
  schema: decision,
  attempts: 2,
  timeoutMs: 5_000,
});

type Body = { contents: Content[]; systemInstruction?: unknown; generationConfig?: Record<string, unknown>; tools?: unknown };
const bodies = () => gemini.double.requestsFor('generateContent').map((request) => request.body as Body);
const firstText = (body: Body) => body.contents[0]!.parts![0]!.text!;
const lastText = (body: Body) => body.contents.at(-1)!.parts!.at(-1)!.text!;

describe('gateway.generateJson', () => {
  it('uses constrained decoding on a model that has it', async () => {
    gemini.double.script('generateContent', jsonReply({ action: 'buscar' }));
    const { gateway } = createGatewayKit(gemini.double);
    expect(await gateway.generateJson(ask('gemini-3.8-flash'))).toEqual({ ok: true, value: { action: 'buscar' } });
    const [body] = bodies();
    // The decoder's schema is derived from the zod schema that validates the reply: one shape, written once.
    expect(body!.generationConfig).toMatchObject({ responseMimeType: 'application/json', responseJsonSchema });
    expect(body!.generationConfig).not.toHaveProperty('responseSchema');
    expect(body!.systemInstruction).toBeDefined();
  });

  it('asks Gemma through the prompt alone, and reads JSON out of a code fence', async () => {
    gemini.double.script('generateContent', textReply('```json\n{"action":"responder","answer":"No mail from Bat."}\n```'));
    const { gateway } = createGatewayKit(gemini.double);
    expect(await gateway.generateJson(ask(GEMMA))).toEqual({ ok: true, value: { action: 'responder', answer: 'No mail from Bat.' } });
    const [body] = bodies();
    expect(body!.systemInstruction).toBeUndefined();
    expect(body!.generationConfig?.responseMimeType).toBeUndefined();
    expect(firstText(body!)).toContain('You are the secretary');
    expect(lastText(body!)).toContain('"responder"');
  });

  it('sends an unusable reply back once with what is wrong, and takes the repaired one', async () => {
    gemini.double.script('generateContent', jsonReply({ action: 'fly' }), jsonReply({ action: 'responder', answer: 'Done.' }));
    const { gateway } = createGatewayKit(gemini.double);
    expect(await gateway.generateJson(ask(GEMMA))).toEqual({ ok: true, value: { action: 'responder', answer: 'Done.' } });
    const [, repair] = bodies();
    expect(repair!.contents.at(-2)).toMatchObject({ role: 'model', parts: [{ text: '{"action":"fly"}' }] });
    expect(repair!.contents.at(-1)!.parts![0]!.text).toContain('action');
  });

  it('gives up after one repair with a malformed failure that keeps the first reply', async () => {
    gemini.double.script('generateContent', textReply('Bat wrote twice today.'), textReply('Still prose.'));
    const { gateway } = createGatewayKit(gemini.double);
    const result = await gateway.generateJson(ask(GEMMA));
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'UPSTREAM', reason: 'malformed' },
      failure: { kind: 'malformed', raw: 'Bat wrote twice today.' },
    });
    expect(bodies()).toHaveLength(2);
  });

  it('learns that a model refuses system instructions, retries once through the prompt, and remembers', async () => {
    gemini.double.script(
      'generateContent',
      badRequest(`Developer instruction is not enabled for models/${NEW_MODEL}`),
      jsonReply({ action: 'responder', answer: 'Hi' }),
      jsonReply({ action: 'buscar' }),
    );
    const { gateway, log } = createGatewayKit(gemini.double);
    expect(await gateway.generateJson(ask(NEW_MODEL))).toEqual({ ok: true, value: { action: 'responder', answer: 'Hi' } });
    expect(await gateway.generateJson(ask(NEW_MODEL))).toEqual({ ok: true, value: { action: 'buscar' } });
    const [refused, retried, later] = bodies();
    expect(refused!.systemInstruction).toBeDefined();
    for (const body of [retried!, later!]) {
      expect(body.systemInstruction).toBeUndefined();
      expect(firstText(body)).toContain('You are the secretary');
      // JSON mode was not refused, so it stays native.
      expect(body.generationConfig?.responseMimeType).toBe('application/json');
    }
    expect(log.lines.join('\n')).toContain('systemInstruction');
  });

  it('learns the same way when data wrongly calls a Gemma model capable', async () => {
    gemini.double.script(
      'generateContent',
      badRequest(`Developer instruction is not enabled for models/${GEMMA}`),
      textReply('```json\n{"action":"responder","answer":"Hi"}\n```'),
    );
    const { gateway } = createGatewayKit(gemini.double, { capabilities: () => declaredCapabilities('gemini-3.8-flash') });
    expect(await gateway.generateJson(ask(GEMMA))).toEqual({ ok: true, value: { action: 'responder', answer: 'Hi' } });
    const [refused, retried] = bodies();
    expect(refused!.systemInstruction).toBeDefined();
    expect(retried!.systemInstruction).toBeUndefined();
    expect(firstText(retried!)).toContain('You are the secretary');
  });

  it('learns each refused feature in turn', async () => {
    gemini.double.script(
      'generateContent',
      badRequest(`Developer instruction is not enabled for models/${NEW_MODEL}`),
      badRequest(`JSON mode is not enabled for models/${NEW_MODEL}`),
      textReply('{"action":"buscar"}'),
    );
    const { gateway } = createGatewayKit(gemini.double);
    expect(await gateway.generateJson(ask(NEW_MODEL))).toEqual({ ok: true, value: { action: 'buscar' } });
    const last = bodies()[2]!;
    expect(last.generationConfig?.responseMimeType).toBeUndefined();
    expect(lastText(last)).toContain('JSON');
  });

  it('does not loop on a refusal of something it did not send', async () => {
    gemini.double.script('generateContent', badRequest(`Developer instruction is not enabled for models/${GEMMA}`));
    const { gateway } = createGatewayKit(gemini.double);
    expect(await gateway.generateJson(ask(GEMMA))).toMatchObject({ ok: false, error: { reason: 'bad_request' } });
    expect(bodies()).toHaveLength(1);
  });
});

describe('gateway.generate with tools', () => {
  const tools = [{ name: 'get_server_time', description: 'The time in Ulaanbaatar.', parameters: { type: 'object' } }];
  const request = (model: string) => ({ model, contents: 'What time is it?', tools, attempts: 2, timeoutMs: 5_000 });

  it('falls back to tools described in the prompt when function calling is refused', async () => {
    gemini.double.script(
      'generateContent',
      badRequest(`Function calling is not enabled for models/${NEW_MODEL}`),
      textReply('{"tool_call":{"name":"get_server_time","args":{}}}'),
    );
    const { gateway } = createGatewayKit(gemini.double);
    const result = await gateway.generate(request(NEW_MODEL));
    expect(result).toMatchObject({ ok: true, value: { text: '', functionCalls: [{ name: 'get_server_time', args: {} }] } });
    const [refused, retried] = bodies();
    expect(refused!.tools).toBeDefined();
    expect(retried!.tools).toBeUndefined();
    expect(firstText(retried!)).toContain('get_server_time');
  });

  it('takes capability data from its deps', async () => {
    const { gateway } = createGatewayKit(gemini.double, { capabilities: () => declaredCapabilities('gemma-x') });
    expect(await gateway.generate(request('gemini-3.8-flash'))).toMatchObject({ ok: true, value: { text: DEFAULT_REPLY_TEXT } });
    expect(bodies()[0]!.tools).toBeUndefined();
  });
});

describe('gateway.generate with a thinking level', () => {
  const request = (model: string) => ({
    model,
    contents: 'Where is the VPN guide?',
    systemInstruction: 'Answer from the notes.',
    generation: { maxOutputTokens: 2048, thinkingLevel: 'low' as const },
    attempts: 2,
    timeoutMs: 5_000,
  });

  it('sends the level to a Gemini 3 model', async () => {
    const { gateway } = createGatewayKit(gemini.double);
    expect(await gateway.generate(request('gemini-3.8-flash'))).toMatchObject({ ok: true, value: { text: DEFAULT_REPLY_TEXT } });
    expect(bodies()[0]!.generationConfig).toEqual({ maxOutputTokens: 2048, thinkingConfig: { thinkingLevel: 'LOW' } });
  });

  it('sends no level to a model known to take none, and nothing else goes missing', async () => {
    const { gateway } = createGatewayKit(gemini.double);
    expect(await gateway.generate(request('gemini-2.5-flash'))).toMatchObject({ ok: true });
    const [body] = bodies();
    expect(body!.generationConfig).toEqual({ maxOutputTokens: 2048 });
    expect(body!.systemInstruction).toBeDefined();
  });

  it('learns from a refusal that a model takes no level, answers without it, and asks the next question without it', async () => {
    gemini.double.scriptFor(NEW_MODEL, 'generateContent', thinkingLevelUnsupported(), textReply('In IT > VPN access.'));
    const { gateway, log } = createGatewayKit(gemini.double);
    expect(await gateway.generate(request(NEW_MODEL))).toMatchObject({ ok: true, value: { text: 'In IT > VPN access.' } });
    expect(await gateway.generate(request(NEW_MODEL))).toMatchObject({ ok: true, value: { text: DEFAULT_REPLY_TEXT } });
    const [refused, retried, later] = bodies();
    expect(refused!.generationConfig?.thinkingConfig).toEqual({ thinkingLevel: 'LOW' });
    for (const body of [retried!, later!]) {
      expect(body.generationConfig).toEqual({ maxOutputTokens: 2048 });
      expect(body.systemInstruction).toBeDefined();
    }
    expect(bodies()).toHaveLength(3);
    expect(log.lines.join('\n')).toContain('thinkingLevel');
    // Another model keeps its level.
    await gateway.generate(request('gemini-3.8-flash'));
    expect(bodies()[3]!.generationConfig?.thinkingConfig).toEqual({ thinkingLevel: 'LOW' });
  });
});
