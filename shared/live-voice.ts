import { z } from 'zod';
import { assistantDoneSchema, assistantHistorySchema } from './assistant';
import { pcmBytesSchema, pcmFrameSchema } from './audio';
import { requestIdSchema } from './ipc/define';
import { LANGS } from './lang';

/**
 * A voice question over the Gemini Live API (issue 24; the same question as V1, asked faster): the microphone
 * streams to main as PCM frames while the member speaks, and the answer comes back as audio and text while it is
 * generated. Audio crosses IPC as bytes (a Uint8Array), never base64, and is never written to disk or the log.
 */

/**
 * `assistant:live` starts a question on press. `history` is the conversation so far, for the one-call path should
 * Live be unavailable (a Live session keeps its own). `speak` false: the answer is read, not heard, and no audio is
 * sent to the page.
 */
export const assistantLiveInputSchema = z.strictObject({
  lang: z.enum(LANGS),
  history: assistantHistorySchema,
  speak: z.boolean(),
});
export type AssistantLiveInput = z.output<typeof assistantLiveInputSchema>;

/** One frame of the question as it is spoken: 16 kHz mono PCM16 little-endian, `seq` from 0 with no gaps. */
export const liveFrameInputSchema = z.strictObject({
  requestId: requestIdSchema,
  seq: z.number().int().nonnegative(),
  pcm: pcmFrameSchema,
});
export type LiveFrameInput = z.output<typeof liveFrameInputSchema>;

/** The member let go: the question is complete (the Live API's activityEnd). */
export const liveReleaseInputSchema = z.strictObject({ requestId: requestIdSchema });

/** The question's words as the model hears them, whole so far (it grows while the member speaks). */
export const liveHeardSchema = z.object({ text: z.string() });
/** A piece of the answer's audio: 24 kHz mono PCM16 little-endian, in order (a sample may span two pieces). */
export const liveAudioSchema = z.object({ pcm: pcmBytesSchema });

/**
 * Which way the question is answered: `live` over the Live API, `oneCall` by the Assistant's one call with the
 * recording (V1) and sentence-by-sentence speech, because Live was unavailable (`reason`, for the log and the pane).
 */
export const LIVE_PATHS = ['live', 'oneCall'] as const;
export type LivePath = (typeof LIVE_PATHS)[number];
export const livePathSchema = z.object({ path: z.enum(LIVE_PATHS), reason: z.string().optional() });
export type LivePathEvent = z.infer<typeof livePathSchema>;

export const assistantLiveDoneSchema = assistantDoneSchema.extend({
  path: z.enum(LIVE_PATHS),
  /** Why Live did not answer, when it did not (the failure's kind, or 'unavailable'). */
  pathReason: z.string().optional(),
});
export type AssistantLiveDone = z.infer<typeof assistantLiveDoneSchema>;
