import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decoderJsonSchema } from './json-schema';

describe('decoderJsonSchema', () => {
  it('merges a discriminated union into one object, as the seeds wrote the secretary\'s responseSchema by hand', () => {
    const schema = z.discriminatedUnion('action', [
      z.object({ action: z.literal('responder'), answer: z.string().min(1) }),
      z.object({ action: z.literal('buscar'), query: z.string().optional().transform((text) => text?.trim()) }),
    ]);
    expect(decoderJsonSchema(schema)).toEqual({
      type: 'object',
      properties: {
        action: { type: 'string', enum: ['responder', 'buscar'] },
        answer: { type: 'string', minLength: 1 },
        query: { type: 'string' },
      },
      required: ['action'],
    });
  });

  it('describes tool arguments without the dialect line or JavaScript\'s integer bounds, and keeps field names that look like keywords', () => {
    const schema = z.object({
      const: z.string().describe('A field that happens to be called const.'),
      limit: z.number().int().min(1).max(10).optional(),
      kind: z.literal('mail'),
    });
    expect(decoderJsonSchema(schema)).toEqual({
      type: 'object',
      properties: {
        const: { type: 'string', description: 'A field that happens to be called const.' },
        limit: { type: 'integer', minimum: 1, maximum: 10 },
        kind: { type: 'string', enum: ['mail'] },
      },
      required: ['const', 'kind'],
    });
  });
});
