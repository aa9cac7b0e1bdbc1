import { z } from 'zod';
import { SECRETARY } from './limits';

/** The secretary's channel (seeds 000, S1, S2, S13): what a question carries and what its answer holds. */

export const historyEntrySchema = z.strictObject({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(SECRETARY.historyMessageMaxChars),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** S2: the LAST entries are kept and the oldest dropped, so a long conversation still asks (FIFO). */
export function keepRecentHistory<T>(history: readonly T[]): T[] {
  return history.slice(-SECRETARY.historyMaxMessages);
}

export const secretaryAskInputSchema = z.strictObject({
  // Over the limit is TOO_LARGE (the registry maps a size-only failure to it); empty or blank is INVALID_INPUT.
  question: z
    .string()
    .min(1, 'Write a question.')
    .max(SECRETARY.questionMaxChars)
    .refine((question) => question.trim() !== '', 'Write a question.'),
  history: z.array(historyEntrySchema).default([]).transform(keepRecentHistory),
});
export type SecretaryAskInput = z.output<typeof secretaryAskInputSchema>;

/** A message the answer used, with where the member can open it in Zoho Mail. IDs are strings (64-bit). */
export const secretarySourceSchema = z.object({
  messageId: z.string(),
  folderId: z.string(),
  from: z.string(),
  subject: z.string(),
  /** ISO 8601. */
  date: z.string(),
  webUrl: z.string(),
});
export type SecretarySource = z.infer<typeof secretarySourceSchema>;

/** S13, in the seeds' field names, plus the messages the answer cites. */
export const secretaryAnswerSchema = z.object({
  answer: z.string(),
  tool_rounds: z.number().int().nonnegative(),
  duration_ms: z.number().int().nonnegative(),
  model: z.string(),
  sources: z.array(secretarySourceSchema),
});
export type SecretaryAnswer = z.infer<typeof secretaryAnswerSchema>;
