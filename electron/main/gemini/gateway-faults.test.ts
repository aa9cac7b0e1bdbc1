import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REPLY_TEXT,
  badRequest,
  delay,
  emptyCandidates,
  hang,
  invalidKey,
  malformed,
  overloaded,
  permissionDenied,
  quotaExceeded,
  reset,
  safetyBlock,
  status,
} from '../../../test/doubles/gemini-double';
import { err } from '../../../shared/result';
import { createMemorySecretStore } from '../secrets/memory-secret-store';
import type { SecretStore } from '../secrets/secret-store';
import { createGatewayKit, useGeminiDouble } from '../../../test/support/gateway-test-kit';
import type { GenerateRequest } from './gateway-types';

const gemini = useGeminiDouble();
const MODEL = 'gemini-3.8-flash';
const ask = (overrides: Partial<GenerateRequest> = {}): GenerateRequest => ({
  model: MODEL,
  contents: 'What is on my desk?',
  attempts: 2,
  timeoutMs: 5_000,
  ...overrides,
});
const generated = () => gemini.double.requestsFor('generateContent');

describe('gateway.generate against Gemini faults', () => {
  it('answers with the text, the turn and the model', async () => {
    const { gateway } = createGatewayKit(gemini.double);
    const result = await gateway.generate(ask({ systemInstruction: 'Be brief.', generation: { temperature: 1, topK: 64 } }));
    expect(result).toMatchObject({ ok: true, value: { text: DEFAULT_REPLY_TEXT, model: MODEL, finishReason: 'STOP' } });
    const [request] = generated();
    expect(request).toMatchObject({ apiKey: 'test-key', model: MODEL, aborted: false });
    expect(request!.body).toMatchObject({
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      generationConfig: { temperature: 1, topK: 64 },
    });
  });

  it('waits out a short per-minute quota wait for as long as Google says, then succeeds', async () => {
    gemini.double.script('generateContent', quotaExceeded({ retryDelay: '3s' }));
    const { gateway, delays } = createGatewayKit(gemini.double);
    const result = await gateway.generate(ask());
    expect(result).toMatchObject({ ok: true, value: { text: DEFAULT_REPLY_TEXT } });
    expect(delays).toEqual([3_000]);
    expect(generated()).toHaveLength(2);
  });

  it('hands a 20 s quota wait back at once, with its wait, rather than sitting on it in silence', async () => {
    gemini.double.script('generateContent', quotaExceeded({ retryDelay: '20s' }));
    const { gateway, delays } = createGatewayKit(gemini.double);
    const result = await gateway.generate(ask());
    expect(result).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED', reason: 'quota', retryAfterMs: 20_000 } });
    expect(delays).toEqual([]);
    expect(generated()).toHaveLength(1);
  });

  it('sits out a 20 s quota wait for a call that no one watches, when it says it may', async () => {
    gemini.double.script('generateContent', quotaExceeded({ retryDelay: '20s' }));
    const { gateway, delays } = createGatewayKit(gemini.double);
    const result = await gateway.generate(ask({ quotaWaitMaxMs: 30_000 }));
    expect(result).toMatchObject({ ok: true, value: { text: DEFAULT_REPLY_TEXT } });
    expect(delays).toEqual([20_000]);
  });

  it('does not retry a per-day quota, and says it resets tomorrow', async () => {
    gemini.double.script('generateContent', quotaExceeded({ perDay: true }));
    const { gateway, delays } = createGatewayKit(gemini.double);
    const result = await gateway.generate(ask({ attempts: 4 }));
    expect(result).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED', reason: 'quota' }, failure: { kind: 'quota', perDay: true } });
    expect(!result.ok && result.error.message).toContain('resets tomorrow');
    expect(delays).toEqual([]);
    expect(generated()).toHaveLength(1);
  });

  it('hands a quota that asks for a long wait back to the member with the wait', async () => {
    gemini.double.script('generateContent', quotaExceeded({ retryDelay: '120s' }));
    const { gateway, delays } = createGatewayKit(gemini.double);
    const result = await gateway.generate(ask({ attempts: 4 }));
    expect(result).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED', reason: 'quota', retryAfterMs: 120_000 } });
    expect(delays).toEqual([]);
    expect(generated()).toHaveLength(1);
  });

  it('retries an overloaded model and succeeds', async () => {
    gemini.double.script('generateContent', overloaded());
    const { gateway, delays } = createGatewayKit(gemini.double);
    expect(await gateway.generate(ask())).toMatchObject({ ok: true });
    expect(delays).toHaveLength(1);
    expect(generated()).toHaveLength(2);
  });

  it('gives up on a model that stays overloaded after the attempts it was given', async () => {
    gemini.double.script('generateContent', overloaded(), overloaded(), overloaded(), overloaded(), overloaded());
    const { gateway, delays } = createGatewayKit(gemini.double);
    const result = await gateway.generate(ask({ attempts: 4 }));
    expect(result).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason: 'overloaded' } });
    expect(generated()).toHaveLength(4);
    expect(delays).toHaveLength(3);
    expect(delays[2]!).toBeGreaterThan(delays[0]!);
  });

  it.each([
    ['a bad request', badRequest('Request contains an invalid argument.'), 'UPSTREAM', 'bad_request'],
    ['a permission refusal', permissionDenied(), 'NOT_CONFIGURED', 'permission_denied'],
    ['an unknown model', status(404), 'NOT_CONFIGURED', 'unknown_model'],
    ['a revoked key', invalidKey(), 'NOT_CONFIGURED', 'invalid_key'],
  ])('does not retry %s', async (_name, step, code, reason) => {
    gemini.double.script('generateContent', step);
    const { gateway, delays } = createGatewayKit(gemini.double);
    expect(await gateway.generate(ask({ attempts: 4 }))).toMatchObject({ ok: false, error: { code, reason } });
    expect(generated()).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('names the model Gemini does not offer to the key', async () => {
    gemini.double.script('generateContent', status(404));
    const { gateway } = createGatewayKit(gemini.double);
    expect(await gateway.generate(ask({ model: 'gemini-9-ultra' }))).toMatchObject({
      ok: false,
      error: { code: 'NOT_CONFIGURED', reason: 'unknown_model', model: 'gemini-9-ultra', message: expect.stringContaining('gemini-9-ultra') },
    });
  });

  it('says plainly that Google refused the key, and never writes the key anywhere', async () => {
    const key = 'AIzaSy-not-a-real-key-but-long-enough-0001';
    const { gateway, log } = createGatewayKit(gemini.double, { secrets: createMemorySecretStore({ 'gemini.apiKey': key }) });
    const result = await gateway.generate(ask({ attempts: 4 }));
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'NOT_CONFIGURED', reason: 'invalid_key', message: 'Google refused the Gemini API key. Check it in Settings.' },
    });
    expect(generated()).toHaveLength(1);
    expect(JSON.stringify(result)).not.toContain(key);
    expect(log.lines.join('\n')).not.toContain(key);
    expect(log.lines.join('\n')).toContain('invalid_key');
  });

  it('asks for a key before calling anyone when there is none', async () => {
    const { gateway } = createGatewayKit(gemini.double, { secrets: createMemorySecretStore() });
    expect(await gateway.generate(ask())).toMatchObject({
      ok: false,
      error: { code: 'NOT_CONFIGURED', reason: 'missing_key', message: 'Add your Gemini API key in Settings.' },
    });
    expect(gemini.double.requests).toHaveLength(0);
  });

  it("passes the keychain's own error on when it cannot be read", async () => {
    const keychainDown = err('NOT_CONFIGURED', 'The system keychain is not available.', { reason: 'keychain_unavailable' });
    const secrets: SecretStore = {
      get: async () => keychainDown,
      set: async () => keychainDown,
      delete: async () => keychainDown,
      status: async () => keychainDown,
    };
    const { gateway } = createGatewayKit(gemini.double, { secrets });
    expect(await gateway.generate(ask())).toMatchObject({ ok: false, error: keychainDown.error });
    expect(gemini.double.requests).toHaveLength(0);
  });

  it('reads the key again for every call, so a key fixed in Settings applies at once', async () => {
    const secrets = createMemorySecretStore({ 'gemini.apiKey': 'wrong-key' });
    const { gateway } = createGatewayKit(gemini.double, { secrets });
    expect(await gateway.generate(ask())).toMatchObject({ ok: false, error: { reason: 'invalid_key' } });
    await secrets.set('gemini.apiKey', 'test-key');
    expect(await gateway.generate(ask())).toMatchObject({ ok: true });
    expect(generated().map((request) => request.apiKey)).toEqual(['wrong-key', 'test-key']);
  });

  it('abandons an answer slower than the timeout and retries', async () => {
    gemini.double.script('generateContent', delay(2_000, overloaded()));
    const { gateway } = createGatewayKit(gemini.double);
    const result = await gateway.generate(ask({ timeoutMs: 200 }));
    expect(result).toMatchObject({ ok: true, value: { text: DEFAULT_REPLY_TEXT } });
    await expect.poll(() => generated().map((request) => request.aborted)).toEqual([true, false]);
  });

  it('times out a server that never answers, once per attempt', async () => {
    gemini.double.script('generateContent', hang(), hang());
    const { gateway } = createGatewayKit(gemini.double);
    const result = await gateway.generate(ask({ timeoutMs: 150 }));
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'UPSTREAM', reason: 'timeout' },
      failure: { kind: 'timeout' },
    });
    await expect.poll(() => generated().map((request) => request.aborted)).toEqual([true, true]);
  });

  it('retries a connection reset mid-request', async () => {
    gemini.double.script('generateContent', reset());
    const { gateway } = createGatewayKit(gemini.double);
    expect(await gateway.generate(ask())).toMatchObject({ ok: true, value: { text: DEFAULT_REPLY_TEXT } });
    expect(generated()).toHaveLength(2);
  });

  it('calls connections that keep breaking a network failure', async () => {
    gemini.double.script('generateContent', reset(), reset());
    const { gateway } = createGatewayKit(gemini.double);
    expect(await gateway.generate(ask())).toMatchObject({
      ok: false,
      error: { code: 'UPSTREAM', reason: 'network', message: 'Could not reach Google Gemini. Check your internet connection.' },
    });
    expect(generated()).toHaveLength(2);
  });

  it.each([
    ['a body that is not JSON', malformed(), 'malformed'],
    ['an answer without candidates', emptyCandidates(), 'malformed'],
    ['a safety block', safetyBlock(), 'safety'],
  ])('reports %s without retrying', async (_name, step, reason) => {
    gemini.double.script('generateContent', step);
    const { gateway } = createGatewayKit(gemini.double);
    expect(await gateway.generate(ask({ attempts: 4 }))).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason } });
    expect(generated()).toHaveLength(1);
  });

  it("aborts the request when the caller cancels, and does not retry", async () => {
    gemini.double.script('generateContent', hang());
    const { gateway } = createGatewayKit(gemini.double);
    const controller = new AbortController();
    const pending = gateway.generate(ask({ attempts: 4, signal: controller.signal }));
    await expect.poll(() => generated()).toHaveLength(1);
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, failure: { kind: 'cancelled' }, error: { reason: 'cancelled' } });
    await expect.poll(() => generated()[0]?.aborted).toBe(true);
    expect(generated()).toHaveLength(1);
  });
});
