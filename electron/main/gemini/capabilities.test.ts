import { describe, expect, it } from 'vitest';
import { createCapabilityBook, declaredCapabilities, refusedCapability } from './capabilities';

describe('declaredCapabilities', () => {
  it('knows Gemma takes none of the three and Gemini all of them', () => {
    expect(declaredCapabilities('gemma-4-26b-a4b-it')).toEqual({ systemInstruction: false, jsonSchema: false, tools: false });
    expect(declaredCapabilities('gemini-3.8-flash')).toEqual({ systemInstruction: true, jsonSchema: true, tools: true });
  });

  it('assumes an unknown model is capable until it says otherwise', () => {
    expect(declaredCapabilities('learnlm-9')).toEqual({ systemInstruction: true, jsonSchema: true, tools: true });
  });
});

describe('refusedCapability', () => {
  it("reads Google's refusals", () => {
    expect(refusedCapability('Developer instruction is not enabled for models/gemma-3-27b-it')).toBe('systemInstruction');
    expect(refusedCapability('JSON mode is not enabled for models/gemma-3-27b-it')).toBe('jsonSchema');
    expect(refusedCapability('Function calling is not enabled for models/gemma-3-27b-it')).toBe('tools');
    expect(refusedCapability('Request contains an invalid argument.')).toBeNull();
  });
});

describe('createCapabilityBook', () => {
  it('remembers a refusal for that model only', () => {
    const book = createCapabilityBook();
    book.disable('gemini-x', 'jsonSchema');
    expect(book.get('gemini-x')).toEqual({ systemInstruction: true, jsonSchema: false, tools: true });
    expect(book.get('gemini-y').jsonSchema).toBe(true);
  });

  it('does not let a caller change the declared data through what it returns', () => {
    const book = createCapabilityBook();
    book.get('gemini-z').tools = false;
    expect(book.get('gemini-z').tools).toBe(true);
    expect(declaredCapabilities('gemini-z').tools).toBe(true);
  });
});
