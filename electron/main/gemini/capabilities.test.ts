import { describe, expect, it } from 'vitest';
import { createCapabilityBook, declaredCapabilities, refusedCapability } from './capabilities';

const ALL = { systemInstruction: true, jsonSchema: true, tools: true, thinkingLevel: true };

describe('declaredCapabilities', () => {
  it('knows Gemma takes none of the four and Gemini 3 all of them', () => {
    expect(declaredCapabilities('gemma-4-26b-a4b-it')).toEqual({
      systemInstruction: false,
      jsonSchema: false,
      tools: false,
      thinkingLevel: false,
    });
    expect(declaredCapabilities('gemini-3.8-flash')).toEqual(ALL);
    expect(declaredCapabilities('gemini-3-pro-preview')).toEqual(ALL);
  });

  it('knows Gemini 1 and 2 take everything but a thinking level', () => {
    for (const model of ['gemini-2.5-flash', 'gemini-2.0-flash-lite', 'gemini-1.5-pro']) {
      expect(declaredCapabilities(model)).toEqual({ ...ALL, thinkingLevel: false });
    }
  });

  it('assumes an unknown model is capable until it says otherwise', () => {
    expect(declaredCapabilities('learnlm-9')).toEqual(ALL);
    expect(declaredCapabilities('gemini-9-preview')).toEqual(ALL);
    expect(declaredCapabilities('gemini-flash-latest')).toEqual(ALL);
  });
});

describe('refusedCapability', () => {
  it("reads Google's refusals", () => {
    expect(refusedCapability('Developer instruction is not enabled for models/gemma-3-27b-it')).toBe('systemInstruction');
    expect(refusedCapability('JSON mode is not enabled for models/gemma-3-27b-it')).toBe('jsonSchema');
    expect(refusedCapability('Function calling is not enabled for models/gemma-3-27b-it')).toBe('tools');
    expect(refusedCapability('Request contains an invalid argument.')).toBeNull();
  });

  it("reads Google's refusals of a thinking level, in the Gemini API's and Vertex's words", () => {
    expect(refusedCapability('Thinking level is not supported for this model.')).toBe('thinkingLevel');
    expect(
      refusedCapability('Unable to submit request because thinking_level is not supported by this model.. Learn more: …'),
    ).toBe('thinkingLevel');
    expect(
      refusedCapability('Thinking level MINIMAL is not supported for this model. Please retry with other thinking level.'),
    ).toBe('thinkingLevel');
    expect(refusedCapability('Unable to submit request because thinking_level MEDIUM is not supported by this model.')).toBe(
      'thinkingLevel',
    );
  });

  it('does not take a complaint about a thinking budget for one about the level', () => {
    expect(
      refusedCapability("Invalid value at 'generation_config.thinking_config.thinking_budget' (TYPE_INT32), 19660.8"),
    ).toBeNull();
  });
});

describe('createCapabilityBook', () => {
  it('remembers a refusal for that model only', () => {
    const book = createCapabilityBook();
    book.disable('gemini-x', 'jsonSchema');
    book.disable('gemini-x', 'thinkingLevel');
    expect(book.get('gemini-x')).toEqual({ ...ALL, jsonSchema: false, thinkingLevel: false });
    expect(book.get('gemini-y')).toEqual(ALL);
  });

  it('does not let a caller change the declared data through what it returns', () => {
    const book = createCapabilityBook();
    book.get('gemini-z').tools = false;
    expect(book.get('gemini-z').tools).toBe(true);
    expect(declaredCapabilities('gemini-z').tools).toBe(true);
  });
});
