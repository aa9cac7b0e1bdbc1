/**
 * Just enough of the WebAssembly binary format to write one exported function over an imported memory, so a
 * small SIMD kernel can ship as TypeScript (no wat2wasm, no emscripten, nothing to build or load from disk),
 * and of the JS API to run it. Spec: https://webassembly.github.io/spec/core/binary/ (section numbers below).
 */

export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

/** A compiled module: opaque, only handed back to Instance. */
export interface WasmModule {
  readonly kind: 'WebAssembly.Module';
}

/** The part of the WebAssembly JS API used here. */
export interface WasmRuntime {
  validate(bytes: Uint8Array<ArrayBuffer>): boolean;
  Module: new (bytes: Uint8Array<ArrayBuffer>) => WasmModule;
  Instance: new (module: WasmModule, imports: { env: { memory: WasmMemory } }) => { readonly exports: unknown };
  Memory: new (descriptor: { initial: number }) => WasmMemory;
}

// A web standard that Node and Electron provide, but that neither lib ES2023 nor @types/node declares.
declare const WebAssembly: WasmRuntime | undefined;

/** The runtime's WebAssembly, or null where there is none (V8 run with --jitless, for one). */
export function wasmRuntime(): WasmRuntime | null {
  return typeof WebAssembly === 'object' ? WebAssembly : null;
}

export const I32 = 0x7f;
export const V128 = 0x7b;
export type ValueType = typeof I32 | typeof V128;

/** Core opcodes used by the kernel (spec 5.4). */
export const OP = {
  block: 0x02,
  loop: 0x03,
  end: 0x0b,
  brIf: 0x0d,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  i32Store: 0x36,
  i32Const: 0x41,
  i32LtU: 0x49,
  i32GeU: 0x4f,
  i32Add: 0x6a,
  i32Mul: 0x6c,
} as const;

/** The block type of a block or loop that leaves nothing on the stack. */
export const EMPTY_BLOCK = 0x40;

/** SIMD opcodes (spec 5.4.8): each is written after the 0xfd prefix as an unsigned LEB128 number. */
export const SIMD = {
  v128Load: 0x00,
  v128Load8x8S: 0x01, // 8 bytes sign-extended to eight i16 lanes
  v128Const: 0x0c,
  i32x4ExtractLane: 0x1b,
  i32x4Add: 0xae,
  i32x4DotI16x8S: 0xba, // lane i = a[2i]*b[2i] + a[2i+1]*b[2i+1], in i32
} as const;

/** Unsigned LEB128: 7 bits per byte, low first, the high bit set on every byte but the last. */
export function u32(value: number): number[] {
  const bytes: number[] = [];
  let rest = value >>> 0;
  do {
    const low = rest & 0x7f;
    rest >>>= 7;
    bytes.push(rest === 0 ? low : low | 0x80);
  } while (rest !== 0);
  return bytes;
}

/** Signed LEB128: as u32, ending once the remaining bits are all copies of the sign bit just written. */
export function s32(value: number): number[] {
  const bytes: number[] = [];
  let rest = value | 0;
  for (;;) {
    const low = rest & 0x7f;
    rest >>= 7;
    const done = (rest === 0 && (low & 0x40) === 0) || (rest === -1 && (low & 0x40) !== 0);
    bytes.push(done ? low : low | 0x80);
    if (done) return bytes;
  }
}

export const localGet = (index: number): number[] => [OP.localGet, ...u32(index)];
export const localSet = (index: number): number[] => [OP.localSet, ...u32(index)];
export const localTee = (index: number): number[] => [OP.localTee, ...u32(index)];
export const i32Const = (value: number): number[] => [OP.i32Const, ...s32(value)];
/** A SIMD instruction with its immediates (a memarg, a lane index or the 16 bytes of a constant). */
export const simd = (opcode: number, ...immediates: number[]): number[] => [0xfd, ...u32(opcode), ...immediates];
/** A memory access's immediates: log2 of the alignment it promises, then the constant offset. */
export const memarg = (alignLog2: number, offset: number): number[] => [...u32(alignLog2), ...u32(offset)];

/** A vector (spec 5.1.3): its length, then its items. */
function vector(items: readonly (readonly number[])[]): number[] {
  return [...u32(items.length), ...items.flat()];
}

function name(text: string): number[] {
  return vector([...new TextEncoder().encode(text)].map((byte) => [byte]));
}

function section(id: number, content: readonly number[]): number[] {
  return [id, ...u32(content.length), ...content];
}

export interface KernelFunction {
  /** The export's name. */
  readonly name: string;
  readonly params: readonly ValueType[];
  /** Locals after the parameters, numbered from params.length on. The function returns nothing. */
  readonly locals: readonly ValueType[];
  /** The instructions, without the final `end`. */
  readonly body: readonly number[];
}

/** A module importing `env.memory` (at least `minPages` of 64 KiB) and exporting `fn`, its only function. */
export function kernelModule(fn: KernelFunction, minPages: number): Uint8Array<ArrayBuffer> {
  const functionType = [0x60, ...vector(fn.params.map((type) => [type])), ...vector([])];
  const memoryImport = [...name('env'), ...name('memory'), 0x02, 0x00, ...u32(minPages)];
  const code = [...vector(fn.locals.map((type) => [1, type])), ...fn.body, OP.end];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d], // "\0asm"
    ...[0x01, 0x00, 0x00, 0x00], // version 1
    ...section(1, vector([functionType])), // types: function type 0
    ...section(2, vector([memoryImport])), // imports
    ...section(3, vector([u32(0)])), // functions: function 0 has type 0
    ...section(7, vector([[...name(fn.name), 0x00, ...u32(0)]])), // exports: function 0
    ...section(10, vector([[...u32(code.length), ...code]])), // code
  ]);
}
