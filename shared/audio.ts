import { z } from 'zod';
import { LIVE, VOICE } from './limits';

/**
 * V5: audio that crosses IPC, as `{mimeType, data}` with `data` in base64. The renderer checks it before sending
 * and main checks it again with this same schema (the registry parses every input): a type outside the
 * allowlist is INVALID_INPUT, more than VOICE.audioMaxBase64Bytes of base64 is TOO_LARGE.
 */
const AUDIO_MIME = new RegExp(`^audio/(?:${VOICE.audioMimeTypes.join('|')})(?:\\s*;[\\w\\s=.,"-]*)?$`, 'i');
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function isAllowedAudioMime(mimeType: string): boolean {
  return AUDIO_MIME.test(mimeType);
}

export const audioClipSchema = z.strictObject({
  mimeType: z
    .string()
    .max(100)
    .refine(isAllowedAudioMime, `Send audio as one of: ${VOICE.audioMimeTypes.join(', ')}.`),
  data: z
    .string()
    .min(1, 'The recording is empty.')
    .max(VOICE.audioMaxBase64Bytes)
    .refine((data) => data.length % 4 === 0 && BASE64.test(data), 'The recording is not valid base64.'),
});
export type AudioClip = z.infer<typeof audioClipSchema>;

/** Streamed audio crosses IPC as bytes (a Uint8Array), never base64, and is never written to disk or the log. */
export const pcmBytesSchema = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array, 'Audio travels as bytes.')
  .refine((bytes) => bytes.byteLength > 0, 'There is no audio.');

/** One microphone frame on its way to a Live session: 16 kHz mono PCM16 little-endian, whole samples, bounded. */
export const pcmFrameSchema = pcmBytesSchema
  // An odd byte count is a torn frame: the microphone's frames hold whole 16-bit samples.
  .refine((bytes) => bytes.byteLength % 2 === 0, 'A frame holds whole 16-bit samples.')
  .refine((bytes) => bytes.byteLength <= LIVE.frameMaxBytes, 'A frame is too large.');

/** How long `byteLength` bytes of the Live API's input audio (16-bit PCM at LIVE.inputSampleRateHz) last, in ms. */
export function liveInputMs(byteLength: number): number {
  return (byteLength / 2 / LIVE.inputSampleRateHz) * 1000;
}
