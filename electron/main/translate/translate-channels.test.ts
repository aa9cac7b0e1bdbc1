import { afterEach, describe, expect, it, vi } from 'vitest';
import { ASSISTANT, TRANSLATE, VOICE } from '../../../shared/limits';
import { DEFAULT_SETTINGS } from '../../../shared/settings';
import { hang, quotaExceeded, textReply } from '../../../test/doubles/gemini-double';
import { fakeSender } from '../../../test/support/fake-sender';
import { useGeminiDouble, VALID_KEY } from '../../../test/support/gateway-test-kit';
import { createSignedInTestCore } from '../../../test/support/signed-in-core';

/*
 * Translate's channels on the real core (pinned in docs/architecture.md, The IPC contract): what main refuses before anything goes
 * upstream (V5, T1), the AI channel's budget of its own (G9, T2), Gemini's quota and the cancel.
 */

const gemini = useGeminiDouble();
let disposeCore: (() => void) | null = null;
afterEach(() => {
  disposeCore?.();
  disposeCore = null;
});

async function start() {
  const test = await createSignedInTestCore({ gemini: { baseUrl: gemini.double.baseUrl } });
  disposeCore = () => test.dispose();
  const window = fakeSender();
  const call = (channel: string, input: unknown = {}) => test.core.registry.call(channel, input, window.sender);
  await call('secrets:set', { name: 'gemini.apiKey', value: VALID_KEY });
  gemini.double.reset();
  return { call };
}

const CLIP = { mimeType: 'audio/webm;codecs=opus', data: 'GkXfow==' };
const TTS_MODEL = DEFAULT_SETTINGS.models.tts;

describe('T1, T2: what main refuses, whatever the renderer checked, with no upstream request', () => {
  it.each([
    ['a segment of a type outside the allowlist', 'translate:segment', { audio: { ...CLIP, mimeType: 'video/webm' }, to: 'en' }, 'INVALID_INPUT', 'audio.mimeType'],
    [
      'a segment over ~700 KB of base64',
      'translate:segment',
      { audio: { mimeType: 'audio/ogg', data: 'A'.repeat(VOICE.audioMaxBase64Bytes + 4) }, to: 'en' },
      'TOO_LARGE',
      'audio.data',
    ],
    ['a segment into a language the app does not offer', 'translate:segment', { audio: CLIP, to: 'xx' }, 'INVALID_INPUT', 'to'],
    ['a text from a language the app does not offer', 'translate:text', { text: 'Hello.', to: 'es', from: 'tlh' }, 'INVALID_INPUT', 'from'],
    ['a text into no language', 'translate:text', { text: 'Hello.' }, 'INVALID_INPUT', 'to'],
    ['an empty text', 'translate:text', { text: '  ', to: 'es' }, 'INVALID_INPUT', 'text'],
    ['a text over the limit', 'translate:text', { text: 'a'.repeat(TRANSLATE.textMaxChars + 1), to: 'es' }, 'TOO_LARGE', 'text'],
  ])('%s', async (_case, channel, input, code, field) => {
    const { call } = await start();
    expect(await call(channel, input)).toMatchObject({ ok: false, error: { code, field } });
    expect(gemini.double.requests).toEqual([]);
  });

  it('takes a segment at the size limit', async () => {
    const { call } = await start();
    gemini.double.script('generateContent', textReply('Bonjour.'), textReply('Hello.'));
    const atLimit = { mimeType: 'audio/ogg;codecs=opus', data: 'A'.repeat(VOICE.audioMaxBase64Bytes) };
    expect(await call('translate:segment', { audio: atLimit, to: 'en' })).toEqual({
      ok: true,
      value: { transcript: 'Bonjour.', translation: 'Hello.' },
    });
  });
});

