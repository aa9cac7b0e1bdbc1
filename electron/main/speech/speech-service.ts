import type { AudioClip } from '../../../shared/audio';
import { VOICE } from '../../../shared/limits';
import { err, ok, type Result } from '../../../shared/result';
import type { Settings } from '../../../shared/settings';
import type { SpeechAudio, VoiceSttOutput } from '../../../shared/voice';
import type { GeminiGateway } from '../gemini/gateway';
import { ASSISTANT_ATTEMPTS } from '../gemini/retry-policy';
import { createTimedGenerate } from '../gemini/timed-generate';
import type { Logger } from '../log/logger';
import { speechAsWav } from './wav';

export interface SpeechServiceDeps {
  gateway: Pick<GeminiGateway, 'generate'>;
  /** Read at every request: the models and the voice as they are now. */
  settings: () => Settings;
  /** Milliseconds, for the durations in the log. */
  now: () => number;
  log: Logger;
}

export interface SpeechService {
  /** V3: what was said, word for word; `{text: ''}` when the recording held no speech. */
  stt(audio: AudioClip, signal: AbortSignal): Promise<Result<VoiceSttOutput>>;
  /** V4: `text` spoken in `voiceName` by the TTS model, as a WAV. */
  tts(text: string, voiceName: string, signal: AbortSignal): Promise<Result<SpeechAudio>>;
}

/** V3: the model is a transcriber here, not the Assistant: nothing added, nothing answered, nothing translated. */
const TRANSCRIBE_INSTRUCTION = [
  'Transcribe the speech in this audio literally and verbatim, in the language in which it is spoken.',
  'Do not translate, summarise, correct, answer or comment on it, and add no labels, timestamps or quotation marks.',
  'Output only the words that were said.',
  'If there is no speech in the audio, output nothing at all.',
].join(' ');

/**
 * Speech to text and text to speech through the gateway, with the Assistant's patience (its attempts; Gemini's
 * failures mapped by the gateway as the Assistant's are). The log gets sizes, counts and durations: never the
 * audio, the transcript or the text spoken.
 */
export function createSpeechService(deps: SpeechServiceDeps): SpeechService {
  const { log } = deps;
  const generate = createTimedGenerate(deps);

  return {
    async stt(audio, signal) {
      const model = deps.settings().models.assistant;
      const { reply, durationMs } = await generate(
        {
          model,
          systemInstruction: TRANSCRIBE_INSTRUCTION,
          contents: [{ role: 'user', parts: [{ inlineData: { mimeType: audio.mimeType, data: audio.data } }] }],
          // Writing down what was said needs no thought, and every thought is a wait.
          generation: { thinkingLevel: 'minimal', maxOutputTokens: VOICE.transcriptMaxOutputTokens },
          attempts: ASSISTANT_ATTEMPTS,
          timeoutMs: VOICE.sttTimeoutMs,
          signal,
        },
        'voice: transcription failed',
      );
      if (!reply.ok) return { ok: false, error: reply.error };
      // Cut at the bound: more speech than a recording holds, or a model that went on writing. Half a question is
      // not sent on as if it were the whole.
      if (reply.value.finishReason === 'MAX_TOKENS') {
        log.warn('voice: the transcript ran past its bound', { model, audioBase64Bytes: audio.data.length });
        return err('UPSTREAM', 'The recording was too long to write down whole. Ask again in shorter parts.', { reason: 'transcript_too_long' });
      }
      const text = reply.value.text.trim();
      log.info('voice: transcribed', { model, audioBase64Bytes: audio.data.length, chars: text.length, durationMs });
      return ok({ text });
    },

    async tts(text, voiceName, signal) {
      const model = deps.settings().models.tts;
      const { reply, durationMs } = await generate(
        {
          model,
          // voice:tts refuses longer text; a caller in main gets the same bound.
          contents: text.slice(0, VOICE.ttsTextMaxChars),
          generation: { responseModalities: ['AUDIO'], speechConfig: { voiceName } },
          attempts: ASSISTANT_ATTEMPTS,
          timeoutMs: VOICE.ttsTimeoutMs,
          signal,
        },
        'voice: speech failed',
      );
      if (!reply.ok) return { ok: false, error: reply.error };
      const audio = reply.value.audio;
      const wav = audio && audio.data !== '' ? speechAsWav(audio) : noAudio();
      if (!wav.ok) {
        log.warn('voice: speech unusable', { model, reason: wav.error.reason, mimeType: audio?.mimeType ?? null, durationMs });
        return wav;
      }
      log.info('voice: spoken', { model, chars: text.length, wavBase64Bytes: wav.value.data.length, durationMs });
      return wav;
    },
  };
}

function noAudio(): Result<never> {
  return err('UPSTREAM', 'The speech model answered without audio. Try again, or another TTS model in Settings.', { reason: 'no_audio' });
}
