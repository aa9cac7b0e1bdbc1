import { describe, expect, it } from 'vitest';
import { ASSISTANT } from '../../../shared/limits';
import { useGeminiDouble } from '../../../test/support/gateway-test-kit';
import { BEN, createAssistantKit } from '../../../test/support/assistant/assistant-kit';

const gemini = useGeminiDouble();

describe('G9 at most 20 requests a minute per member, refused before anything goes upstream', () => {
  it('refuses the 21st within a minute RATE_LIMITED with the wait, without a request to Gemini, and does not count it', async () => {
    const kit = await createAssistantKit(gemini.double);
    for (let i = 0; i < ASSISTANT.rateLimitPerMinute; i++) {
      expect((await kit.chat(`Question ${i + 1}`)).result.ok).toBe(true);
      kit.clock.advance(1000);
    }
    const asked = gemini.double.requests.length;

    kit.clock.advance(10_000);
    const refused = await kit.chat('Question 21');
    expect(refused.result).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED', retryAfterMs: 30_000, reason: 'rate_limit' } });
    expect(refused.events).toEqual([]);
    expect(gemini.double.requests).toHaveLength(asked);

    expect((await kit.chat('Hello from Ben', { member: BEN })).result.ok).toBe(true);

    // The first request has left the window; had the refused one been counted, this would be refused too.
    kit.clock.advance(30_000);
    expect((await kit.chat('Question 22')).result.ok).toBe(true);
  });
});
