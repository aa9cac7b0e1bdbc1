import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { extractJsonText, readJsonReply, repairTurns } from './json-output';

const answer = z.object({ action: z.enum(['responder', 'buscar']), answer: z.string().optional() });

describe('extractJsonText', () => {
  it('takes the JSON out of a code fence', () => {
    expect(extractJsonText('```json\n{"a": 1}\n```')).toBe('{"a": 1}');
    expect(extractJsonText('Sure!\n```\n[1, 2]\n```\nAnything else?')).toBe('[1, 2]');
  });

  it('takes the JSON out of surrounding words', () => {
    expect(extractJsonText('Here it is: {"a": {"b": 2}} hope it helps')).toBe('{"a": {"b": 2}}');
  });

  it('leaves text without brackets as it is', () => {
    expect(extractJsonText('  just words ')).toBe('just words');
  });
});

describe('readJsonReply', () => {
  it('parses and validates', () => {
    expect(readJsonReply('```json\n{"action":"responder","answer":"Hola"}\n```', answer)).toEqual({
      ok: true,
      value: { action: 'responder', answer: 'Hola' },
    });
  });

  it('says what is wrong with text that is not JSON', () => {
    const reading = readJsonReply('I think the answer is yes.', answer);
    expect(reading.ok).toBe(false);
    if (!reading.ok) expect(reading.problem).toContain('not valid JSON');
  });

  it('says what is wrong with JSON of the wrong shape', () => {
    const reading = readJsonReply('{"action":"fly"}', answer);
    expect(reading.ok).toBe(false);
    if (!reading.ok) expect(reading.problem).toContain('action');
  });
});

describe('repairTurns', () => {
  it('shows the model its reply and asks for the corrected JSON', () => {
    const [model, user] = repairTurns('{"action":"fly"}', 'It does not match the schema.');
    expect(model).toEqual({ role: 'model', parts: [{ text: '{"action":"fly"}' }] });
    expect(JSON.stringify(user)).toContain('It does not match the schema.');
    expect(user!.role).toBe('user');
  });
});
