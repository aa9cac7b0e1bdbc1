import type { AudioClip } from '../../../shared/audio';
import { TRANSLATE } from '../../../shared/limits';
import { err, ok, type Result } from '../../../shared/result';
import type { Settings } from '../../../shared/settings';
import type { TranslateSegmentOutput, TranslateTextOutput, TranslationLang } from '../../../shared/translate';
import type { SpeechAudio } from '../../../shared/voice';
import { failureError } from '../gemini/failure';
import type { GeminiGateway } from '../gemini/gateway';
import { ASSISTANT_ATTEMPTS } from '../gemini/retry-policy';
import { createTimedGenerate } from '../gemini/timed-generate';
import type { Logger } from '../log/logger';
import { newBoundary } from '../prompt/untrusted-data';
import type { SpeechService } from '../speech/speech-service';
import { buildTranslatePrompt, readDetected } from './translate-prompt';

export interface TranslateServiceDeps {
  gateway: Pick<GeminiGateway, 'generate'>;
  /** Voice's speech to text (V3) for a segment, and its text to speech (V4) for `speak`. */
  speech: Pick<SpeechService, 'stt' | 'tts'>;
  /** Read at every request: the models and the member's voice as they are now. */
  settings: () => Settings;
  /** Milliseconds, for the durations in the log. */
  now: () => number;
  log: Logger;
}

interface Translated {
  translation: string;
  detected?: TranslationLang;
}

interface Languages {
  to: TranslationLang;
  /** Absent: the model detects it. */
  from?: TranslationLang | undefined;
  /** Adds the translation's speech, which may fail silently (T1). */
  speak?: boolean | undefined;
}

export interface TranslateService {
  /** T1: `text` in the language `to`. */
  text(request: Languages & { text: string }, signal: AbortSignal): Promise<Result<TranslateTextOutput>>;
  /** T1, T2: what was said in `audio`, then its translation; silence comes back as empty fields, untranslated. */
  segment(request: Languages & { audio: AudioClip }, signal: AbortSignal): Promise<Result<TranslateSegmentOutput>>;
}

/**
 * Translation with the Assistant's model and patience (its attempts; Gemini's failures mapped as the Assistant's
 * are); speech in and out is Voice's own. The log gets languages, counts and durations: never the text, the
 * transcript, the translation or the audio.
 */
export function createTranslateService(deps: TranslateServiceDeps): TranslateService {
  const { log } = deps;
  const generate = createTimedGenerate(deps);

  /** The translation, and when the model was asked to tell the source, the language it found (T1). */
  async function translate(text: string, { to, from }: Languages, signal: AbortSignal): Promise<Result<Translated>> {
    const model = deps.settings().models.assistant;
    const prompt = buildTranslatePrompt({ text, to, ...(from === undefined ? {} : { from }), boundary: newBoundary() });
    const languages = { from: from ?? 'detect', to, chars: text.length };
    const { reply, durationMs } = await generate(
      {
        model,
        ...prompt,
        // A translation is read while the meeting goes on: every thought is a wait.
        generation: { thinkingLevel: 'minimal', maxOutputTokens: TRANSLATE.maxOutputTokens },
        attempts: ASSISTANT_ATTEMPTS,
        timeoutMs: TRANSLATE.modelTimeoutMs,
        signal,
      },
      'translate: translation failed',
      languages,
    );
    if (!reply.ok) return { ok: false, error: reply.error };
    const fields = { model, ...languages, durationMs };
    const read = from === undefined ? readDetected(reply.value.text) : { translation: reply.value.text };
    const translation = read.translation.trim();
    if (translation === '') {
      log.warn('translate: the model answered with no translation', fields);
      return { ok: false, error: failureError({ kind: 'malformed' }, model) };
    }
    // Cut at the output bound, or longer than any translation of the text: a model that went on writing.
    if (reply.value.finishReason === 'MAX_TOKENS' || translation.length > TRANSLATE.translationMaxChars) {
      log.warn('translate: the reply ran past the bound of a translation', {
        ...fields,
        finishReason: reply.value.finishReason,
        translationChars: translation.length,
      });
      return err('UPSTREAM', "Gemini's translation ran far longer than the text, so it was not used. Try again, or translate a shorter text.", {
        reason: 'translation_too_long',
      });
    }
    log.info('translate: translated', { ...fields, detected: read.detected ?? null, translationChars: translation.length });
    return ok({ translation, ...(read.detected === undefined ? {} : { detected: read.detected }) });
  }

  /** T1: the translation spoken in the member's voice; speech that fails is left out, and the text still goes back. */
  async function withSpeech<T extends { translation: string }>(
    result: T,
    speak: boolean | undefined,
    signal: AbortSignal,
  ): Promise<Result<T & { audio?: SpeechAudio }>> {
    if (!speak) return ok(result);
    const speech = await deps.speech.tts(result.translation, deps.settings().voice.voiceName, signal);
    if (speech.ok) return ok({ ...result, audio: speech.value });
    // The whole call was cancelled: that is its answer, not a missing voice.
    if (signal.aborted) return { ok: false, error: speech.error };
    log.info('translate: translation returned without speech', { code: speech.error.code, reason: speech.error.reason });
    return ok(result);
  }

  return {
    async text(request, signal) {
      const translated = await translate(request.text, request, signal);
      if (!translated.ok) return translated;
      return withSpeech(translated.value, request.speak, signal);
    },

    async segment(request, signal) {
      const heard = await deps.speech.stt(request.audio, signal);
      if (!heard.ok) return heard;
      const transcript = heard.value.text;
      // T2: a segment without speech is not an error, and there is nothing to translate.
      if (transcript === '') {
        log.info('translate: silent segment', { to: request.to });
        return ok({ transcript: '', translation: '' });
      }
      // Captioned into the language it is spoken in: the words are the caption, and nothing goes to be translated.
      if (request.from === request.to) return withSpeech({ transcript, translation: transcript }, request.speak, signal);
      const translated = await translate(transcript, request, signal);
      if (!translated.ok) return translated;
      const { detected } = translated.value;
      // Heard in the target language after all: the caption is what was said, not the model's rewording of it.
      const translation = detected === request.to ? transcript : translated.value.translation;
      return withSpeech({ transcript, translation, ...(detected === undefined ? {} : { detected }) }, request.speak, signal);
    },
  };
}
