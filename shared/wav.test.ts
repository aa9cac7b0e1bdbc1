import { describe, expect, it } from 'vitest';
import { floatPcmAsWav } from './wav';

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

describe('T2: the voice-activity detector samples as a WAV file', () => {
  it('writes a mono 16-bit PCM header at the given rate, then one little-endian sample per float', () => {
    const wav = floatPcmAsWav(new Float32Array([0, 0.25, -0.25, 1, -1]), 16_000);
    const view = new DataView(wav.buffer);

    expect(wav.length).toBe(44 + 5 * 2);
    expect([ascii(wav, 0, 4), ascii(wav, 8, 12), ascii(wav, 12, 16), ascii(wav, 36, 40)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint32(4, true)).toBe(36 + 10);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(28, true)).toBe(32_000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(10);
    expect([0, 1, 2, 3, 4].map((index) => view.getInt16(44 + index * 2, true))).toEqual([0, 8_192, -8_192, 32_767, -32_767]);
  });

  it('clips samples louder than full scale instead of wrapping them around', () => {
    const view = new DataView(floatPcmAsWav(new Float32Array([3, -3]), 16_000).buffer);
    expect([view.getInt16(44, true), view.getInt16(46, true)]).toEqual([32_767, -32_767]);
  });

  it('an empty recording is a header alone', () => {
    expect(floatPcmAsWav(new Float32Array(0), 16_000).length).toBe(44);
  });
});
