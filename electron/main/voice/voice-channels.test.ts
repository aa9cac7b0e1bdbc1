import { afterEach, describe, expect, it, vi } from 'vitest';
import { ASSISTANT, VOICE } from '../../../shared/limits';
import { hang, stream, textChunk, textReply } from '../../../test/doubles/gemini-double';
import { fakeSender } from '../../../test/support/fake-sender';
import { useGeminiDouble, VALID_KEY } from '../../../test/support/gateway-test-kit';
import { createSignedInTestCore } from '../../../test/support/signed-in-core';
import type { TestCoreOverrides } from '../../../test/support/test-core';

/*
 * Voice's channels on the real core (pinned in docs/architecture.md, The IPC contract): the audio checks in main (V5), the AI channel's
 * limit shared with the Assistant (G9), the cancel of a sentence being synthesized, and the microphone's live state.
 */

const gemini = useGeminiDouble();
let disposeCore: (() => void) | null = null;
afterEach(() => {
  disposeCore?.();
  disposeCore = null;
});

async function start(overrides: TestCoreOverrides = {}) {
  const test = await createSignedInTestCore({ gemini: { baseUrl: gemini.double.baseUrl }, ...overrides });
  disposeCore = () => test.dispose();
  const window = fakeSender();
  const call = (channel: string, input: unknown = {}) => test.core.registry.call(channel, input, window.sender);
  await call('secrets:set', { name: 'gemini.apiKey', value: VALID_KEY });
  gemini.double.reset();
  return { call, events: window.events, test };
}

const CLIP = { mimeType: 'audio/webm;codecs=opus', data: 'GkXfow==' };
const voiceQuestion = { message: '', history: [], lang: 'en', audio: CLIP };

/** Asks a voice question and waits for its answer; its requestId is what the answer's sentences name. */
async function askByVoice(call: (channel: string, input: unknown) => Promise<unknown>, events: Array<{ event: string; payload: unknown }>) {
  gemini.double.script(
    'streamGenerateContent',
    stream([textChunk('<transcript>When is lunch?</transcript>Lunch is at noon. '), textChunk('Enjoy it.', { finishReason: 'STOP' })]),
  );
  const started = (await call('assistant:chat', voiceQuestion)) as { ok: true; value: { requestId: string } };
  const { requestId } = started.value;
  await vi.waitFor(() =>
    expect(events.some(({ event, payload }) => event === 'assistant:done' && (payload as { requestId: string }).requestId === requestId)).toBe(true),
  );
  return requestId;
}

describe('V5: audio refused in main, whatever the renderer checked', () => {
  it.each([
    ['voice:stt', (audio: object) => ({ audio })],
    ['assistant:chat', (audio: object) => ({ ...voiceQuestion, audio })],
  ])('%s: a type outside the allowlist is INVALID_INPUT, over ~700 KB of base64 TOO_LARGE', async (channel, input) => {
    const { call } = await start();
    expect(await call(channel, input({ mimeType: 'video/webm', data: CLIP.data }))).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', field: 'audio.mimeType' },
    });
    expect(await call(channel, input({ mimeType: 'audio/ogg', data: 'A'.repeat(VOICE.audioMaxBase64Bytes + 4) }))).toMatchObject({
      ok: false,
      error: { code: 'TOO_LARGE', field: 'audio.data' },
    });
    expect(gemini.double.requests).toEqual([]);
  });

  it('voice:stt takes an allowed clip at the limit and transcribes it', async () => {
    const { call } = await start();
    gemini.double.script('generateContent', textReply('Hello.'));
    const atLimit = { mimeType: 'audio/ogg;codecs=opus', data: 'A'.repeat(VOICE.audioMaxBase64Bytes) };
    expect(await call('voice:stt', { audio: atLimit })).toEqual({ ok: true, value: { text: 'Hello.' } });
  });
});

