import { z } from 'zod';
import { requestIdSchema } from './ipc/define';
import { LANGS } from './lang';
import { LIVE_CAPTIONS, MEETING_NOTES } from './limits';
import { translationLangSchema } from './translate';

/**
 * Meeting notes (issue 27, MN1-MN4): live captions' final lines become a summary with decisions, actions and open
 * questions, which the member edits and saves as a Markdown note in the knowledge base (found by the Oracle and the
 * Assistant like any note), or puts into a Zoho Mail draft. Nothing of a meeting is stored until the member saves.
 */

/** Names Windows keeps for its devices: no file or folder may be so named there, whatever its extension. */
export const RESERVED_FILE_NAME = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i;

/** Where the meeting notes go inside the member's own knowledge base folder, unless Settings name another. */
export const DEFAULT_MEETINGS_FOLDER = 'Meetings';

/**
 * The meetings folder's name in Settings: one folder inside the knowledge base, never a path (no separators, no
 * `..`), never hidden (the index skips hidden folders), and a name every system can make.
 */
export const meetingsFolderSchema = z
  .string()
  .trim()
  .min(1, 'Name the meetings folder.')
  .max(MEETING_NOTES.folderNameMaxChars)
  .refine((name) => !/[/\\:*?"<>|\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u.test(name), 'Use a folder name without / \\ : * ? " < > |.')
  .refine((name) => !name.startsWith('.') && !name.endsWith('.'), 'A folder name cannot begin or end with a dot.')
  .refine((name) => !RESERVED_FILE_NAME.test(name), 'That name is reserved by Windows; choose another.');

/**
 * Settings of meeting notes: the folder inside the member's knowledge base folder they are saved in (made on the
 * first save). With the shipped guide as the knowledge base they go to a meetings folder in the app's data folder
 * instead, indexed with the guide.
 */
export const meetingNotesSettingsSchema = z.object({ folder: meetingsFolderSchema.default(DEFAULT_MEETINGS_FOLDER) });
export type MeetingNotesSettings = z.infer<typeof meetingNotesSettingsSchema>;
export const DEFAULT_MEETING_NOTES_SETTINGS: MeetingNotesSettings = { folder: DEFAULT_MEETINGS_FOLDER };
export const meetingNotesSettingsPatchSchema = z.strictObject({ folder: meetingsFolderSchema }).partial();

/** How the captions were made: streamed over Live translation, cut at pauses, or cut every few seconds. */
export const meetingModeSchema = z.enum(['streaming', 'pauses', 'fixed']);
export type MeetingMode = z.infer<typeof meetingModeSchema>;

/** What the note's front matter records of the meeting. */
export const meetingInfoSchema = z.strictObject({
  /** Epoch milliseconds of Start. */
  startedAt: z.number().int().nonnegative(),
  durationMs: z.number().int().nonnegative(),
  /** `from` null: the language spoken was left to the model. */
  languages: z.strictObject({ from: translationLangSchema.nullable(), to: translationLangSchema }),
  mode: meetingModeSchema,
});
export type MeetingInfo = z.infer<typeof meetingInfoSchema>;

/** One final caption line, as the transcript keeps it. */
export const meetingLineSchema = z.strictObject({
  /** "You" (the member's microphone) or "Others" (the meeting's sound); null when only one side was captioned. */
  speaker: z.enum(['you', 'others']).nullable(),
  /** From Start, in milliseconds. */
  startMs: z.number().int().nonnegative(),
  original: z.string().max(LIVE_CAPTIONS.lineMaxChars),
  /** Empty when the words were already in the captions' language (shown once). */
  translation: z.string().max(LIVE_CAPTIONS.lineMaxChars),
});
export type MeetingLine = z.infer<typeof meetingLineSchema>;

/** `meetings:draft`: one summary of the lines (in parts for a long meeting), cancellable by its requestId. */
export const meetingDraftInputSchema = z.strictObject({
  requestId: requestIdSchema,
  meeting: meetingInfoSchema,
  lines: z.array(meetingLineSchema).min(1, 'The meeting has no speech to summarize.').max(MEETING_NOTES.linesMax),
  /** The member's UI language: the summary and its headings are written in it. */
  language: z.enum(LANGS),
});
export type MeetingDraftInput = z.infer<typeof meetingDraftInputSchema>;

const titleSchema = z.string().trim().min(1, 'Give the notes a title.').max(MEETING_NOTES.titleMaxChars);
const textSchema = z.string().trim().min(1, 'The notes are empty.').max(MEETING_NOTES.textMaxChars);

/** The draft the member sees and edits: a title, and the note's Markdown (summary sections, then the transcript). */
export const meetingDraftSchema = z.object({
  title: z.string().max(MEETING_NOTES.titleMaxChars),
  text: z.string().max(MEETING_NOTES.textMaxChars),
});
export type MeetingDraft = z.infer<typeof meetingDraftSchema>;

/** `meetings:save`: the edited draft, written whole into the meetings folder and indexed before the answer. */
export const meetingSaveInputSchema = z.strictObject({ title: titleSchema, text: textSchema, meeting: meetingInfoSchema });
export type MeetingSaveInput = z.infer<typeof meetingSaveInputSchema>;

export const meetingSavedSchema = z.object({
  /** Relative to the knowledge base's folder, forward slashes: what `oracle:openNote` opens. */
  path: z.string(),
});
export type MeetingSaved = z.infer<typeof meetingSavedSchema>;

/**
 * `meetings:mailDraft`: a new draft in the member's Zoho mailbox, never sent by the app. Addressed to nobody unless
 * the member typed addresses. Needs Zoho's compose scope: without it the answer is NOT_CONFIGURED with reason
 * `zoho_compose_scope`, and the page asks the member to allow it (`zoho:connect` with `compose`).
 */
export const meetingMailDraftInputSchema = z.strictObject({
  subject: titleSchema,
  text: textSchema,
  to: z.array(z.email()).max(MEETING_NOTES.recipientsMax),
});
export type MeetingMailDraftInput = z.infer<typeof meetingMailDraftInputSchema>;
