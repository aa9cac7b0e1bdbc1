import { untrustedBlock } from '../prompt/untrusted-data';
import type { DigestContext } from './latest-digest';
import type { MailSummary } from './mailbox-port';
import type { Lookup } from './question-lookups';

/**
 * How mailbox data is shown to a model, in the same words wherever a model reads it (the secretary's prompt, the
 * assistant's mail tools): every piece written by a sender sits inside an untrusted MAIL block marked with the
 * request's boundary; what the app itself says about it (counts, ids, refusals) stays outside.
 */

export function untrustedMail(boundary: string, text: string): string {
  return untrustedBlock('MAIL', boundary, text);
}

/** One mailbox lookup and what it found. */
export function describeLookup(lookup: Lookup, boundary: string): string {
  switch (lookup.kind) {
    case 'search': {
      const terms = JSON.stringify(lookup.terms);
      if (lookup.results.length === 0) return `Search ${terms}: no message matched.`;
      const results = lookup.results.map(describeResult).join('\n');
      return `Search ${terms}: ${lookup.results.length} message(s).\n${untrustedMail(boundary, results)}`;
    }
    case 'read': {
      const { messageId, folderId, from, subject, date } = lookup.message;
      const header = `From: ${from}\nSubject: ${subject}\nDate: ${date}`;
      return `Read of message ${JSON.stringify(messageId)} (folder ${JSON.stringify(folderId)}):\n${untrustedMail(boundary, `${header}\n\n${lookup.text}`)}`;
    }
    case 'refused':
      return `Read refused: message ${JSON.stringify(lookup.messageId)} in folder ${JSON.stringify(lookup.folderId)} was not returned by a search in this question. Search for it first.`;
    case 'reread':
      return `Read skipped: message ${JSON.stringify(lookup.message.messageId)} was already read above.`;
  }
}

function describeResult(message: MailSummary): string {
  return [
    `- messageId: ${message.messageId} · folderId: ${message.folderId}`,
    `  from: ${message.from} · date: ${message.date}`,
    `  subject: ${message.subject}`,
    `  summary: ${message.summary}`,
  ].join('\n');
}

/** S7: the member's latest mailbox pass, or why there is none. */
export function describeDigest(context: DigestContext, boundary: string): string {
  switch (context.kind) {
    case 'none':
      return '(no digest yet: the first mailbox pass has not run.)';
    case 'unavailable':
      return '(the latest digest could not be loaded.)';
    case 'digest': {
      const { digest } = context;
      return untrustedMail(
        boundary,
        `Last pass of ${digest.generated_at} · ${digest.resumen} · noise filtered: ${digest.ruido_count}\nItems: ${JSON.stringify(digest.items)}`,
      );
    }
  }
}
