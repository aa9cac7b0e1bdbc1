import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { GEMINI } from '../../../shared/limits';
import { DEFAULT_MODELS } from '../../../shared/settings';
import { invalidKey, quotaExceeded } from '../../../test/doubles/gemini-double';
import { fakeSender } from '../../../test/support/fake-sender';
import { VALID_KEY, useGeminiDouble } from '../../../test/support/gateway-test-kit';
import { createTestCore, type TestCore } from '../../../test/support/test-core';
import { createMemorySecretStore } from './memory-secret-store';

const gemini = useGeminiDouble();
let core: TestCore | null = null;

function start(key: string | null, baseUrl = gemini.double.baseUrl): TestCore {
  core = createTestCore({
    secrets: createMemorySecretStore(key === null ? {} : { 'gemini.apiKey': key }),
    gemini: { baseUrl },
  });
  return core;
}

const check = (test: TestCore) => test.core.registry.call('secrets:check', {}, fakeSender().sender);

/** A local port that was just free, so nothing answers there. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

afterEach(() => {
  core?.dispose();
  core = null;
});

describe('secrets:check', () => {
  it('proves the key with one tiny call on the assistant model and says how long it took', async () => {
    const result = await check(start(VALID_KEY));
    expect(result).toEqual({ ok: true, value: { model: DEFAULT_MODELS.assistant, latencyMs: expect.any(Number) } });
    const [request] = gemini.double.requestsFor('generateContent');
    expect(request).toMatchObject({ model: DEFAULT_MODELS.assistant, apiKey: VALID_KEY });
    expect(request!.body).toMatchObject({ generationConfig: { maxOutputTokens: 1 } });
  });

  it('uses the model Settings name at the moment of the check', async () => {
    const test = start(VALID_KEY);
    test.storeSettings({ models: { assistant: 'gemini-3.9-pro' } });
    expect(await check(test)).toMatchObject({ ok: true, value: { model: 'gemini-3.9-pro' } });
    expect(gemini.double.requestsFor('generateContent', 'gemini-3.9-pro')).toHaveLength(1);
  });

  it('says Google refused a wrong key', async () => {
    expect(await check(start('not-the-key'))).toEqual({
      ok: false,
      error: { code: 'NOT_CONFIGURED', reason: 'invalid_key', message: 'Google refused the Gemini API key. Check it in Settings.' },
    });
  });

  it('asks for a key when there is none, without calling Google', async () => {
    expect(await check(start(null))).toEqual({
      ok: false,
      error: { code: 'NOT_CONFIGURED', reason: 'missing_key', message: 'Add your Gemini API key in Settings.' },
    });
    expect(gemini.double.requests).toHaveLength(0);
  });

  it('reports a used-up quota at once, with the wait', async () => {
    gemini.double.script('generateContent', quotaExceeded({ retryDelay: '21s' }));
    expect(await check(start(VALID_KEY))).toMatchObject({
      ok: false,
      error: { code: 'RATE_LIMITED', reason: 'quota', retryAfterMs: 21_000 },
    });
    expect(gemini.double.requestsFor('generateContent')).toHaveLength(1);
  });

  it('keeps what the last check came to, and when, for secrets:status to show', async () => {
    const test = start(VALID_KEY);
    const status = () => test.core.registry.call('secrets:status', {}, fakeSender().sender);
    expect(await status()).toMatchObject({ ok: true, value: { geminiCheck: null } });

    await check(test);
    expect(await status()).toMatchObject({ ok: true, value: { geminiCheck: { outcome: 'works', checkedAt: expect.any(Number) } } });

    gemini.double.script('generateContent', invalidKey());
    await check(test);
    expect(await status()).toMatchObject({
      ok: true,
      value: { geminiCheck: { outcome: 'failed', error: { code: 'NOT_CONFIGURED', reason: 'invalid_key' } } },
    });
  });

  it('keeps a check that could not reach Google as unverified, not as failed', async () => {
    const test = start(VALID_KEY, await closedPortUrl());
    await check(test);
    expect(await test.core.registry.call('secrets:status', {}, fakeSender().sender)).toMatchObject({
      ok: true,
      value: { geminiCheck: { outcome: 'unverified', error: { reason: 'network' } } },
    });
  });

  it('keeps nothing when there was no key to check', async () => {
    const test = start(null);
    await check(test);
    expect(await test.core.registry.call('secrets:status', {}, fakeSender().sender)).toMatchObject({
      ok: true,
      value: { geminiCheck: null },
    });
  });

  it('SEC-3: is refused over its budget with how long to wait, with no one signed in, before any call to Google', async () => {
    const test = start(VALID_KEY);
    for (let index = 0; index < GEMINI.keyChecksPerMinute; index++) expect(await check(test)).toMatchObject({ ok: true });
    gemini.double.reset();
    expect(await check(test)).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED', reason: 'rate_limit', retryAfterMs: expect.any(Number) } });
    expect(gemini.double.requests).toEqual([]);
    // The refusal says nothing new about the key: the last check is kept as it was.
    expect(await test.core.registry.call('secrets:status', {}, fakeSender().sender)).toMatchObject({
      ok: true,
      value: { geminiCheck: { outcome: 'works' } },
    });
  });

  it('says Google could not be reached when nothing answers', async () => {
    expect(await check(start(VALID_KEY, await closedPortUrl()))).toEqual({
      ok: false,
      error: { code: 'UPSTREAM', reason: 'network', message: 'Could not reach Google Gemini. Check your internet connection.' },
    });
  });
});
