import { describe, expect, it } from 'vitest';
import { VOICE } from '../../../shared/limits';
import { speechAsWav } from './wav';

/** The fields of a 44-byte WAV header, as a player reads them. */
function readWav(base64: string) {
  const wav = Buffer.from(base64, 'base64');
  return {
    riff: wav.toString('ascii', 0, 4),
    riffBytes: wav.readUInt32LE(4),
    wave: wav.toString('ascii', 8, 12),
    fmt: wav.toString('ascii', 12, 16),
    format: wav.readUInt16LE(20),
    channels: wav.readUInt16LE(22),
    sampleRate: wav.readUInt32LE(24),
    byteRate: wav.readUInt32LE(28),
    blockAlign: wav.readUInt16LE(32),
    bitsPerSample: wav.readUInt16LE(34),
    data: wav.toString('ascii', 36, 40),
    dataBytes: wav.readUInt32LE(40),
    pcm: wav.subarray(44),
  };
}

const pcm = Buffer.from([1, 0, 255, 127, 0, 128, 16, 32, 7, 9]);

describe('V4: raw PCM L16 wrapped in a WAV header', () => {
  it.each([
    ['audio/L16;codec=pcm;rate=24000', 24_000],
    ['audio/L16;codec=pcm;rate=16000', 16_000],
    ['audio/pcm; rate="44100"', 44_100],
    ['audio/L16;codec=pcm', VOICE.ttsSampleRateHz],
  ])('%s: RIFF/WAVE, PCM, mono, 16-bit at %i Hz, data length equal to the PCM bytes', (mimeType, rate) => {
    const wav = speechAsWav({ mimeType, data: pcm.toString('base64') });
    expect(wav.ok).toBe(true);
    if (!wav.ok) return;
    expect(wav.value.mimeType).toBe('audio/wav');
    expect(readWav(wav.value.data)).toEqual({
      riff: 'RIFF',
      riffBytes: 36 + pcm.length,
      wave: 'WAVE',
      fmt: 'fmt ',
      format: 1,
      channels: 1,
      sampleRate: rate,
      byteRate: rate * 2,
      blockAlign: 2,
      bitsPerSample: 16,
      data: 'data',
      dataBytes: pcm.length,
      pcm,
    });
  });

  it('passes a WAV through unchanged', () => {
    const data = Buffer.from('RIFF$\u0000\u0000\u0000WAVEfmt the model made').toString('base64');
    expect(speechAsWav({ mimeType: 'audio/wav', data })).toEqual({ ok: true, value: { mimeType: 'audio/wav', data } });
    expect(speechAsWav({ mimeType: 'audio/x-wav', data })).toEqual({ ok: true, value: { mimeType: 'audio/wav', data } });
  });

  it.each(['audio/mpeg', 'audio/ogg;codecs=opus', 'text/plain', '', 'audio/L16;codec=pcm;rate=0'])(
    'refuses audio it cannot play (%j) as an UPSTREAM error',
    (mimeType) => {
      expect(speechAsWav({ mimeType, data: pcm.toString('base64') })).toMatchObject({
        ok: false,
        error: { code: 'UPSTREAM', reason: 'unexpected_audio' },
      });
    },
  );
});
