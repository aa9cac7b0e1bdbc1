import type { z } from 'zod';
import { IPC } from '../../../shared/limits';
import { err, type AppError, type Err } from '../../../shared/result';
import { requestTooLarge } from './input-budget';

/**
 * What a refused input's error may repeat of it. The input is the sender's: it may be huge (20,000 unknown keys)
 * or written to mislead whoever reads the error (a control character, a right-to-left override that turns
 * "exe.txt" into "txt.exe"). So an error names one problem, a few keys, each cut short, and shows every control
 * and direction character as a visible escape.
 */

/** C0 and C1 controls (with DEL), and the bidirectional marks, embeddings, overrides and isolates. */
const INVISIBLE = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const CUT = '…';

function shown(char: string): string {
  if (!INVISIBLE.test(char)) return char;
  return `\\u${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** At most `max` characters of `text`, invisible characters escaped, and "…" where it was cut (never inside an escape). */
export function echo(text: string, max: number): string {
  const parts: string[] = [];
  let length = 0;
  for (const char of text) {
    const part = shown(char);
    if (length + part.length > max) {
      while (parts.length > 0 && length + CUT.length > max) length -= parts.pop()!.length;
      return `${parts.join('')}${CUT}`;
    }
    parts.push(part);
    length += part.length;
  }
  return parts.join('');
}

const name = (key: PropertyKey) => echo(String(key), IPC.errorEchoNameMaxChars);

function fieldOf(path: readonly PropertyKey[]): string | undefined {
  return path.length === 0 ? undefined : echo(path.map(name).join('.'), IPC.errorEchoMaxChars);
}

function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.code !== 'unrecognized_keys') return issue.message;
  const named = issue.keys.slice(0, IPC.errorEchoMaxNames).map((key) => `"${name(key)}"`);
  const more = issue.keys.length - named.length;
  const noun = issue.keys.length === 1 ? 'key' : 'keys';
  return `Unrecognized ${noun}: ${named.join(', ')}${more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''}`;
}

/** TOO_LARGE when the only complaint is size (S1: a question over 2000 chars is 413), else INVALID_INPUT. */
export function inputError(error: z.ZodError): Err {
  const first = error.issues[0]!;
  const field = fieldOf(first.path);
  const detail: Omit<AppError, 'code' | 'message'> = field === undefined ? {} : { field };
  if (error.issues.every((issue) => issue.code === 'too_big')) {
    return field === undefined ? requestTooLarge() : err('TOO_LARGE', echo(`"${field}" is too long.`, IPC.errorEchoMaxChars), detail);
  }
  const message = messageOf(first);
  return err('INVALID_INPUT', echo(field === undefined ? message : `"${field}": ${message}`, IPC.errorEchoMaxChars), detail);
}
