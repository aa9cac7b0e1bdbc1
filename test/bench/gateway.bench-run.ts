import { performance } from 'node:perf_hooks';
import { expect, it } from 'vitest';
import { stream as streamStep, startGeminiDouble, textChunk } from '../doubles/gemini-double';
import { createGatewayKit } from '../support/gateway-test-kit';
import { percentile, record } from './measure';

const CALLS = 300;
const call = { model: 'gemini-3.8-flash', attempts: 1, timeoutMs: 10_000 } as const;

it('measures the gateway overhead and the first streamed chunk delay', async () => {
  const double = await startGeminiDouble({ validKeys: ['test-key'] });
  try {
    const { gateway } = createGatewayKit(double);
    for (let i = 0; i < 30; i++) await gateway.generate({ ...call, contents: 'warm up' });

    // Overhead: the whole call as the caller sees it, minus the time the double spent on the request.
    const overheads: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      double.reset();
      const start = performance.now();
      const result = await gateway.generate({ ...call, contents: `question ${i}` });
      const total = performance.now() - start;
      expect(result.ok).toBe(true);
      const served = double.requests[0]!;
      overheads.push(total - (served.endedAt! - served.startedAt));
    }

    // First chunk: when the caller's onChunk runs, against when the double sent its first byte.
    const firstChunkDelays: number[] = [];
    for (let i = 0; i < 100; i++) {
      double.reset();
      double.script('streamGenerateContent', streamStep([textChunk('Hola'), textChunk(' mundo')]));
      let firstChunkAt: number | undefined;
      const result = await gateway.stream({
        ...call,
        contents: 'stream please',
        onChunk: () => {
          firstChunkAt ??= performance.now();
        },
      });
      expect(result.ok).toBe(true);
      firstChunkDelays.push(firstChunkAt! - double.requests[0]!.firstByteAt!);
    }

    record({ name: 'gateway_overhead_ms_p50', value: percentile(overheads, 50), target: '<= 2' });
    record({ name: 'stream_first_chunk_delay_ms', value: percentile(firstChunkDelays, 50), target: '<= 5' });
  } finally {
    await double.close();
  }
});
