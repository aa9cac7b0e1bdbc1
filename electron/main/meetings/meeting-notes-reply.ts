import { z } from 'zod';
import { MEETING_NOTES } from '../../../shared/limits';
import { oneLine } from './meeting-transcript';

/**
 * What the model writes of a meeting (or of one part of a long one), as JSON: the reply is decoded to this shape
 * where the model can, and validated with it either way. Bounds are not the model's to keep: the app cuts what
 * runs long (tidyNotes), rather than refusing notes over a list one item too long.
 */
export const meetingNotesReplySchema = z.object({
  title: z.string(),
  summary: z.string(),
  decisions: z.array(z.string()),
  actions: z.array(
    z.object({
      /** The person or side who is to do it, as said; null when nobody was named. */
      who: z.string().nullable(),
      what: z.string(),
      /** The deadline as it was said ("by Friday"); null when none was. */
      when: z.string().nullable(),
    }),
  ),
  openQuestions: z.array(z.string()),
});
export type MeetingNotesReply = z.infer<typeof meetingNotesReplySchema>;

/** Notes as the app renders them: each text on one line (the summary in paragraphs), empties gone, every bound kept. */
export interface MeetingNotes {
  readonly title: string;
  /** Paragraphs, each on one line. */
  readonly summary: readonly string[];
  readonly decisions: readonly string[];
  readonly actions: readonly { readonly who: string | null; readonly what: string; readonly when: string | null }[];
  readonly openQuestions: readonly string[];
}

/** The first `max` characters of `text`, never half of a character outside the Basic Multilingual Plane. */
export function cut(text: string, max: number): string {
  const points = Array.from(text);
  return points.length <= max ? text : points.slice(0, max).join('').trimEnd();
}

const item = (text: string) => cut(oneLine(text), MEETING_NOTES.itemMaxChars);
const optional = (text: string | null) => (text === null || item(text) === '' ? null : item(text));
const items = (texts: readonly string[]) => texts.map(item).filter((text) => text !== '').slice(0, MEETING_NOTES.itemsMax);

export function tidyNotes(reply: MeetingNotesReply): MeetingNotes {
  const summary = cut(reply.summary.trim(), MEETING_NOTES.summaryMaxChars)
    .split(/\n\s*\n/u)
    .map(oneLine)
    .filter((paragraph) => paragraph !== '');
  return {
    title: cut(oneLine(reply.title), MEETING_NOTES.titleMaxChars),
    summary,
    decisions: items(reply.decisions),
    actions: reply.actions
      .map((action) => ({ who: optional(action.who), what: item(action.what), when: optional(action.when) }))
      .filter((action) => action.what !== '')
      .slice(0, MEETING_NOTES.itemsMax),
    openQuestions: items(reply.openQuestions),
  };
}
