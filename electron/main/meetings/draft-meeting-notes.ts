import { MEETING_NOTES } from '../../../shared/limits';
import type { MeetingDraft, MeetingDraftInput } from '../../../shared/meeting-notes';
import { err, ok, type Result } from '../../../shared/result';
import type { Settings } from '../../../shared/settings';
import type { GeminiGateway } from '../gemini/gateway';
import { ASSISTANT_ATTEMPTS } from '../gemini/retry-policy';
import type { Logger } from '../log/logger';
import { newBoundary } from '../prompt/untrusted-data';
import { MEETING_TEXTS } from '../texts/meeting-texts';
import { notesMarkdown, transcriptMarkdown } from './meeting-markdown';
import { meetingNotesReplySchema, tidyNotes, type MeetingNotes, type MeetingNotesReply } from './meeting-notes-reply';
import { mergePrompt, transcriptPrompt, type MeetingPrompt } from './meeting-prompt';
import { spokenLines, transcriptParts } from './meeting-transcript';

export interface MeetingDrafterDeps {
  gateway: Pick<GeminiGateway, 'generateJson'>;
  /** Read at every draft: the Assistant's model, as chosen in Settings. */
  settings: () => Settings;
  /** G9: asked once the meeting is known to fit, before the first model call; a refusal is the answer. */
  admit: () => Result<void>;
  log: Logger;
}

/**
 * The most the model's notes can add to the transcript in the note (tidyNotes keeps them within it): the summary,
 * and for each place in the lists a decision, an open question and an action's three fields, with room for the
 * marks around them; then the headings.
 */
const NOTES_MAX_CHARS = MEETING_NOTES.summaryMaxChars + MEETING_NOTES.itemsMax * (5 * MEETING_NOTES.itemMaxChars + 200) + 1_000;

const tooLong = (why: string) => err('TOO_LARGE', `This meeting is too long for one note: ${why}. Export its captions instead.`, { field: 'lines', reason: 'meeting_too_long' });

/**
 * MN1: a meeting's notes from its final caption lines. One model call reads the whole transcript, fenced as data
 * (MN3); a meeting longer than MEETING_NOTES.partChars is summarized in parts, whose notes one more call merges.
 * The app writes the note itself (notesMarkdown): the model's JSON only fills its sections, in the member's UI
 * language, and the full transcript follows them. The log gets counts and durations, never what was said.
 */
export async function draftMeetingNotes(deps: MeetingDrafterDeps, input: MeetingDraftInput, signal: AbortSignal): Promise<Result<MeetingDraft>> {
  const lines = spokenLines(input.lines);
  if (lines.length === 0) return err('INVALID_INPUT', 'The meeting has no speech to summarize.', { field: 'lines', reason: 'no_speech' });
  const parts = transcriptParts(lines, MEETING_NOTES.partChars);
  if (parts.length > MEETING_NOTES.partsMax) return tooLong(`it would take ${parts.length} parts to summarize, and the most is ${MEETING_NOTES.partsMax}`);
  const texts = MEETING_TEXTS[input.language];
  const transcript = transcriptMarkdown(lines, texts);
  if (transcript.length + NOTES_MAX_CHARS > MEETING_NOTES.textMaxChars) return tooLong('its transcript alone nears the longest note the app saves');
  const admitted = deps.admit();
  if (!admitted.ok) return admitted;

  const model = deps.settings().models.assistant;
  const view = { language: input.language, languages: input.meeting.languages };
  const ask = async (prompt: MeetingPrompt): Promise<Result<MeetingNotesReply>> => {
    const reply = await deps.gateway.generateJson({
      model,
      ...prompt,
      schema: meetingNotesReplySchema,
      generation: { maxOutputTokens: MEETING_NOTES.maxOutputTokens },
      attempts: ASSISTANT_ATTEMPTS,
      timeoutMs: MEETING_NOTES.modelTimeoutMs,
      signal,
    });
    // Only the declared error crosses IPC: the failure behind it is main's.
    return reply.ok ? reply : { ok: false, error: reply.error };
  };

  let notes: Result<MeetingNotesReply>;
  if (parts.length === 1) {
    notes = await ask(transcriptPrompt({ ...view, transcript: parts[0]!, boundary: newBoundary() }));
  } else {
    const partNotes: string[] = [];
    for (const [index, transcriptPart] of parts.entries()) {
      const part = await ask(transcriptPrompt({ ...view, transcript: transcriptPart, part: { index, count: parts.length }, boundary: newBoundary() }));
      if (!part.ok) return part;
      partNotes.push(JSON.stringify(tidyNotes(part.value)));
    }
    notes = await ask(mergePrompt({ ...view, partNotes, boundary: newBoundary() }));
  }
  if (!notes.ok) {
    deps.log.warn('meetings: the notes could not be drafted', { model, parts: parts.length, code: notes.error.code, reason: notes.error.reason });
    return notes;
  }
  const tidy: MeetingNotes = tidyNotes(notes.value);
  deps.log.info('meetings: notes drafted', { model, lines: lines.length, parts: parts.length, decisions: tidy.decisions.length, actions: tidy.actions.length });
  return ok({ title: tidy.title === '' ? texts.untitled : tidy.title, text: notesMarkdown(tidy, transcript, texts) });
}
