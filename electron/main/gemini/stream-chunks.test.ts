import { describe, expect, it } from 'vitest';
import { permissionDenied, stream, textChunk } from '../../../test/doubles/gemini-double';
import { createGatewayKit, useGeminiDouble } from '../../../test/support/gateway-test-kit';
import { streamChunks } from './stream-chunks';

const ctx = useGeminiDouble();
const call = { model: 'gemini-3.8-flash', attempts: 1, timeoutMs: 5_000, contents: 'hola' } as const;

describe('streamChunks', () => {
  it('yields the text as it arrives and returns the whole turn', async () => {
    ctx.double.script('streamGenerateContent', stream([textChunk('Buenos'), textChunk(' días'), textChunk('.')]));
    const { gateway } = createGatewayKit(ctx.double);
    const iterator = streamChunks(gateway, call);
    const texts: string[] = [];
    let step = await iterator.next();
    while (!step.done) {
      texts.push(step.value.text);
      step = await iterator.next();
    }
    expect(texts).toEqual(['Buenos', ' días', '.']);
    expect(step.value).toMatchObject({ ok: true, value: { text: 'Buenos días.' } });
  });

  it('cancels the HTTP request when the loop stops early', async () => {
    ctx.double.script(
      'streamGenerateContent',
      stream([textChunk('uno'), textChunk('dos'), textChunk('tres')], { chunkDelayMs: 200 }),
    );
    const { gateway } = createGatewayKit(ctx.double);
    const seen: string[] = [];
    for await (const chunk of streamChunks(gateway, call)) {
      seen.push(chunk.text);
      break;
    }
    expect(seen).toEqual(['uno']);
    expect(ctx.double.requests).toHaveLength(1);
    await expect.poll(() => ctx.double.requests[0]!.aborted).toBe(true);
  });

  it('returns the failure when the stream cannot start', async () => {
    const { gateway } = createGatewayKit(ctx.double);
    ctx.double.script('streamGenerateContent', permissionDenied());
    const iterator = streamChunks(gateway, call);
    const step = await iterator.next();
    expect(step.done).toBe(true);
    expect(step.value).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED' } });
  });
});
