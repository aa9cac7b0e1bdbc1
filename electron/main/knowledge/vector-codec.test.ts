import { describe, expect, it } from 'vitest';
import { cosineWithUnit, decodeVector, encodeVector, toUnitVector } from './vector-codec';

describe('vector codec', () => {
  it('stores 4 little-endian bytes per dimension', () => {
    const blob = encodeVector(new Float32Array([1, -2]));
    expect([...blob]).toEqual([0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x00, 0xc0]);
  });

  it('reads back exactly what it stored', () => {
    const vector = new Float32Array([0.25, -0.5, 0.125, 3.5]);
    expect([...decodeVector(encodeVector(vector))]).toEqual([...vector]);
  });

  it('reads a BLOB that does not start on a 4-byte boundary', () => {
    const padded = Buffer.concat([Buffer.from([7]), encodeVector(new Float32Array([1.5, -0.75]))]);
    expect([...decodeVector(padded.subarray(1))]).toEqual([1.5, -0.75]);
  });

  it('refuses bytes that cannot be Float32 values', () => {
    expect(() => decodeVector(Buffer.from([1, 2, 3]))).toThrow(/not Float32/);
  });

  it('makes unit vectors, leaving a zero vector at zero', () => {
    expect([...toUnitVector(new Float32Array([3, 4]))]).toEqual([Math.fround(0.6), Math.fround(0.8)]);
    expect([...toUnitVector(new Float32Array([0, 0]))]).toEqual([0, 0]);
  });

  it('gives the cosine against a unit query whatever the stored vector length', () => {
    const query = new Float32Array([1, 0]);
    expect(cosineWithUnit(query, new Float32Array([0.6, 0.8]))).toBeCloseTo(0.6, 6);
    expect(cosineWithUnit(query, new Float32Array([6, 8]))).toBeCloseTo(0.6, 6);
    expect(cosineWithUnit(query, new Float32Array([-1, 0]))).toBeCloseTo(-1, 6);
    expect(cosineWithUnit(query, new Float32Array([0, 0]))).toBe(0);
  });
});
