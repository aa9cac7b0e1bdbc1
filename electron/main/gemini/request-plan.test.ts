import type { Content } from '@google/genai';
import { ThinkingLevel, Type } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { declaredCapabilities } from './capabilities';
import { planGeneration } from './request-plan';

const ALL = declaredCapabilities('gemini-3.8-flash');
const NONE = declaredCapabilities('gemma-4-26b-a4b-it');
const schema = { type: Type.OBJECT, properties: { answer: { type: Type.STRING } }, required: ['answer'] };
const tool = { name: 'get_server_time', description: 'The time in Ulaanbaatar.' };

describe('planGeneration', () => {
  it('sends everything natively to a capable model', () => {
    const plan = planGeneration(
      { contents: 'Hi', systemInstruction: 'Be brief.', responseSchema: schema, generation: { temperature: 1 } },
      ALL,
    );
    expect(plan.config).toEqual({
      systemInstruction: 'Be brief.',
      responseMimeType: 'application/json',
      responseSchema: schema,
      temperature: 1,
    });
    expect(plan.contents).toEqual([{ role: 'user', parts: [{ text: 'Hi' }] }]);
    expect(plan.native).toEqual(['systemInstruction', 'jsonSchema']);
    expect(plan.promptTools).toBeNull();
  });

  it('moves instructions into the first user turn and asks for JSON in words for a model that lacks both', () => {
    const contents: Content[] = [
      { role: 'user', parts: [{ text: 'First' }] },
      { role: 'model', parts: [{ text: 'Reply' }] },
      { role: 'user', parts: [{ text: 'Second' }] },
    ];
    const plan = planGeneration({ contents, systemInstruction: 'Be brief.', responseSchema: schema }, NONE);
    expect(plan.config).toEqual({});
    expect(plan.native).toEqual([]);
    expect(plan.contents[0]!.parts![0]!.text).toContain('Be brief.');
    expect(plan.contents[0]!.parts![1]).toEqual({ text: 'First' });
    const closing = plan.contents[2]!.parts!.at(-1)!.text!;
    expect(closing).toContain('JSON');
    expect(closing).toContain('"answer"');
    expect(contents[0]!.parts).toHaveLength(1);
  });

  it('describes tools in the prompt and rewrites earlier calls and results as text', () => {
    const contents: Content[] = [
      { role: 'user', parts: [{ text: 'What time is it?' }] },
      { role: 'model', parts: [{ functionCall: { name: 'get_server_time', args: {} } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'get_server_time', response: { output: '10:00' } } }] },
    ];
    const plan = planGeneration({ contents, tools: [tool] }, NONE);
    expect(plan.config.tools).toBeUndefined();
    expect(plan.promptTools).toEqual([tool]);
    expect(plan.contents[0]!.parts![0]!.text).toContain('get_server_time: The time in Ulaanbaatar.');
    expect(plan.contents[1]!.parts).toEqual([{ text: '{"tool_call":{"name":"get_server_time","args":{}}}' }]);
    expect(plan.contents[2]!.parts![0]!.text).toContain('"10:00"');
  });

  it('sends tools natively when the model takes them', () => {
    const plan = planGeneration({ contents: 'x', tools: [tool] }, ALL);
    expect(plan.config.tools).toEqual([{ functionDeclarations: [tool] }]);
    expect(plan.native).toEqual(['tools']);
  });

  it('sends a thinking level to a model that takes one', () => {
    const generation = { maxOutputTokens: 2048, thinkingConfig: { thinkingLevel: ThinkingLevel.LOW } };
    const plan = planGeneration({ contents: 'x', systemInstruction: 'S', generation }, ALL);
    expect(plan.config).toEqual({ systemInstruction: 'S', ...generation });
    expect(plan.native).toEqual(['systemInstruction', 'thinkingLevel']);
  });

  it('drops only the thinking level for a model that takes none, keeping the rest of the request', () => {
    const thinkingConfig = { thinkingLevel: ThinkingLevel.LOW, includeThoughts: true };
    const noLevel = { ...ALL, thinkingLevel: false };
    const plan = planGeneration(
      { contents: 'x', systemInstruction: 'S', responseSchema: schema, generation: { maxOutputTokens: 2048, thinkingConfig } },
      noLevel,
    );
    expect(plan.config).toEqual({
      systemInstruction: 'S',
      responseMimeType: 'application/json',
      responseSchema: schema,
      maxOutputTokens: 2048,
      thinkingConfig: { includeThoughts: true },
    });
    expect(plan.native).toEqual(['systemInstruction', 'jsonSchema']);
    expect(thinkingConfig.thinkingLevel).toBe(ThinkingLevel.LOW);
  });

  it('sends no thinking config at all when the level was all it held', () => {
    const plan = planGeneration(
      { contents: 'x', generation: { temperature: 1, thinkingConfig: { thinkingLevel: ThinkingLevel.LOW } } },
      NONE,
    );
    expect(plan.config).toEqual({ temperature: 1 });
    expect(plan.native).toEqual([]);
  });

  it('adds a user turn when the conversation does not start or end with one', () => {
    const plan = planGeneration(
      { contents: [{ role: 'model', parts: [{ text: 'Hello' }] }], systemInstruction: 'S', responseSchema: schema },
      NONE,
    );
    expect(plan.contents.map((content) => content.role)).toEqual(['user', 'model', 'user']);
  });
});
