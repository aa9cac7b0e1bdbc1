import { describe, expect, it } from 'vitest';
import { GEMINI } from '../../../shared/limits';
import { scrubSecrets } from './scrub-secrets';

describe('scrubSecrets', () => {
  it('masks a key in a query string, in Google key form, and verbatim', () => {
    const googleShaped = `AIza${'x'.repeat(35)}`;
    expect(scrubSecrets('wss://h/ws?key=abc123&alt=sse')).toBe('wss://h/ws?key=[redacted]&alt=sse');
    expect(scrubSecrets(`key is ${googleShaped}.`)).toBe('key is [redacted].');
    expect(scrubSecrets('said my-own-key twice: my-own-key', 'my-own-key')).toBe('said [redacted] twice: [redacted]');
  });

  it('bounds what goes to the log', () => {
    expect(scrubSecrets('a'.repeat(5000)).length).toBeLessThanOrEqual(GEMINI.upstreamDetailMaxChars + 1);
  });
});
