import { describe, expect, it } from 'vitest';
import { ASSISTANT } from '../../../shared/limits';
import { createAiChannelLimiter } from './ai-channel-limiter';

const ANA = 'ana@crearack.com';
const BEN = 'ben@crearack.com';
const START = Date.UTC(2026, 11, 1, 4, 0, 0);

function limiterAt(start = START) {
  let current = start;
  const limiter = createAiChannelLimiter({
    now: () => current,
    budgets: {
      assistant: { limit: ASSISTANT.rateLimitPerMinute, windowMs: ASSISTANT.rateLimitWindowMs },
      translate: { limit: 2, windowMs: 10_000 },
      stream: { limit: 1_000, windowMs: 10_000, unit: 'audioMs' },
    },
  });
  return {
    limiter,
    at(ms: number) {
      current = start + ms;
    },
  };
}

describe('G9 one limiter for the AI channel, per member and per budget', () => {
  it('admits 20 requests in a minute and refuses the 21st with how long to wait', () => {
    const { limiter, at } = limiterAt();
    for (let i = 0; i < ASSISTANT.rateLimitPerMinute; i++) {
      at(i * 1000);
      expect(limiter.admit('assistant', ANA)).toEqual({ ok: true, value: undefined });
    }
    at(30_000);
    const refused = limiter.admit('assistant', ANA);
    expect(refused).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED', retryAfterMs: 30_000, reason: 'rate_limit' } });
    if (!refused.ok) expect(refused.error.message).toContain('Try again in 30 seconds.');
  });

  it('does not count a refused request: the wait ends when the oldest admitted one leaves the window', () => {
    const { limiter, at } = limiterAt();
    for (let i = 0; i < ASSISTANT.rateLimitPerMinute; i++) limiter.admit('assistant', ANA);
    at(10_000);
    for (let i = 0; i < 5; i++) expect(limiter.admit('assistant', ANA).ok).toBe(false);
    at(ASSISTANT.rateLimitWindowMs);
    expect(limiter.admit('assistant', ANA).ok).toBe(true);
  });

  it("keeps each member's count apart", () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < ASSISTANT.rateLimitPerMinute; i++) limiter.admit('assistant', ANA);
    expect(limiter.admit('assistant', ANA).ok).toBe(false);
    expect(limiter.admit('assistant', BEN).ok).toBe(true);
  });

  it("keeps each budget's count apart, each with its own limit and window", () => {
    const { limiter, at } = limiterAt();
    expect(limiter.admit('translate', ANA).ok).toBe(true);
    expect(limiter.admit('translate', ANA).ok).toBe(true);
    expect(limiter.admit('translate', ANA)).toMatchObject({ ok: false, error: { retryAfterMs: 10_000 } });
    expect(limiter.admit('assistant', ANA).ok).toBe(true);
    at(10_000);
    expect(limiter.admit('translate', ANA).ok).toBe(true);
  });
});

describe('LC-M G9 a budget counted in audio, not requests (issue 25)', () => {
  it('LC-M: admits frames by the milliseconds they hold, refuses the one that would pass the budget, and frees it as the oldest leave the window', () => {
    const { limiter, at } = limiterAt();
    for (let i = 0; i < 10; i++) {
      at(i * 100);
      expect(limiter.admit('stream', ANA, 100).ok).toBe(true);
    }
    at(2_000);
    const refused = limiter.admit('stream', ANA, 20);
    expect(refused).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED', retryAfterMs: 8_000 } });
    if (!refused.ok) expect(refused.error.message).toContain('streamed 1 seconds of audio');
    expect(limiter.admit('stream', BEN, 20).ok).toBe(true);
    at(10_000);
    expect(limiter.admit('stream', ANA, 100).ok).toBe(true);
    expect(limiter.admit('stream', ANA, 20).ok).toBe(false);
  });
});
