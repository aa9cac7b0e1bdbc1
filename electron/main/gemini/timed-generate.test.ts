import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../log/logger';
import { failureError, type GeminiFailure, type GeminiResult } from './failure';
import type { Generation } from './gateway-types';
import { createTimedGenerate } from './timed-generate';

const MODEL = 'gemini-3.8-flash';
const WORDS = 'Confidential: the merger closes on Friday.';

function kit(reply: GeminiResult<Generation>) {
  const clock = { at: 1_000 };
  const log = createMemoryLogger();
  const gateway = {
    generate: async () => {
      clock.at += 250;
      return reply;
    },
  };
  const generate = createTimedGenerate({ gateway, now: () => clock.at, log });
  const call = () => generate({ model: MODEL, contents: WORDS, attempts: 1, timeoutMs: 1_000 }, 'speech failed', { chars: WORDS.length });
  const lines = () => log.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { call, lines, log };
}

const failing = (failure: GeminiFailure): GeminiResult<Generation> => ({ ok: false, error: failureError(failure, MODEL), failure });

describe('a timed call a member waits on', () => {
  it('gives the reply and how long it took, and leaves the success to its caller to log', async () => {
    const answer = { model: MODEL, text: 'Hola.', functionCalls: [], audio: null, finishReason: 'STOP' } as unknown as Generation;
    const { call, lines } = kit({ ok: true, value: answer });
    expect(await call()).toEqual({ reply: { ok: true, value: answer }, durationMs: 250 });
    expect(lines()).toEqual([]);
  });

  it('logs a failure as a warning with the model, the caller’s fields, its code and reason, never the words', async () => {
    const { call, lines, log } = kit(failing({ kind: 'overloaded' }));
    const { reply, durationMs } = await call();
    expect(reply).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason: 'overloaded' } });
    expect(lines()).toEqual([
      expect.objectContaining({
        level: 'warn',
        message: 'speech failed',
        model: MODEL,
        chars: WORDS.length,
        code: 'UPSTREAM',
        reason: 'overloaded',
        durationMs,
      }),
    ]);
    expect(log.lines.join('\n')).not.toContain('merger');
  });

  it('logs a cancel, the member stopping, as info: no fault', async () => {
    const { call, lines } = kit(failing({ kind: 'cancelled' }));
    await call();
    expect(lines()).toEqual([expect.objectContaining({ level: 'info', message: 'speech failed', reason: 'cancelled' })]);
  });
});
