import { describe, expect, it } from 'vitest';
import { LIVE } from '../../../shared/limits';
import { createFrameAssembler, int16Of, samplesOfPcm16 } from './pcm-frames';

/** Web Audio hands a worklet 128 samples at a time. */
const QUANTUM = 128;
const FRAME_SAMPLES = (LIVE.inputSampleRateHz * LIVE.frameMs) / 1000;

/** Quanta of a ramp: sample n is n / 2^15, so each sample's place in the stream can be read back from its value. */
function rampQuanta(count: number): Float32Array[] {
  return Array.from({ length: count }, (_, quantum) =>
    Float32Array.from({ length: QUANTUM }, (_, index) => (quantum * QUANTUM + index) / 0x8000),
  );
}

function int16sOf(frame: ArrayBuffer): number[] {
  const view = new DataView(frame);
  return Array.from({ length: frame.byteLength / 2 }, (_, index) => view.getInt16(index * 2, true));
}

describe('LV1: the microphone’s render quanta become 20 ms PCM16 frames', () => {
  it('LV1: 128-sample quanta come out as 320-sample (640-byte) frames holding every sample once, in order', () => {
    const assembler = createFrameAssembler(FRAME_SAMPLES);
    // 25 quanta are 3200 samples: exactly 10 frames.
    const frames = rampQuanta(25).flatMap((quantum) => assembler.push(quantum));

    expect(FRAME_SAMPLES).toBe(320);
    expect(frames).toHaveLength(10);
    expect(frames.every((frame) => frame.byteLength === 640)).toBe(true);
    const samples = frames.flatMap(int16sOf);
    expect(samples).toEqual(Array.from({ length: 3200 }, (_, index) => Math.round((index / 0x8000) * 0x7fff)));
    expect(assembler.flush()).toBeNull();
  });

  it('LV1: a frame completes inside a quantum, and the rest of that quantum starts the next frame', () => {
    const assembler = createFrameAssembler(FRAME_SAMPLES);
    const [first, second, third] = rampQuanta(3);

    expect(assembler.push(first!)).toEqual([]);
    expect(assembler.push(second!)).toEqual([]);
    const completed = assembler.push(third!);
    expect(completed).toHaveLength(1);
    // 384 samples in: a frame of 320, and 64 waiting, which flush hands over in order.
    const rest = assembler.flush();
    expect(int16sOf(rest!)).toHaveLength(64);
    expect(int16sOf(rest!)[0]).toBe(int16Of(320 / 0x8000));
    expect(assembler.flush()).toBeNull();
  });

  it('LV1: samples are 16-bit little-endian, full scale on both sides, and clipped beyond it', () => {
    const assembler = createFrameAssembler(4);
    const [frame] = assembler.push(Float32Array.of(1, -1, 1.7, -3));
    expect([...new Uint8Array(frame!)]).toEqual([0xff, 0x7f, 0x00, 0x80, 0xff, 0x7f, 0x00, 0x80]);
    expect(int16Of(0.5)).toBe(16384);
    expect(int16Of(-0.5)).toBe(-16384);
    expect(int16Of(0)).toBe(0);
  });

  it('LV3: PCM16 read back gives the float samples, an odd trailing byte left out', () => {
    const bytes = Uint8Array.of(0x00, 0x40, 0x00, 0xc0, 0xff, 0x7f, 0x12);
    expect([...samplesOfPcm16(bytes)]).toEqual([0.5, -0.5, 0x7fff / 0x8000]);
    // A view into a larger buffer reads from its own offset.
    expect([...samplesOfPcm16(bytes.subarray(2, 4))]).toEqual([-0.5]);
  });
});
