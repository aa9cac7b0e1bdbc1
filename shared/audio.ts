import { z } from 'zod';
import { VOICE } from './limits';

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
