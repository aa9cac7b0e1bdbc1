import { describe, expect, it } from 'vitest';
import { I32, OP, i32Const, kernelModule, localGet, s32, u32, wasmRuntime } from './wasm-binary';

describe('wasm binary', () => {
  it('writes LEB128 numbers as the spec does', () => {
    expect(u32(0)).toEqual([0x00]);
    expect(u32(127)).toEqual([0x7f]);
    expect(u32(128)).toEqual([0x80, 0x01]);
    expect(u32(624_485)).toEqual([0xe5, 0x8e, 0x26]);
    expect(s32(63)).toEqual([0x3f]);
    expect(s32(64)).toEqual([0xc0, 0x00]);
    expect(s32(-1)).toEqual([0x7f]);
    expect(s32(-64)).toEqual([0x40]);
    expect(s32(-65)).toEqual([0xbf, 0x7f]);
    expect(s32(-123_456)).toEqual([0xc0, 0xbb, 0x78]);
  });

  it('makes a module that runs: a function writing a number where it is told, in the imported memory', () => {
    const body = [...localGet(0), ...i32Const(-123_456), OP.i32Store, 2, 0];
    const bytes = kernelModule({ name: 'store', params: [I32], locals: [], body }, 1);
    const wasm = wasmRuntime();
    if (!wasm) throw new Error('Node 20 has WebAssembly');
    expect(wasm.validate(bytes)).toBe(true);

    const memory = new wasm.Memory({ initial: 1 });
    const { exports } = new wasm.Instance(new wasm.Module(bytes), { env: { memory } });
    (exports as { store: (at: number) => void }).store(8);
    expect(new Int32Array(memory.buffer, 8, 1)[0]).toBe(-123_456);
  });
});
