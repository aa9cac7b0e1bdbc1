import { z } from 'zod';

/**
 * S3: what the model may answer each round. The gateway derives the decoder's schema from these (one object whose
 * `action` is responder, buscar or leer, as the seeds' responseSchema); what decoding cannot say (a search needs a
 * term, a read needs both ids) zod checks, so that the gateway's one repair round tells the model what is missing.
 * IDs stay strings: a 64-bit Zoho id written as a JSON number has already lost its last digits.
 */

// Constrained decoding fills every property, so an unused one arrives as "": that means absent.
const optionalText = z
  .string()
  .optional()
  .transform((text) => text?.trim() || undefined);
const id = z.string().trim().min(1);

const responder = z.object({
  action: z.literal('responder'),
  answer: z.string().trim().min(1, 'Write the answer in "answer".'),
  // Citations are a courtesy: a malformed list costs the citation, never a repair round.
  sources: z.array(z.string()).optional().catch(undefined),
});

const buscar = z
  .object({ action: z.literal('buscar'), query: optionalText, from: optionalText, subject: optionalText })
  .refine((search) => search.query || search.from || search.subject, {
    message: 'A search needs at least one of "query", "from" or "subject".',
  });

const leer = z.object({ action: z.literal('leer'), messageId: id, folderId: id });

export const actionSchema = z.discriminatedUnion('action', [responder, buscar, leer]);
export type SecretaryAction = z.infer<typeof actionSchema>;

/** After the last lookup the model must answer: only `responder` is accepted. */
export const finalActionSchema = responder;
export type AnswerAction = z.infer<typeof responder>;

const WHOLE_FENCE = /^```[\w-]*[ \t]*\r?\n?([\s\S]*?)\r?\n?```$/;

/**
 * S3: a reply that is not JSON at all is the model answering in prose, and is taken as the answer. A reply
 * that IS JSON but not a usable action is not an answer (null): showing it would hand the member raw JSON.
 */
export function plainAnswer(raw: string | undefined): string | null {
  const trimmed = raw?.trim() ?? '';
  const text = (WHOLE_FENCE.exec(trimmed)?.[1] ?? trimmed).trim();
  if (text === '') return null;
  try {
    JSON.parse(text);
    return null;
  } catch {
    return text;
  }
}
