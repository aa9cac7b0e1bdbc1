import type { AppApi } from '../../../shared/ipc/app-api';
import type { Result } from '../../../shared/result';
import type { SpeechAudio } from '../../../shared/voice';

/**
 * A speech queue's `synthesize` over `voice:tts`: its abort signal cancels the call in main (barge-in), and
 * `answerOf()` names the voice question a sentence belongs to, when there is one (G9).
 */
export function synthesizeSpeech(
  api: AppApi,
  answerOf: () => string | null = () => null,
): (text: string, signal: AbortSignal) => Promise<Result<SpeechAudio>> {
  return async (text, signal) => {
    const requestId = crypto.randomUUID();
    const cancel = () => void api.voice.cancelTts({ requestId });
    signal.addEventListener('abort', cancel, { once: true });
    const question = answerOf();
    const spoken = await api.voice.tts({ text, requestId, ...(question ? { answerOf: question } : {}) });
    signal.removeEventListener('abort', cancel);
    return spoken;
  };
}
