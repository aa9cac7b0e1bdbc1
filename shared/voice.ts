import { z } from 'zod';
import { audioClipSchema } from './audio';
import { requestIdSchema } from './ipc/define';
import { VOICE } from './limits';

/**
 * Voice (seeds 004, V1 to V5): speech to text, text to speech, and what the member sets for them. Audio crosses
 * IPC as base64 in `{mimeType, data}` (shared/audio.ts) and is never written to disk or to the log.
 */

/** V3: transcribe literally; an empty `text` means there was no speech, not an error. */
export const voiceSttInputSchema = z.strictObject({ audio: audioClipSchema, requestId: requestIdSchema.optional() });
export const voiceSttOutputSchema = z.object({ text: z.string() });
export type VoiceSttOutput = z.infer<typeof voiceSttOutputSchema>;

/**
 * V4: one sentence (or a short passage) to speech. `answerOf` names the `assistant:chat` request of a voice
 * question: its sentences are part of that question and do not count again against the AI channel's limit (G9).
 * `requestId` makes the call cancellable by `voice:cancelTts` (barge-in).
 */
export const voiceTtsInputSchema = z.strictObject({
  text: z.string().trim().min(1, 'There is nothing to say.').max(VOICE.ttsTextMaxChars),
  answerOf: requestIdSchema.optional(),
  requestId: requestIdSchema.optional(),
});
export const speechAudioSchema = z.object({ mimeType: z.literal('audio/wav'), data: z.string().min(1) });
export type SpeechAudio = z.infer<typeof speechAudioSchema>;

/** V1: what the member said, sent before the first piece of the answer. */
export const assistantTranscriptSchema = z.object({ text: z.string() });

/** Gemini's prebuilt TTS voices (docs/external-apis.md, Gemini). */
export const PREBUILT_VOICES = [
  'Kore', 'Puck', 'Charon', 'Zephyr', 'Fenrir', 'Leda', 'Orus', 'Aoede', 'Callirrhoe', 'Autonoe', 'Enceladus',
  'Iapetus', 'Umbriel', 'Algieba', 'Despina', 'Erinome', 'Algenib', 'Rasalgethi', 'Laomedeia', 'Achernar',
  'Alnilam', 'Schedar', 'Gacrux', 'Pulcherrima', 'Achird', 'Zubenelgenubi', 'Vindemiatrix', 'Sadachbia',
  'Sadaltager', 'Sulafat',
] as const;
export type PrebuiltVoice = (typeof PREBUILT_VOICES)[number];

export const voiceSettingsSchema = z.object({
  /** V2: voice questions are answered aloud. */
  spokenAnswers: z.boolean().default(true),
  voiceName: z.enum(PREBUILT_VOICES).default('Kore'),
  /** A MediaDeviceInfo.deviceId; null is the system's default microphone. */
  microphoneId: z.string().max(200).nullable().default(null),
});
export type VoiceSettings = z.infer<typeof voiceSettingsSchema>;
export const DEFAULT_VOICE_SETTINGS: VoiceSettings = voiceSettingsSchema.parse({});
export const voiceSettingsPatchSchema = z
  .strictObject({
    spokenAnswers: z.boolean(),
    voiceName: z.enum(PREBUILT_VOICES),
    microphoneId: z.string().max(200).nullable(),
  })
  .partial();

/** The renderer tells main whether the microphone is live: the tray and the on-top indicator show it. */
export const microphoneStateSchema = z.strictObject({ live: z.boolean() });
