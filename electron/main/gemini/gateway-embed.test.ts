import { describe, expect, it } from 'vitest';
import { badRequest, quotaExceeded, reply } from '../../../test/doubles/gemini-double';
import { GEMINI } from '../../../shared/limits';
import { createGatewayKit, useGeminiDouble } from '../../../test/support/gateway-test-kit';
import type { EmbedOptions } from './gateway-types';

const gemini = useGeminiDouble();
const MODEL = 'gemini-embedding-001';
const options = (overrides: Partial<EmbedOptions> = {}): EmbedOptions => ({
  model: MODEL,
  taskType: 'RETRIEVAL_DOCUMENT',
  dimensions: GEMINI.embeddingDimensions,
  attempts: 3,
  timeoutMs: 5_000,
  ...overrides,
});
type EmbedBody = { requests: { model: string; title?: string; taskType: string; outputDimensionality: number }[] };
const batches = () => gemini.double.requestsFor('batchEmbedContents').map((request) => request.body as EmbedBody);
const texts = Array.from({ length: 250 }, (_, i) => `note ${i} about topic${i % 7} and vpn setup`);
const length = (vector: Float32Array) => Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));
const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);

describe('gateway.embed', () => {
  it('embeds 250 texts in 3 requests of at most 100, every vector of unit length, in order', async () => {
    const { gateway } = createGatewayKit(gemini.double);
    const result = await gateway.embed(texts, options());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toHaveLength(250);
    expect(batches().map((body) => body.requests.length).sort()).toEqual([100, 100, 50]);
    for (const vector of result.value) {
      expect(vector).toHaveLength(GEMINI.embeddingDimensions);
      expect(length(vector)).toBeCloseTo(1, 5);
    }
    const alone = await gateway.embed([texts[137]!], options());
    expect(alone.ok && cosine(alone.value[0]!, result.value[137]!)).toBeCloseTo(1, 5);
    expect(alone.ok && cosine(alone.value[0]!, result.value[138]!)).toBeLessThan(0.999);
  });

  it('sends the task type, the dimensions and one title per request', async () => {
    const { gateway } = createGatewayKit(gemini.double);
    const result = await gateway.embed(['vpn steps', 'printer steps', 'vpn again'], options({ titles: ['VPN', 'Printer', 'VPN'] }));
    expect(result.ok).toBe(true);
    const sent = batches().flatMap((body) => body.requests);
    expect(sent).toHaveLength(3);
    for (const request of sent) {
      expect(request).toMatchObject({ model: `models/${MODEL}`, taskType: 'RETRIEVAL_DOCUMENT', outputDimensionality: 768 });
    }
    expect(sent.map((request) => request.title).sort()).toEqual(['Printer', 'VPN', 'VPN']);
  });

  it('waits out a 429 on one batch and still returns every vector', async () => {
    gemini.double.script('batchEmbedContents', quotaExceeded({ retryDelay: '2s' }));
    const { gateway, delays } = createGatewayKit(gemini.double);
    const result = await gateway.embed(texts, options());
    expect(result.ok && result.value.every((vector) => vector.length === GEMINI.embeddingDimensions)).toBe(true);
    expect(delays).toEqual([2_000]);
    expect(batches()).toHaveLength(4);
  });

  it('stops at the first batch that fails for good', async () => {
    gemini.double.script('batchEmbedContents', badRequest('Request contains an invalid argument.'));
    const { gateway } = createGatewayKit(gemini.double);
    const result = await gateway.embed(texts, options());
    expect(result).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason: 'bad_request' } });
    expect(batches().length).toBeLessThan(3);
  });

  it('refuses vectors of the wrong size rather than index them', async () => {
    gemini.double.script('batchEmbedContents', reply({ embeddings: [{ values: [1, 2, 3] }] }));
    const { gateway } = createGatewayKit(gemini.double);
    expect(await gateway.embed(['one'], options())).toMatchObject({ ok: false, error: { reason: 'malformed' } });
  });

  it('needs no request for no texts', async () => {
    const { gateway } = createGatewayKit(gemini.double);
    expect(await gateway.embed([], options())).toEqual({ ok: true, value: [] });
    expect(gemini.double.requests).toHaveLength(0);
  });
});
