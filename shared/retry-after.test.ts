import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './retry-after';

const NOW = Date.parse('2026-12-04T10:00:00Z');

describe('Retry-After', () => {
  it('reads a delay in seconds or an HTTP date, as a wait from now', () => {
    expect(retryAfterMs('30', NOW)).toBe(30_000);
    expect(retryAfterMs(' 3 ', NOW)).toBe(3_000);
    expect(retryAfterMs('Fri, 04 Dec 2026 10:01:00 GMT', NOW)).toBe(60_000);
    expect(retryAfterMs('Fri, 04 Dec 2026 09:00:00 GMT', NOW)).toBe(0);
  });

  it('ignores what is missing, unreadable or absurd', () => {
    expect(retryAfterMs(null, NOW)).toBeUndefined();
    expect(retryAfterMs('soon', NOW)).toBeUndefined();
    expect(retryAfterMs('9999999', NOW)).toBeUndefined();
  });
});
