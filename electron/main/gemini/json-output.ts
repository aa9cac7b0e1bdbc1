import { z } from 'zod';
import type { Turn } from './gateway-types';
import { userText } from './turns';

const FENCED = /```[a-z]*[ \t]*\r?\n?([\s\S]*?)```/i;

/**
 * The JSON inside a model's reply: a fenced block if there is one (```json ... ```), otherwise the text from
 * the first bracket to the last, so that "Here is the answer: {...}" still reads.
 */
export function extractJsonText(text: string): string {
  const fenced = FENCED.exec(text)?.[1];
  if (fenced !== undefined) return fenced.trim();
  const trimmed = text.trim();
  const start = trimmed.search(/[[{]/);
  const end = Math.max(trimmed.lastIndexOf('}'), trimmed.lastIndexOf(']'));
  return start >= 0 && end > start ? trimmed.slice(start, end + 1) : trimmed;
}

export type JsonReading<T> = { ok: true; value: T } | { ok: false; problem: string };

/** Parses and validates a reply; `problem` says what is wrong in words a model can fix. */
export function readJsonReply<T>(text: string, schema: z.ZodType<T>): JsonReading<T> {
  let json: unknown;
  try {
    json = JSON.parse(extractJsonText(text));
  } catch (error) {
    return { ok: false, problem: `It is not valid JSON (${error instanceof Error ? error.message : String(error)}).` };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, problem: `It does not match the schema:\n${z.prettifyError(parsed.error)}` };
}

/** The one repair round: the model sees its own reply and what is wrong with it. */
export function repairTurns(reply: string, problem: string): Turn[] {
  return [
    { role: 'model', parts: [{ text: reply }] },
    userText(`Your reply could not be used. ${problem}\nSend the corrected JSON only.`),
  ];
}
