import { describe, expect, it } from 'vitest';
import { openAttemptSignal } from './attempt-signal';

const aborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve())));

describe('openAttemptSignal', () => {
  it("aborts when the caller cancels, and says it was not the deadline", async () => {
    const caller = new AbortController();
    const attempt = openAttemptSignal(caller.signal, 60_000);
    caller.abort();
    await aborted(attempt.signal);
    expect(attempt.timedOut()).toBe(false);
    attempt.dispose();
  });

  it('aborts at its deadline, and says so', async () => {
    const attempt = openAttemptSignal(undefined, 5);
    await aborted(attempt.signal);
    expect(attempt.timedOut()).toBe(true);
  });

  it('starts already aborted for a caller that already cancelled', () => {
    const caller = new AbortController();
    caller.abort();
    expect(openAttemptSignal(caller.signal, 60_000).signal.aborted).toBe(true);
  });

  it('closes what is left of the request when disposed, without calling it a timeout', () => {
    const attempt = openAttemptSignal(undefined, 60_000);
    attempt.dispose();
    expect(attempt.signal.aborted).toBe(true);
    expect(attempt.timedOut()).toBe(false);
  });

  it('leaves a finished attempt alone when disposed: its response was read to the end, and its deadline stops', async () => {
    const attempt = openAttemptSignal(undefined, 5);
    attempt.dispose(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(attempt.signal.aborted).toBe(false);
    expect(attempt.timedOut()).toBe(false);
  });
});
