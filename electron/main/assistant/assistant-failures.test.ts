import { describe, expect, it } from 'vitest';
import { DEGRADED_ANSWER } from '../../../shared/assistant';
import { LANGS } from '../../../shared/lang';
import {
  badRequest,
  malformed,
  overloaded,
  quotaExceeded,
  reset,
  safetyBlock,
  status,
  stream,
  textChunk,
  textReply,
  type GeminiStep,
} from '../../../test/doubles/gemini-double';
import { useGeminiDouble } from '../../../test/support/gateway-test-kit';
import { callsReply, createAssistantKit } from '../../../test/support/assistant/assistant-kit';
import { ASSISTANT_ATTEMPTS } from '../gemini/retry-policy';

const gemini = useGeminiDouble();

const always = (step: () => GeminiStep) => Array.from({ length: ASSISTANT_ATTEMPTS }, step);

describe('G3 Gemini unreachable after 3 retries: a fallback answer in the member’s language, not an error', () => {
  it.each(LANGS)('answers in %s with degraded: true after exactly 4 attempts', async (lang) => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script('streamGenerateContent', ...always(() => status(503)));

    const { result, chunks } = await kit.chat('¿Cómo pido acceso a la VPN?', { lang });

    expect(kit.modelRequests()).toHaveLength(4);
    expect(result).toEqual({
      ok: true,
      value: {
        answer: DEGRADED_ANSWER[lang],
        steps: [],
        sources: [],
        degraded: true,
        incomplete: false,
        model: 'gemini-3.8-flash',
        duration_ms: 0,
      },
    });
    expect(chunks).toEqual([DEGRADED_ANSWER[lang]]);
  });

  it.each([
    ['an overloaded model', () => overloaded()],
    ['a per-minute quota', () => quotaExceeded({ retryDelay: '2s' })],
    ['a dropped connection', () => reset()],
  ])('degrades the same way after %s on every attempt', async (_what, step) => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script('streamGenerateContent', ...always(step));
    const { result } = await kit.chat('Hello', { lang: 'fr' });
    expect(kit.modelRequests()).toHaveLength(4);
    expect(result).toMatchObject({ ok: true, value: { answer: DEGRADED_ANSWER.fr, degraded: true } });
  });

  it('degrades on a reply it cannot read', async () => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script('streamGenerateContent', malformed());
    expect((await kit.chat('Hello', { lang: 'ru' })).result).toMatchObject({ ok: true, value: { answer: DEGRADED_ANSWER.ru, degraded: true } });
  });

  it('answers normally when a retry gets through', async () => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script('streamGenerateContent', status(503), status(503), textReply('Here I am.'));
    expect((await kit.chat('Hello')).result).toMatchObject({ ok: true, value: { answer: 'Here I am.', degraded: false } });
    expect(kit.modelRequests()).toHaveLength(3);
  });

  it('keeps the steps already run when a later round cannot reach Gemini', async () => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script('streamGenerateContent', callsReply([{ name: 'get_server_time', args: {} }]), ...always(() => status(503)));
    const { result } = await kit.chat('What time is it?', { lang: 'mn' });
    expect(result).toMatchObject({ ok: true, value: { answer: DEGRADED_ANSWER.mn, degraded: true, steps: [{ tool: 'get_server_time' }] } });
  });
});

describe('G3 a failure after text was shown keeps that text, marked incomplete', () => {
  it('keeps what was streamed when the connection drops, without a retry that would say it twice', async () => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script('streamGenerateContent', stream([textChunk('To request VPN access, '), textChunk('open a ticket '), textChunk('with IT.')], { resetAfter: 2 }));

    const { result, chunks } = await kit.chat('How do I get VPN access?', { lang: 'en' });

    expect(chunks).toEqual(['To request VPN access, ', 'open a ticket ']);
    expect(result).toMatchObject({ ok: true, value: { answer: 'To request VPN access, open a ticket ', degraded: true, incomplete: true } });
    expect(kit.modelRequests()).toHaveLength(1);
  });

  it('keeps the text of an earlier round when a later one fails', async () => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script(
      'streamGenerateContent',
      callsReply([{ name: 'get_server_time', args: {} }], { textBefore: 'Let me look at the clock.' }),
      ...always(() => status(500)),
    );
    const { result } = await kit.chat('What time is it?');
    expect(result).toMatchObject({ ok: true, value: { answer: 'Let me look at the clock.', degraded: true, incomplete: true } });
  });

  it('keeps the text shown before a safety stop, marked incomplete but not degraded', async () => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script('streamGenerateContent', stream([textChunk('Here is how '), { candidates: [{ finishReason: 'SAFETY', index: 0 }] }]));
    const { result } = await kit.chat('Tell me');
    expect(result).toMatchObject({ ok: true, value: { answer: 'Here is how ', degraded: false, incomplete: true } });
  });
});

describe('G3 failures that another attempt would not fix are errors the member can act on', () => {
  it('is NOT_CONFIGURED without a Gemini key, before any request upstream', async () => {
    const kit = await createAssistantKit(gemini.double, { key: false });
    const { result, chunks } = await kit.chat('Hello');
    expect(result).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED', reason: 'missing_key' } });
    expect(chunks).toEqual([]);
    expect(kit.requests()).toEqual([]);
  });

  it('is RATE_LIMITED, not degraded, when the key’s daily quota is used up', async () => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script('streamGenerateContent', quotaExceeded({ perDay: true }));
    expect((await kit.chat('Hello')).result).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED', reason: 'quota' } });
    expect(kit.modelRequests()).toHaveLength(1);
  });

  it('is RATE_LIMITED at once, with the wait to count down, when the quota asks for 20 s (issue 11)', async () => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script('streamGenerateContent', quotaExceeded({ retryDelay: '20s' }), textReply('Too soon.'));
    expect((await kit.chat('Hello')).result).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED', reason: 'quota', retryAfterMs: 20_000 } });
    expect(kit.modelRequests()).toHaveLength(1);
  });

  it('names the model Gemini does not offer to the key', async () => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script('streamGenerateContent', status(404));
    expect((await kit.chat('Hello')).result).toMatchObject({
      ok: false,
      error: { code: 'NOT_CONFIGURED', reason: 'unknown_model', model: 'gemini-3.8-flash' },
    });
  });

  it('passes on a refused request as it is', async () => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script('streamGenerateContent', badRequest('Request contains an invalid argument.'));
    expect((await kit.chat('Hello')).result).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason: 'bad_request' } });
  });

  it('says clearly when Gemini declines to answer for safety reasons', async () => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script('streamGenerateContent', safetyBlock());
    const { result, chunks } = await kit.chat('Something Gemini will not answer');
    expect(result).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason: 'safety' } });
    expect(chunks).toEqual([]);
  });

  it('says so when the model ends its turn with neither words nor a call, rather than showing an empty answer', async () => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script('streamGenerateContent', stream([{ candidates: [{ content: { role: 'model', parts: [] }, finishReason: 'MAX_TOKENS', index: 0 }] }]));
    const { result } = await kit.chat('Summarise everything');
    expect(result).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason: 'empty_answer' } });
  });
});
