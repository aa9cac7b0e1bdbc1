import { jsonReply, type GeminiStep, type RecordedRequest, type ReplyContext } from '../../doubles/gemini-double';

/**
 * Reading the secretary's prompt as the model receives it (the Gemini double's recorded request bodies), and
 * model replies that depend on it: what a real model does with the search results it was shown.
 */

interface GenerateBody {
  contents?: Array<{ parts?: Array<{ text?: unknown }> }>;
}

/** The secretary's prompt: the first part of the first turn (a JSON instruction for Gemma may follow it). */
export function promptIn(body: unknown): string {
  const text = (body as GenerateBody | null)?.contents?.[0]?.parts?.[0]?.text;
  return typeof text === 'string' ? text : '';
}

/** The prompt of each secretary request the double received, in order. */
export function promptsOf(requests: readonly RecordedRequest[]): string[] {
  return requests.filter((request) => request.action === 'generateContent').map((request) => promptIn(request.body));
}

export interface ListedResult {
  messageId: string;
  folderId: string;
  from: string;
  date: string;
  subject: string;
}

/** Every search result the prompt lists, in its order (newest first within a search). */
export function searchResultsIn(prompt: string): ListedResult[] {
  const pattern = /^- messageId: (\S+) · folderId: (\S+)\n {2}from: (.*) · date: (.*)\n {2}subject: (.*)$/gm;
  return [...prompt.matchAll(pattern)].map(([, messageId = '', folderId = '', from = '', date = '', subject = '']) => ({
    messageId,
    folderId,
    from,
    date,
    subject,
  }));
}

/**
 * A model reply that reads (`leer`) the listed result `pick` chooses, with the IDs exactly as the prompt showed
 * them. When the prompt lists none that fits, the model answers saying so, and the test's assertion on the
 * answer shows what went wrong.
 */
export function readListedResult(pick: (results: ListedResult[]) => ListedResult | undefined): GeminiStep {
  return {
    kind: 'respond',
    status: 200,
    body: (context: ReplyContext) => {
      const chosen = pick(searchResultsIn(promptIn(context.body)));
      const action = chosen
        ? { action: 'leer', messageId: chosen.messageId, folderId: chosen.folderId }
        : { action: 'responder', answer: 'The prompt listed no search result to read.' };
      const step = jsonReply(action);
      if (step.kind !== 'respond') throw new Error('jsonReply() is expected to answer at once');
      return step.body(context);
    },
  };
}

/** The prompt's untrusted-data blocks: their boundary, and what sits inside them. */
export function untrustedBlocks(prompt: string) {
  const boundary = /<<<UNTRUSTED MAIL DATA ([0-9a-f]{32})>>>/.exec(prompt)?.[1];
  if (!boundary) throw new Error(`the prompt has no untrusted data block:\n${prompt}`);
  const open = `<<<UNTRUSTED MAIL DATA ${boundary}>>>\n`;
  const close = `\n<<<END UNTRUSTED MAIL DATA ${boundary}>>>`;
  return {
    boundary,
    /** Whether `text` occurs, and each occurrence lies between an opening line and its closing line. */
    holdsOnlyInside(text: string): boolean {
      let at = prompt.indexOf(text);
      if (at < 0) return false;
      for (; at >= 0; at = prompt.indexOf(text, at + 1)) {
        const opened = prompt.lastIndexOf(open, at);
        const closedBefore = prompt.lastIndexOf(close, at);
        const closesAfter = prompt.indexOf(close, at);
        if (opened < 0 || closedBefore > opened || closesAfter < 0) return false;
      }
      return true;
    },
    /**
     * The body of the read of `messageId` as the prompt gives it: the text after the From/Subject/Date header,
     * up to the end of its data block; null when the prompt holds no such read.
     */
    readBody(messageId: string): string | null {
      const heading = prompt.indexOf(`Read of message ${JSON.stringify(messageId)}`);
      if (heading < 0) return null;
      const start = prompt.indexOf(open, heading);
      const end = prompt.indexOf(close, start);
      if (start < 0 || end < 0) return null;
      const block = prompt.slice(start + open.length, end);
      const afterHeader = block.indexOf('\n\n');
      return afterHeader < 0 ? null : block.slice(afterHeader + 2);
    },
  };
}
