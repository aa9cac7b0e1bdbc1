import type { MeetingLine } from '../../../shared/meeting-notes';
import type { MeetingTexts } from '../texts/meeting-texts';
import type { MeetingNotes } from './meeting-notes-reply';
import { clock, oneLine } from './meeting-transcript';

/**
 * The notes' Markdown, written by the app: its headings and lists are the app's, in the member's language, and
 * what the model or a speaker wrote only fills them. Every such text is on one line of its own (oneLine), and one
 * that would begin a block (a heading, a quote, a list, a fence, a rule) is escaped, so no summary, action or
 * caption can add a section, close one, or pass for the transcript.
 */
export function notesMarkdown(notes: MeetingNotes, transcript: string, texts: MeetingTexts): string {
  const { headings } = texts;
  const none = `*${texts.none}*`;
  const list = (entries: readonly string[]) => (entries.length === 0 ? none : entries.map((entry) => `- ${entry}`).join('\n'));
  const actions = notes.actions.map(({ who, what, when }) => {
    const owner = who === null ? '' : `**${who}**: `;
    const due = when === null ? '' : ` (${texts.when}: ${when})`;
    return `${owner}${who === null ? inert(what) : what}${due}`;
  });
  return [
    section(headings.summary, notes.summary.length === 0 ? none : notes.summary.map(inert).join('\n\n')),
    section(headings.decisions, list(notes.decisions.map(inert))),
    section(headings.actions, list(actions)),
    section(headings.openQuestions, list(notes.openQuestions.map(inert))),
    transcript,
  ].join('\n\n');
}

/**
 * The transcript's section: every line with its time from Start and, when the captions told the sides apart, who
 * spoke; the words as heard, and their translation below them when there is one.
 */
export function transcriptMarkdown(lines: readonly MeetingLine[], texts: MeetingTexts): string {
  const entries = lines.map((line) => {
    const who = line.speaker === null ? '' : ` · ${texts.speakers[line.speaker]}`;
    const said = `- **${clock(line.startMs)}${who}:** ${oneLine(line.original)}`;
    const translation = oneLine(line.translation);
    // A backslash at the end of a line is Markdown's line break: the translation shows under the words.
    return translation === '' ? said : `${said}\\\n  *${translation}*`;
  });
  return section(texts.headings.transcript, entries.join('\n'));
}

function section(heading: string, body: string): string {
  return `## ${heading}\n\n${body}`;
}

/** What starts a Markdown block at the beginning of a line: a heading, quote, list, fence, rule, table or HTML. */
const BLOCK_START = /^[#>*+\-=_|~`<]/u;
/** An ordered list's number ("1." or "1)"): escaped at its dot, since a backslash before a digit is no escape. */
const ORDERED_START = /^(\d+)(?=[.)])/u;

/** A text on one line that reads as a paragraph, whatever it begins with. */
function inert(text: string): string {
  const number = ORDERED_START.exec(text)?.[1];
  if (number !== undefined) return `${number}\\${text.slice(number.length)}`;
  return BLOCK_START.test(text) ? `\\${text}` : text;
}
