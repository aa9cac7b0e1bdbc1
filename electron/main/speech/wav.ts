import { VOICE } from '../../../shared/limits';
import { err, ok, type Result } from '../../../shared/result';
import type { SpeechAudio } from '../../../shared/voice';
import { WAV_BYTES_PER_FRAME, WAV_HEADER_BYTES, WAV_MAX_BYTES, wavHeader } from '../../../shared/wav';
import type { InlineAudio } from '../gemini/gateway-types';

// Raw 16-bit PCM: what Google's TTS models have sent ('audio/L16;codec=pcm;rate=24000'; the Live API writes audio/pcm).
const RAW_PCM = /^audio\/(?:l16|pcm)\b/i;
const WAV = /^audio\/(?:wav|x-wav|wave)\s*(?:;|$)/i;
const RATE = /;\s*rate\s*=\s*"?(\d+)"?/i;

/**
 * V4: a TTS model's audio as a WAV the renderer can decode. Raw PCM (16-bit little-endian mono, whatever L16's
 * RFC says about byte order: it is what Gemini sends) gets the 44-byte header, at the rate its MIME type names
 * (VOICE.ttsSampleRateHz when it names none); a WAV passes through as it came. Any other type is the model's
 * surprise, not the member's: an UPSTREAM error.
 */
export function speechAsWav(audio: InlineAudio): Result<SpeechAudio> {
  if (WAV.test(audio.mimeType)) return ok({ mimeType: 'audio/wav', data: audio.data });
  if (!RAW_PCM.test(audio.mimeType)) return unexpectedAudio();
  const rate = sampleRateOf(audio.mimeType);
  const pcm = Buffer.from(audio.data, 'base64');
  if (rate === null || WAV_HEADER_BYTES + pcm.length > WAV_MAX_BYTES) return unexpectedAudio();
  return ok({ mimeType: 'audio/wav', data: Buffer.concat([wavHeader(pcm.length, rate), pcm]).toString('base64') });
}

function sampleRateOf(mimeType: string): number | null {
  const named = RATE.exec(mimeType)?.[1];
  if (named === undefined) return VOICE.ttsSampleRateHz;
  const rate = Number(named);
  return rate > 0 && rate * WAV_BYTES_PER_FRAME <= WAV_MAX_BYTES ? rate : null;
}

function unexpectedAudio(): Result<never> {
  return err('UPSTREAM', 'The speech model sent audio the app cannot play. Try again, or another TTS model in Settings.', {
    reason: 'unexpected_audio',
  });
}
