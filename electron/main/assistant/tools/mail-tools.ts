import { z } from 'zod';
import type { AssistantSource } from '../../../../shared/assistant';
import { ASSISTANT, SECRETARY } from '../../../../shared/limits';
import { ok } from '../../../../shared/result';
import type { Logger } from '../../log/logger';
import { readLatestDigest, type LatestDigests } from '../../mail/latest-digest';
import { describeDigest, describeLookup } from '../../mail/mail-prompt-text';
import type { MailboxPort } from '../../mail/mailbox-port';
import { defineTool, type Tool } from '../tool-registry';

export interface MailToolsDeps {
  /** The member's Zoho mailbox, through the Secretary's client (its limits, 64-bit ids as strings). */
  mailbox: Pick<MailboxPort, 'webUrl'>;
  digests: LatestDigests;
  log: Logger;
}

// Models sometimes fill an unused argument with "": that means absent.
const term = (what: string) =>
  z
    .string()
    .trim()
    .max(ASSISTANT.toolQueryMaxChars)
    .optional()
    .transform((text) => text || undefined)
    .describe(what);

const searchArgs = z
  .object({
    query: term('Words searched in the whole message.'),
    from: term("The sender's name or address."),
    subject: term('Words of the subject.'),
  })
  .refine((terms) => terms.query || terms.from || terms.subject, 'Give at least one of "query", "from" or "subject".');

// A 64-bit Zoho id sent as a JSON number has already lost its last digits: only strings are accepted.
const id = (what: string) => z.string().trim().min(1).describe(what);

const readArgs = z.object({
  messageId: id('The messageId exactly as search_mail listed it, as a string.'),
  folderId: id('The folderId listed with that message, as a string.'),
});

/**
 * The member's mailbox as tools (issue 10, beyond the seeds), declared only while it is connected. Each output
 * pairs the app's own word on what happened (`found`, `status`: what the pane's step line says) with `result`,
 * the text the model reads. They run on
 * the request's own lookups (ToolContext.mail), so read_mail opens only a message a search in this request
 * returned and a second read of it is declined; what they return is worded as the Secretary words it, the
 * senders' text inside untrusted MAIL blocks. Each message read becomes a source of the answer.
 */
export function createMailTools(deps: MailToolsDeps): Tool[] {
  const { mailbox, log } = deps;
  return [
    defineTool({
      name: 'search_mail',
      description:
        `Searches the member's mailbox (Zoho Mail) and lists up to ${SECRETARY.searchMaxResults} matching messages, newest first, each with its messageId, folderId, sender, date, subject and a short summary. Give at least one of query, from or subject.`,
      args: searchArgs,
      async execute(ctx, terms, signal) {
        const lookup = await ctx.mail.run({ action: 'buscar', ...terms }, signal);
        if (!lookup.ok) return lookup;
        const found = lookup.value.kind === 'search' ? lookup.value.results.length : 0;
        return ok({ output: { found, result: describeLookup(lookup.value, ctx.boundary) } });
      },
    }),
    defineTool({
      name: 'read_mail',
      description:
        `Reads one message of the mailbox in full (its text, up to ${SECRETARY.readBodyMaxChars} characters). Only a message that search_mail returned while answering this message can be read: search first.`,
      args: readArgs,
      async execute(ctx, ref, signal) {
        const lookup = await ctx.mail.run({ action: 'leer', ...ref }, signal);
        if (!lookup.ok) return lookup;
        const read = lookup.value;
        const sources: AssistantSource[] =
          read.kind === 'read'
            ? [
                {
                  kind: 'mail',
                  messageId: read.message.messageId,
                  from: read.message.from,
                  subject: read.message.subject,
                  date: read.message.date,
                  webUrl: mailbox.webUrl({ messageId: read.message.messageId, folderId: read.message.folderId }),
                },
              ]
            : [];
        return ok({ output: { status: read.kind, result: describeLookup(read, ctx.boundary) }, sources });
      },
    }),
    defineTool({
      name: 'latest_digest',
      description:
        "The member's latest mailbox digest: when the last pass ran, its summary, how much noise it filtered, and the messages it found worth attention.",
      args: z.object({}),
      async execute(ctx) {
        const context = readLatestDigest(deps.digests, ctx.member.email, log);
        return ok({ output: { status: context.kind, result: `Latest mailbox digest: ${describeDigest(context, ctx.boundary)}` } });
      },
    }),
  ];
}
