import { z } from 'zod';
import type { DigestItem } from '../../../shared/digest';
import type { MailSummary } from '../mail/mailbox-port';

/**
 * What the model answers for a pass. It names the messages that matter by id only: sender, subject and folder
 * are taken from the mailbox, so the model can neither misquote them nor point at a message it was not shown.
 * IDs are strings: a 64-bit Zoho id written as a JSON number has already lost its last digits.
 */
export const digestReplySchema = z.object({
  resumen: z.string().trim().min(1, 'Write the summary of the new mail in "resumen".'),
  ruido_count: z.number().int().nonnegative(),
  items: z.array(z.object({ messageId: z.string().trim(), why: z.string().trim() })),
});
export type DigestReply = z.infer<typeof digestReplySchema>;

export interface SortedMail {
  items: DigestItem[];
  ruidoCount: number;
  /** Items the reply named that were not among the messages shown (invented or mangled ids), or twice. */
  dropped: number;
}

/** The reply held to the messages the model was shown: one item per shown message at most, in its order. */
export function sortedMail(
  reply: DigestReply,
  shown: readonly MailSummary[],
  webUrl: (ref: { messageId: string; folderId: string }) => string,
): SortedMail {
  const byId = new Map(shown.map((message) => [message.messageId, message]));
  const items: DigestItem[] = [];
  for (const { messageId, why } of reply.items) {
    const message = byId.get(messageId);
    if (!message) continue;
    byId.delete(messageId);
    const { folderId, from, subject, date } = message;
    items.push({ messageId, folderId, from, subject, why, webUrl: webUrl({ messageId, folderId }), ...(date ? { date } : {}) });
  }
  // A message that matters is not noise: the count cannot exceed what is left.
  const ruidoCount = Math.min(reply.ruido_count, shown.length - items.length);
  return { items, ruidoCount, dropped: reply.items.length - items.length };
}
