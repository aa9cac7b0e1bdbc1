import { describe, expect, it } from 'vitest';
import type { ModelTurn, Turn } from './gateway-types';
import { declaredCapabilities } from './capabilities';
import { planGeneration } from './request-plan';

const ALL = declaredCapabilities('gemini-3.8-flash');
const NONE = declaredCapabilities('gemma-4-26b-a4b-it');
const schema = { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] };
const tool = { name: 'get_server_time', description: 'The time in Ulaanbaatar.', parameters: { type: 'object', properties: {} } };
const sdkTool = { name: tool.name, description: tool.description, parametersJsonSchema: tool.parameters };

describe('planGeneration', () => {
  it('sends everything natively to a capable model', () => {
    const plan = planGeneration(
      { contents: 'Hi', systemInstruction: 'Be brief.', responseJsonSchema: schema, generation: { temperature: 1 } },
      ALL,
    );
    expect(plan.config).toEqual({
      systemInstruction: 'Be brief.',
      responseMimeType: 'application/json',
      responseJsonSchema: schema,
      temperature: 1,
    });
    expect(plan.contents).toEqual([{ role: 'user', parts: [{ text: 'Hi' }] }]);
    expect(plan.native).toEqual(['systemInstruction', 'jsonSchema']);
    expect(plan.promptTools).toBeNull();
  });

  it('moves instructions into the first user turn and asks for JSON in words for a model that lacks both', () => {
    const first = { role: 'user', parts: [{ text: 'First' }] } as const;
    const contents: Turn[] = [first, { role: 'model', parts: [{ text: 'Reply' }] }, { role: 'user', parts: [{ text: 'Second' }] }];
    const plan = planGeneration({ contents, systemInstruction: 'Be brief.', responseJsonSchema: schema }, NONE);
    expect(plan.config).toEqual({});
    expect(plan.native).toEqual([]);
    expect(plan.contents[0]!.parts![0]!.text).toContain('Be brief.');
    expect(plan.contents[0]!.parts![1]).toEqual({ text: 'First' });
    const closing = plan.contents[2]!.parts!.at(-1)!.text!;
    expect(closing).toContain('JSON');
    expect(closing).toContain('"answer"');
    expect(first.parts).toHaveLength(1);
  });

  it('describes tools in the prompt and rewrites earlier calls and results as text', () => {
    // A model turn with a call is only ever one the model sent: the gateway's type allows no other.
    const modelCall = { role: 'model', parts: [{ functionCall: { name: 'get_server_time', args: {} } }] } as unknown as ModelTurn;
    const contents: Turn[] = [
      { role: 'user', parts: [{ text: 'What time is it?' }] },
      modelCall,
      { role: 'user', parts: [{ functionResponse: { name: 'get_server_time', response: { output: '10:00' } } }] },
    ];
    const plan = planGeneration({ contents, tools: [tool] }, NONE);
    expect(plan.config.tools).toBeUndefined();
    expect(plan.promptTools).toEqual([sdkTool]);
    expect(plan.contents[0]!.parts![0]!.text).toContain('get_server_time: The time in Ulaanbaatar.');
    expect(plan.contents[1]!.parts).toEqual([{ text: '{"tool_call":{"name":"get_server_time","args":{}}}' }]);
    expect(plan.contents[2]!.parts![0]!.text).toContain('"10:00"');
  });

  it('forbids calls now while keeping the tools declared, for the last round of a tool loop', () => {
    const modelCall = { role: 'model', parts: [{ functionCall: { name: 'get_server_time', args: {} } }] } as unknown as ModelTurn;
    const contents: Turn[] = [
      { role: 'user', parts: [{ text: 'What time is it?' }] },
      modelCall,
      { role: 'user', parts: [{ functionResponse: { name: 'get_server_time', response: { output: '10:00' } } }] },
    ];
    const native = planGeneration({ contents, tools: [tool], toolChoice: 'none' }, ALL);
    expect(native.config.tools).toEqual([{ functionDeclarations: [sdkTool] }]);
    expect(native.config.toolConfig).toEqual({ functionCallingConfig: { mode: 'NONE' } });
    expect(native.contents[1]!.parts).toEqual([{ functionCall: { name: 'get_server_time', args: {} } }]);

    // A model without function calling is not told of the tools, yet reads the earlier calls and results in words.
    const prompted = planGeneration({ contents, tools: [tool], toolChoice: 'none' }, NONE);
    expect(prompted.promptTools).toBeNull();
    expect(JSON.stringify(prompted.contents)).not.toContain('You can use these tools');
    expect(prompted.contents[1]!.parts).toEqual([{ text: '{"tool_call":{"name":"get_server_time","args":{}}}' }]);
    expect(prompted.contents[2]!.parts![0]!.text).toContain('"10:00"');
  });

  it('sends tools natively when the model takes them', () => {
    const plan = planGeneration({ contents: 'x', tools: [tool] }, ALL);
    expect(plan.config.tools).toEqual([{ functionDeclarations: [sdkTool] }]);
    expect(plan.native).toEqual(['tools']);
  });

  it('sends a thinking level to a model that takes one', () => {
    const generation = { maxOutputTokens: 2048, thinkingLevel: 'low' as const };
    const plan = planGeneration({ contents: 'x', systemInstruction: 'S', generation }, ALL);
    expect(plan.config).toEqual({ systemInstruction: 'S', maxOutputTokens: 2048, thinkingConfig: { thinkingLevel: 'LOW' } });
    expect(plan.native).toEqual(['systemInstruction', 'thinkingLevel']);
  });

  it('drops only the thinking level for a model that takes none, keeping the rest of the request', () => {
    const noLevel = { ...ALL, thinkingLevel: false };
    const plan = planGeneration(
      { contents: 'x', systemInstruction: 'S', responseJsonSchema: schema, generation: { maxOutputTokens: 2048, thinkingLevel: 'low' } },
      noLevel,
    );
    expect(plan.config).toEqual({
      systemInstruction: 'S',
      responseMimeType: 'application/json',
      responseJsonSchema: schema,
      maxOutputTokens: 2048,
    });
    expect(plan.native).toEqual(['systemInstruction', 'jsonSchema']);
  });

  it('V4: asks a TTS model for audio in a prebuilt voice', () => {
    const plan = planGeneration({ contents: 'Hello.', generation: { responseModalities: ['AUDIO'], speechConfig: { voiceName: 'Kore' } } }, ALL);
    expect(plan.config).toEqual({
      responseModalities: ['AUDIO'],
      speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Kore' } } },
    });
  });

  it('adds a user turn when the conversation does not start or end with one', () => {
    const plan = planGeneration(
      { contents: [{ role: 'model', parts: [{ text: 'Hello' }] }], systemInstruction: 'S', responseJsonSchema: schema },
      NONE,
    );
    expect(plan.contents.map((content) => content.role)).toEqual(['user', 'model', 'user']);
  });
});
