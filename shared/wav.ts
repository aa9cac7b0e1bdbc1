/**
 * Mono 16-bit PCM WAV, the one audio file this app writes itself: main wraps a TTS model's raw PCM in it (V4), and
 * live captions send the voice-activity detector's own samples as it (T2). Bytes only, so both sides use it.
 */

export const WAV_HEADER_BYTES = 44;
const FMT_CHUNK_BYTES = 16;
const PCM_FORMAT = 1;
const CHANNELS = 1;
const BITS_PER_SAMPLE = 16;
export const WAV_BYTES_PER_FRAME = (CHANNELS * BITS_PER_SAMPLE) / 8;
/** RIFF sizes are 32-bit: no WAV holds more than this. */
export const WAV_MAX_BYTES = 0xffff_ffff;
const INT16_MAX = 0x7fff;

/** The 44-byte RIFF/WAVE header in front of `dataBytes` of mono 16-bit little-endian PCM at `sampleRate`. */
export function wavHeader(dataBytes: number, sampleRate: number): Uint8Array {
  const header = new Uint8Array(WAV_HEADER_BYTES);
  const view = new DataView(header.buffer);
  writeAscii(header, 0, 'RIFF');
  view.setUint32(4, WAV_HEADER_BYTES - 8 + dataBytes, true);
  writeAscii(header, 8, 'WAVE');
  writeAscii(header, 12, 'fmt ');
  view.setUint32(16, FMT_CHUNK_BYTES, true);
  view.setUint16(20, PCM_FORMAT, true);
  view.setUint16(22, CHANNELS, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * WAV_BYTES_PER_FRAME, true);
  view.setUint16(32, WAV_BYTES_PER_FRAME, true);
  view.setUint16(34, BITS_PER_SAMPLE, true);
  writeAscii(header, 36, 'data');
  view.setUint32(40, dataBytes, true);
  return header;
}

/** Samples in -1..1 (as Web Audio gives them; louder ones are clipped) as a whole WAV file. */
export function floatPcmAsWav(samples: Float32Array, sampleRate: number): Uint8Array {
  const wav = new Uint8Array(WAV_HEADER_BYTES + samples.length * WAV_BYTES_PER_FRAME);
  wav.set(wavHeader(samples.length * WAV_BYTES_PER_FRAME, sampleRate));
  const view = new DataView(wav.buffer);
  samples.forEach((sample, index) => {
    const clipped = Math.max(-1, Math.min(1, sample));
    view.setInt16(WAV_HEADER_BYTES + index * WAV_BYTES_PER_FRAME, Math.round(clipped * INT16_MAX), true);
  });
  return wav;
}

/** Pieces of mono 16-bit little-endian PCM (a voice question's frames, in order) as one WAV file. */
export function pcm16AsWav(pieces: readonly Uint8Array[], sampleRate: number): Uint8Array {
  const dataBytes = pieces.reduce((total, piece) => total + piece.byteLength, 0);
  const wav = new Uint8Array(WAV_HEADER_BYTES + dataBytes);
  wav.set(wavHeader(dataBytes, sampleRate));
  let at = WAV_HEADER_BYTES;
  for (const piece of pieces) {
    wav.set(piece, at);
    at += piece.byteLength;
  }
  return wav;
}

function writeAscii(bytes: Uint8Array, at: number, text: string): void {
  for (let index = 0; index < text.length; index++) bytes[at + index] = text.charCodeAt(index);
}
