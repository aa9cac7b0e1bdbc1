import { afterEach, describe, expect, it } from 'vitest';
import { googleError, status } from '../../../test/doubles/gemini-double';
import { fakeSender } from '../../../test/support/fake-sender';
import { VALID_KEY, useGeminiDouble } from '../../../test/support/gateway-test-kit';
import { createTestCore, UNREACHABLE_GEMINI_URL, type TestCore } from '../../../test/support/test-core';
import { DEFAULT_MODELS } from '../../../shared/settings';
import { createMemorySecretStore } from './memory-secret-store';

const gemini = useGeminiDouble();
const REFUSED_KEY = 'AIzaSy-refused-by-google-0123456789';
const MADE_UP_MODEL = 'gemini-9-ultra';
let test: TestCore | null = null;

function start(options: { key?: string; baseUrl?: string } = {}) {
  const secrets = createMemorySecretStore(options.key === undefined ? {} : { 'gemini.apiKey': options.key });
  test = createTestCore({ secrets, gemini: { baseUrl: options.baseUrl ?? gemini.double.baseUrl } });
  const call = (channel: string, input: unknown) => test!.core.registry.call(channel, input, fakeSender().sender);
  return { secrets, call, test };
}

/** Google's own 404 for a model id it does not know. */
const modelNotFound = (model: string) =>
  status(404, googleError(404, `models/${model} is not found for API version v1beta, or is not supported for generateContent.`));

afterEach(() => {
  test?.dispose();
  test = null;
});

describe('saving the Gemini key', () => {
  it('tries the key on the models endpoint first, and stores it as working', async () => {
    const { secrets, call } = start();
    expect(await call('secrets:set', { name: 'gemini.apiKey', value: VALID_KEY })).toMatchObject({
      ok: true,
      value: { configured: { 'gemini.apiKey': true }, geminiCheck: { outcome: 'works' } },
    });
    // The free models endpoint, with the typed key, on the model the key check uses: no generation quota spent.
    expect(gemini.double.requests.map(({ action, model, apiKey }) => ({ action, model, apiKey }))).toEqual([
      { action: 'getModel', model: DEFAULT_MODELS.assistant, apiKey: VALID_KEY },
    ]);
    expect(await secrets.get('gemini.apiKey')).toEqual({ ok: true, value: VALID_KEY });
  });

  it('refuses a key Google turns down, keeps the key it replaced, and never logs the refused one', async () => {
    const { secrets, call } = start({ key: VALID_KEY });
    expect(await call('secrets:set', { name: 'gemini.apiKey', value: REFUSED_KEY })).toMatchObject({
      ok: false,
      error: { code: 'NOT_CONFIGURED', reason: 'invalid_key' },
    });
    expect(gemini.double.requests.map(({ apiKey }) => apiKey)).toEqual([REFUSED_KEY]);
    expect(await secrets.get('gemini.apiKey')).toEqual({ ok: true, value: VALID_KEY });
    expect(test!.log.lines.join('\n')).not.toContain(REFUSED_KEY);
  });

  it('stores a key it could not try, offline, as not verified', async () => {
    const { secrets, call } = start({ baseUrl: UNREACHABLE_GEMINI_URL });
    expect(await call('secrets:set', { name: 'gemini.apiKey', value: VALID_KEY })).toMatchObject({
      ok: true,
      value: { configured: { 'gemini.apiKey': true }, geminiCheck: { outcome: 'unverified', error: { reason: 'network' } } },
    });
    expect(await secrets.get('gemini.apiKey')).toEqual({ ok: true, value: VALID_KEY });
  });

  it('stores a key Google accepts even when the model in Settings is wrong, and says which model', async () => {
    const { call, test } = start();
    test.storeSettings({ models: { assistant: MADE_UP_MODEL } });
    gemini.double.scriptFor(MADE_UP_MODEL, 'getModel', modelNotFound(MADE_UP_MODEL));
    expect(await call('secrets:set', { name: 'gemini.apiKey', value: VALID_KEY })).toMatchObject({
      ok: true,
      value: { geminiCheck: { outcome: 'failed', error: { reason: 'unknown_model', model: MADE_UP_MODEL } } },
    });
  });
});

describe('settings:checkModels', () => {
  it('names the ids Gemini does not offer to the key, and only those', async () => {
    const { call } = start({ key: VALID_KEY });
    gemini.double.scriptFor(MADE_UP_MODEL, 'getModel', modelNotFound(MADE_UP_MODEL));
    expect(await call('settings:checkModels', { ids: [MADE_UP_MODEL, 'gemini-3.9-pro', MADE_UP_MODEL] })).toEqual({
      ok: true,
      value: { unavailable: [MADE_UP_MODEL], unverified: null },
    });
    expect(gemini.double.requestsFor('getModel').map(({ model }) => model).sort()).toEqual(['gemini-3.9-pro', MADE_UP_MODEL]);
  });

  it.each([
    ['there is no key', {}, 'missing_key'],
    ['Google refuses the key', { key: REFUSED_KEY }, 'invalid_key'],
    ['Google cannot be reached', { key: VALID_KEY, baseUrl: UNREACHABLE_GEMINI_URL }, 'network'],
  ])('says why the ids could not be checked when %s', async (_case, options, reason) => {
    const { call } = start(options);
    expect(await call('settings:checkModels', { ids: [MADE_UP_MODEL] })).toMatchObject({
      ok: true,
      value: { unavailable: [], unverified: { reason } },
    });
  });
});
