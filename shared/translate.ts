import { z } from 'zod';
import { audioClipSchema } from './audio';
import { requestIdSchema } from './ipc/define';
import { LANGS } from './lang';
import { TRANSLATE } from './limits';
import { speechAudioSchema } from './voice';

/**
 * Translation (seeds 004, T1, T2): text to text, and a recorded segment to its transcript and translation, each
 * optionally spoken. Languages are BCP 47 primary codes: the seven the app speaks, and the ones staff most often
 * meet in meetings; their names come from Intl.DisplayNames in the member's language.
 */
export const TRANSLATION_LANGS = [...LANGS, 'de', 'it', 'pt', 'ja', 'ko', 'tr', 'hi', 'uk', 'pl', 'nl'] as const;
export type TranslationLang = (typeof TRANSLATION_LANGS)[number];
export const translationLangSchema = z.enum(TRANSLATION_LANGS);

export function isTranslationLang(value: string): value is TranslationLang {
  return (TRANSLATION_LANGS as readonly string[]).includes(value);
}

/** What a text and a segment are translated with. */
const translationRequest = {
  to: translationLangSchema,
  /** Absent: the model tells what the text or speech is in. */
  from: translationLangSchema.optional(),
  /** Adds the translation's speech (V4); a speech failure leaves the text (T1). */
  speak: z.boolean().optional(),
  requestId: requestIdSchema.optional(),
};

export const translateTextInputSchema = z.strictObject({
  text: z.string().trim().min(1, 'Write something to translate.').max(TRANSLATE.textMaxChars),
  ...translationRequest,
});

export const translateTextOutputSchema = z.object({
  translation: z.string().max(TRANSLATE.translationMaxChars),
  /** Asked without `from`: the language the model found the text in, when it is one of TRANSLATION_LANGS. */
  detected: translationLangSchema.optional(),
  audio: speechAudioSchema.optional(),
});
export type TranslateTextOutput = z.infer<typeof translateTextOutputSchema>;

export const translateSegmentInputSchema = z.strictObject({ audio: audioClipSchema, ...translationRequest });

/** A silent segment: every field empty, no translation made, not an error (T2). */
export const translateSegmentOutputSchema = translateTextOutputSchema.extend({ transcript: z.string() });
export type TranslateSegmentOutput = z.infer<typeof translateSegmentOutputSchema>;

/** T2: a meeting's captions, saved where the member chooses; the only way anything of a meeting reaches the disk. */
export const saveTranscriptInputSchema = z.strictObject({
  format: z.enum(['txt', 'srt']),
  content: z.string().min(1).max(TRANSLATE.transcriptMaxChars),
  /** Suggested in the save dialog, without folder or extension (e.g. "Captions 2026-12-02 10.30"). */
  fileName: z.string().trim().min(1).max(120).regex(/^[^/\\:*?"<>|]+$/, 'A file name without a folder.'),
});
export type SaveTranscriptInput = z.infer<typeof saveTranscriptInputSchema>;

/**
 * What live captions start with (issue 28: a team profile or the machine's policy may set them): the language
 * spoken (null: the model tells), the language of the captions (null: the member's UI language), and whether the
 * translation is read aloud. The member may still change them for one meeting in the captions view.
 */
export const captionsSettingsSchema = z.object({
  from: translationLangSchema.nullable().default(null),
  to: translationLangSchema.nullable().default(null),
  speak: z.boolean().default(false),
});
export type CaptionsSettings = z.infer<typeof captionsSettingsSchema>;
export const DEFAULT_CAPTIONS_SETTINGS: CaptionsSettings = captionsSettingsSchema.parse({});
// No defaults in a patch: they would reset the fields not sent.
export const captionsSettingsPatchSchema = z
  .strictObject({ from: translationLangSchema.nullable(), to: translationLangSchema.nullable(), speak: z.boolean() })
  .partial();