describe('G9: a voice question counts once against the AI channel’s limit, its spoken answer included', () => {
  const speak = (text: string, answerOf?: string) => ({ text, ...(answerOf ? { answerOf } : {}) });

  /** Spends what is left of the member's budget after `spent` requests on calls that name no question. */
  async function spendBudget(call: (channel: string, input: unknown) => Promise<unknown>, spent: number) {
    for (let index = spent; index < ASSISTANT.rateLimitPerMinute; index++) {
      expect(await call('voice:tts', speak(`Sentence ${index}.`))).toMatchObject({ ok: true });
    }
  }

  it('its sentences’ voice:tts calls with answerOf are free; tts without answerOf counts', async () => {
    const { call, events } = await start();
    const question = await askByVoice(call, events);
    // The question was one of the budget; the rest is for calls that name no question.
    await spendBudget(call, 1);
    expect(await call('voice:tts', speak('One too many.'))).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED', reason: 'rate_limit' } });
    expect(await call('voice:stt', { audio: CLIP })).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
    // Its own answer can still be spoken.
    for (const sentence of ['Lunch is at noon.', 'Enjoy it.']) {
      expect(await call('voice:tts', speak(sentence, question))).toMatchObject({ ok: true, value: { mimeType: 'audio/wav' } });
    }
  });

  it('SEC-3: a text that is not in the answer is charged to the member, though it names the answer', async () => {
    const { call, events } = await start();
    const question = await askByVoice(call, events);
    // Charged, not refused, while the budget allows it.
    expect(await call('voice:tts', speak('Read this unrelated text aloud for free.', question))).toMatchObject({ ok: true });
    await spendBudget(call, 2);
    expect(await call('voice:tts', speak('And this one too.', question))).toMatchObject({
      ok: false,
      error: { code: 'RATE_LIMITED', reason: 'rate_limit', retryAfterMs: expect.any(Number) },
    });
    expect(await call('voice:tts', speak('Lunch is at noon.', question))).toMatchObject({ ok: true });
  });

  it('SEC-3: more calls than the answer has sentences are charged to the member', async () => {
    const { call, events } = await start();
    const question = await askByVoice(call, events);
    await spendBudget(call, 1);
    expect(await call('voice:tts', speak('Lunch is at noon.', question))).toMatchObject({ ok: true });
    expect(await call('voice:tts', speak('Enjoy it.', question))).toMatchObject({ ok: true });
    // Both sentences spoken: the grant has ended, and saying one again is one more request.
    expect(await call('voice:tts', speak('Enjoy it.', question))).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
  });

  it('another member’s question does not cover a member’s speech', async () => {
    const { call, events, test } = await start();
    const anasQuestion = await askByVoice(call, events);
    const signedIn = await test.core.auth.acceptToken(await test.access.issue({ email: 'ben@example.com', name: 'Ben' }));
    expect(signedIn).toMatchObject({ ok: true, value: { state: 'signed_in' } });
    await spendBudget(call, 0);
    expect(await call('voice:tts', speak('Lunch is at noon.', anasQuestion))).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
  });

  it('a voice question the limiter refused grants nothing', async () => {
    const { call, events } = await start();
    await spendBudget(call, 0);
    const refused = (await call('assistant:chat', voiceQuestion)) as { ok: true; value: { requestId: string } };
    const { requestId } = refused.value;
    await vi.waitFor(() => expect(events).toContainEqual({ event: 'assistant:error', payload: expect.objectContaining({ requestId }) }));
    expect(await call('voice:tts', speak('Lunch is at noon.', requestId))).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
    expect(gemini.double.requestsFor('streamGenerateContent')).toEqual([]);
  });

  it('voice:cancelTts abandons a sentence being synthesized: the abort reaches the HTTP request', async () => {
    const { call } = await start();
    gemini.double.script('generateContent', hang());
    const requestId = 'sentence-1';
    const speaking = call('voice:tts', { text: 'A sentence nobody will hear.', requestId });
    await vi.waitFor(() => expect(gemini.double.requestsFor('generateContent')).toHaveLength(1));
    expect(await call('voice:cancelTts', { requestId })).toEqual({ ok: true, value: { cancelled: true } });
    expect(await speaking).toMatchObject({ ok: false, error: { reason: 'cancelled' } });
    await vi.waitFor(() => expect(gemini.double.requestsFor('generateContent')[0]!.aborted).toBe(true));
    expect(gemini.double.requestsFor('generateContent')).toHaveLength(1);
  });
});

describe('voice:microphone', () => {
  it('tells the desktop that the microphone is live, and that it stopped', async () => {
    const live: boolean[] = [];
    const { call } = await start({ voice: { microphone: (isLive) => live.push(isLive) } });
    expect(await call('voice:microphone', { live: true })).toEqual({ ok: true, value: {} });
    expect(await call('voice:microphone', { live: false })).toEqual({ ok: true, value: {} });
    expect(live).toEqual([true, false]);
  });

  it('does nothing without a desktop', async () => {
    const { call } = await start();
    expect(await call('voice:microphone', { live: true })).toEqual({ ok: true, value: {} });
  });
});