describe('G9, T2: Translate has its own budget of the AI channel', () => {
  it('every call counts once, spoken segments included; a refused one is RATE_LIMITED and costs Gemini nothing', async () => {
    const { call } = await start();
    for (let index = 1; index < TRANSLATE.rateLimitPerMinute; index++) {
      expect(await call('translate:text', { text: `Line ${index}.`, to: 'es' })).toMatchObject({ ok: true });
    }
    // STT, translation and speech: three requests upstream, one of the budget.
    expect(await call('translate:segment', { audio: CLIP, to: 'es', speak: true })).toMatchObject({
      ok: true,
      value: { audio: { mimeType: 'audio/wav' } },
    });
    const sent = gemini.double.requests.length;

    const refused = await call('translate:segment', { audio: CLIP, to: 'es' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED', reason: 'rate_limit' } });
    expect(!refused.ok && refused.error.retryAfterMs).toBeGreaterThan(0);
    expect(await call('translate:text', { text: 'One too many.', to: 'es' })).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
    expect(gemini.double.requests).toHaveLength(sent);
  });

  it('live translation that used up its budget leaves the Assistant’s untouched', async () => {
    const { call } = await start();
    for (let index = 0; index < TRANSLATE.rateLimitPerMinute; index++) {
      expect(await call('translate:text', { text: `Line ${index}.`, to: 'es' })).toMatchObject({ ok: true });
    }
    expect(await call('translate:text', { text: 'One too many.', to: 'es' })).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
    expect(await call('voice:stt', { audio: CLIP })).toEqual({ ok: true, value: { text: 'double reply' } });
  });

  it('an Assistant that used up its budget leaves Translate’s untouched', async () => {
    const { call } = await start();
    for (let index = 0; index < ASSISTANT.rateLimitPerMinute; index++) {
      expect(await call('voice:tts', { text: `Sentence ${index}.` })).toMatchObject({ ok: true });
    }
    expect(await call('voice:stt', { audio: CLIP })).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
    expect(await call('translate:text', { text: 'Hello.', to: 'es' })).toEqual({ ok: true, value: { translation: 'double reply' } });
  });
});

describe('T2: Gemini’s quota and the cancel', () => {
  it('a Gemini 429 with a long wait comes back at once with its retryAfterMs', async () => {
    const { call } = await start();
    gemini.double.script('generateContent', quotaExceeded({ retryDelay: '40s' }));
    expect(await call('translate:segment', { audio: CLIP, to: 'en' })).toMatchObject({
      ok: false,
      error: { code: 'RATE_LIMITED', reason: 'quota', retryAfterMs: 40_000 },
    });
    expect(gemini.double.requests).toHaveLength(1);
  });

  it('translate:cancelSegment abandons a segment being transcribed: the abort reaches the HTTP request', async () => {
    const { call } = await start();
    gemini.double.script('generateContent', hang());
    const requestId = 'segment-1';
    const translating = call('translate:segment', { audio: CLIP, to: 'en', requestId });
    await vi.waitFor(() => expect(gemini.double.requestsFor('generateContent')).toHaveLength(1));
    expect(await call('translate:cancelSegment', { requestId })).toEqual({ ok: true, value: { cancelled: true } });
    expect(await translating).toMatchObject({ ok: false, error: { reason: 'cancelled' } });
    await vi.waitFor(() => expect(gemini.double.requestsFor('generateContent')[0]!.aborted).toBe(true));
    expect(gemini.double.requestsFor('generateContent')).toHaveLength(1);
  });

  it('translate:cancelText while the translation is being spoken cancels the call, rather than leaving the speech out', async () => {
    const { call } = await start();
    gemini.double.scriptFor(TTS_MODEL, 'generateContent', hang());
    const requestId = 'text-1';
    const translating = call('translate:text', { text: 'Hello.', to: 'fr', speak: true, requestId });
    await vi.waitFor(() => expect(gemini.double.requestsFor('generateContent', TTS_MODEL)).toHaveLength(1));
    expect(await call('translate:cancelText', { requestId })).toEqual({ ok: true, value: { cancelled: true } });
    expect(await translating).toMatchObject({ ok: false, error: { reason: 'cancelled' } });
  });
});
