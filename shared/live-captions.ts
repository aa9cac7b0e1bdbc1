import { z } from 'zod';
import { pcmBytesSchema, pcmFrameSchema } from './audio';
import { requestIdSchema } from './ipc/define';
import { LIVE_CAPTIONS } from './limits';
import { translationLangSchema } from './translate';

/**
 * Live captions streamed over a Gemini Live translation session (issue 25; the same captions as T2, closer behind
 * the speaker). The page hands main only the audio around speech, as PCM frames timed on the captions session's
 * clock; main answers with lines whose words and translation grow while they are spoken, until the line is final
 * (at the speaker's pause or the model's turn boundary), after which it never changes. Audio is bytes, never base64,
 * and nothing of it, nor of the lines, is written to disk or the log.
 */

/** Who is speaking: the member's microphone, or the computer's audio (the other people in the meeting). */
export const CAPTION_SOURCES = ['you', 'others'] as const;
export type CaptionSource = (typeof CAPTION_SOURCES)[number];
export const captionSourceSchema = z.enum(CAPTION_SOURCES);

/** Milliseconds since the captions session started (the page's Start): every line and frame is on this clock. */
const sessionMsSchema = z.number().finite().nonnegative();

/**
 * `translate:live` opens one source's Live translation session. `from` is a hint only (the model hears what is
 * spoken); `speak` asks for the translation's audio (`translate:liveAudio`).
 */
export const translateLiveInputSchema = z.strictObject({
  source: captionSourceSchema,
  to: translationLangSchema,
  from: translationLangSchema.optional(),
  speak: z.boolean(),
});
export type TranslateLiveInput = z.output<typeof translateLiveInputSchema>;

/**
 * One frame of speech: 16 kHz mono PCM16 little-endian, `seq` from 0 with no gaps, `atMs` when its first sample was
 * heard. Silence is not sent, so `atMs` jumps between stretches of speech while `seq` does not.
 */
export const captionFrameInputSchema = z.strictObject({
  requestId: requestIdSchema,
  seq: z.number().int().nonnegative(),
  atMs: sessionMsSchema,
  pcm: pcmFrameSchema,
});
export type CaptionFrameInput = z.output<typeof captionFrameInputSchema>;

/** The speaker paused (voice-activity detection): the line in progress ends at `atMs` once its words are translated. */
export const captionPauseInputSchema = z.strictObject({ requestId: requestIdSchema, atMs: sessionMsSchema });
export type CaptionPauseInput = z.output<typeof captionPauseInputSchema>;

/** Stop: nothing more will be said; the lines in progress are finished, then the stream ends with its done. */
export const captionEndInputSchema = z.strictObject({ requestId: requestIdSchema });

const lineTextSchema = z.string().max(LIVE_CAPTIONS.lineMaxChars);

/**
 * A line as it stands (`translate:liveLine`): sent whole each time it grows, so a missed event loses nothing. Once
 * `final` it is sent no more. `id` is unique within its stream.
 */
export const streamedLineSchema = z.object({
  id: z.string().min(1).max(64),
  source: captionSourceSchema,
  startMs: sessionMsSchema,
  endMs: sessionMsSchema,
  transcript: lineTextSchema,
  translation: lineTextSchema,
  final: z.boolean(),
});
export type StreamedLine = z.infer<typeof streamedLineSchema>;

/** The translation's speech as it is generated: 24 kHz mono PCM16 little-endian, in order. */
export const captionAudioSchema = z.object({ pcm: pcmBytesSchema });

/**
 * `translate:liveState`: connecting (at the start, and after a drop while backing off: `attempt` from 1), streaming,
 * and the audio sent so far in this stream, for the pane's minutes streamed.
 */
export const CAPTION_STREAM_STATES = ['connecting', 'streaming', 'reconnecting'] as const;
export const captionStreamStateSchema = z.object({
  state: z.enum(CAPTION_STREAM_STATES),
  attempt: z.number().int().positive().optional(),
  streamedMs: z.number().nonnegative(),
});
export type CaptionStreamState = z.infer<typeof captionStreamStateSchema>;

/**
 * How the stream ended. `stopped`: the page said Stop and every line is final. `unavailable`: Live translation
 * cannot serve this session (the model not offered to the key, the language refused, no connection after
 * LIVE_CAPTIONS.reconnectAttempts): the page captions what follows, and what no final line holds yet, by the
 * pause-cut path. `reason` is the failure's kind, for the log and the pane.
 */
export const captionStreamDoneSchema = z.object({
  ended: z.enum(['stopped', 'unavailable']),
  reason: z.string().max(64).optional(),
  streamedMs: z.number().nonnegative(),
});
export type CaptionStreamDone = z.infer<typeof captionStreamDoneSchema>;
