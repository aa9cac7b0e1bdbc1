import {
  EMPTY_BLOCK,
  I32,
  OP,
  SIMD,
  V128,
  i32Const,
  kernelModule,
  localGet,
  localSet,
  memarg,
  simd,
  wasmRuntime,
  type ValueType,
  type WasmModule,
} from './wasm-binary';

/**
 * Rows of int8 values and the one operation the vector index needs from them: the integer dot product of an
 * int16 query with every row. A scan is bound by memory bandwidth, so the rows are a quarter of Float32's size,
 * and the products run in a WebAssembly SIMD kernel (eight multiply-adds per instruction) where the runtime
 * supports it, else in plain JS. Both engines compute the same exact integers.
 */

export type DotEngine = 'wasm-simd' | 'js';

/** The kernel reads 16 row bytes (and 16 query values) per step, so a row is padded with zeros to a multiple. */
const BLOCK = 16;

export interface Int8Matrix {
  readonly engine: DotEngine;
  /** Bytes per row: the dimensions rounded up to whole blocks; the padding stays zero. */
  readonly stride: number;
  /** How many rows fit without growing. */
  readonly capacity: number;
  /** Makes room for at least `rows` rows, keeping what was written; views taken before this call go stale. */
  reserve(rows: number): void;
  /** Every row, row r from r * stride, to be filled while loading. A fresh view: take it again after `reserve`. */
  values(): Int8Array;
  /**
   * Σ query[i] * row[i] over the stride, for each of the first `rows` rows. `query` is `stride` values of at most
   * maxQueryMagnitude(stride), so no sum overflows. The result is a view, valid until the next call.
   */
  dots(query: Int16Array, rows: number): Int32Array;
}

/** The largest query value for which 127 * value * stride, the largest possible sum, still fits an i32. */
export function maxQueryMagnitude(stride: number): number {
  return Math.max(1, Math.min(32_767, Math.floor(0x7fffffff / (127 * stride))));
}

export function strideFor(dims: number): number {
  return Math.ceil(Math.max(dims, 1) / BLOCK) * BLOCK;
}

export function createInt8Matrix(dims: number, engine: DotEngine = bestDotEngine()): Int8Matrix {
  const stride = strideFor(dims);
  return engine === 'wasm-simd' ? wasmMatrix(stride) : jsMatrix(stride);
}

/** SIMD when this runtime compiles the kernel (Node 20 and Electron do; a CPU without SSE4.1 or --jitless may not). */
export function bestDotEngine(canCompile: (bytes: Uint8Array<ArrayBuffer>) => boolean = compilable): DotEngine {
  return canCompile(kernelBytes()) ? 'wasm-simd' : 'js';
}

function compilable(bytes: Uint8Array<ArrayBuffer>): boolean {
  return wasmRuntime()?.validate(bytes) ?? false;
}

/**
 * The kernel walks this many row streams at once (rows [s·n, (s+1)·n) for stream s): one sequential stream
 * cannot keep enough memory reads in flight, four nearly double the scan speed of an index larger than the CPU's
 * caches (12 -> 6 ms over 100k rows of 768 on our 2-core machine). More streams run out of SIMD registers.
 */
const STREAMS = 4;

/**
 * dots(query, vectors, stride, perStream, out): out[row] = Σ query[i] * vectors[row * stride + i] for the
 * STREAMS * perStream rows from `vectors`. Per 16 bytes of a row: two `v128.load8x8_s` sign-extend 8 int8 each to
 * i16 lanes, `i32x4.dot_i16x8_s` multiplies them with 8 query values and adds neighbouring pairs into 4 i32
 * lanes, `i32x4.add` accumulates; the 4 lanes are added once per row. Pointers are byte offsets into the
 * imported memory.
 */
function kernelBytes(): Uint8Array<ArrayBuffer> {
  const [query, vectors, stride, perStream, out, end, q, rowEnd] = [0, 1, 2, 3, 4, 5, 6, 7];
  const streams = [...Array(STREAMS).keys()];
  const row = (stream: number) => 8 + stream; // i32: where the stream's current row continues
  const sum = (stream: number) => 8 + STREAMS + stream; // v128: the stream's current row's four partial sums
  // v128: the step's 16 query values, for its first and last 8 row bytes, loaded once per step for all streams: V8
  // does not merge the streams' loads of one address, and loading them per stream took nearly twice as long
  // (0.40 -> 0.22 ms over 10k rows of 768, 4.3 -> 2.4 ms over 100k).
  const [queryLow, queryHigh] = [8 + 2 * STREAMS, 9 + 2 * STREAMS];
  const each = (instructions: (stream: number) => number[]) => streams.flatMap(instructions);
  const accumulate = (stream: number, rowOffset: number, queryValues: number) => [
    ...localGet(sum(stream)),
    ...localGet(row(stream)),
    ...simd(SIMD.v128Load8x8S, ...memarg(3, rowOffset)),
    ...localGet(queryValues),
    ...simd(SIMD.i32x4DotI16x8S),
    ...simd(SIMD.i32x4Add),
    ...localSet(sum(stream)),
  ];
  const lane = (stream: number, index: number) => [...localGet(sum(stream)), ...simd(SIMD.i32x4ExtractLane, index)];
  const body = [
    // Stream s starts s * perStream rows in; stream 0 ends where stream 1 starts.
    ...each((stream) => [
      ...localGet(vectors), ...localGet(perStream), ...localGet(stride), OP.i32Mul, ...i32Const(stream), OP.i32Mul,
      OP.i32Add, ...localSet(row(stream)),
    ]),
    ...localGet(vectors), ...localGet(perStream), ...localGet(stride), OP.i32Mul, OP.i32Add, ...localSet(end),
    OP.block, EMPTY_BLOCK,
    ...localGet(row(0)), ...localGet(end), OP.i32GeU, OP.brIf, 0,
    OP.loop, EMPTY_BLOCK, // one row of each stream
    ...each((stream) => [...simd(SIMD.v128Const, ...new Array<number>(16).fill(0)), ...localSet(sum(stream))]),
    ...localGet(query), ...localSet(q),
    ...localGet(row(0)), ...localGet(stride), OP.i32Add, ...localSet(rowEnd),
    OP.loop, EMPTY_BLOCK, // 16 bytes of each stream's row, against the same 16 query values (32 bytes)
    ...localGet(q), ...simd(SIMD.v128Load, ...memarg(4, 0)), ...localSet(queryLow),
    ...localGet(q), ...simd(SIMD.v128Load, ...memarg(4, 16)), ...localSet(queryHigh),
    ...each((stream) => [...accumulate(stream, 0, queryLow), ...accumulate(stream, 8, queryHigh)]),
    ...localGet(q), ...i32Const(32), OP.i32Add, ...localSet(q),
    ...each((stream) => [...localGet(row(stream)), ...i32Const(BLOCK), OP.i32Add, ...localSet(row(stream))]),
    ...localGet(row(0)), ...localGet(rowEnd), OP.i32LtU, OP.brIf, 0,
    OP.end,
    // The result of stream s's row goes s * perStream results after stream 0's, at out.
    ...each((stream) => [
      ...localGet(out), ...localGet(perStream), ...i32Const(4 * stream), OP.i32Mul, OP.i32Add,
      ...lane(stream, 0), ...lane(stream, 1), OP.i32Add, ...lane(stream, 2), OP.i32Add, ...lane(stream, 3), OP.i32Add,
      OP.i32Store, ...memarg(2, 0),
    ]),
    ...localGet(out), ...i32Const(4), OP.i32Add, ...localSet(out),
    ...localGet(row(0)), ...localGet(end), OP.i32LtU, OP.brIf, 0,
    OP.end,
    OP.end,
  ];
  const locals: ValueType[] = [I32, I32, I32, ...streams.map((): ValueType => I32), ...streams.map((): ValueType => V128), V128, V128];
  return kernelModule({ name: 'dots', params: [I32, I32, I32, I32, I32], locals, body }, 1);
}

let compiledKernel: WasmModule | undefined;

/** Memory layout: the query (stride int16), then `capacity` rows, then one i32 result per row. */
function wasmMatrix(stride: number): Int8Matrix {
  const wasm = wasmRuntime();
  if (!wasm) throw new Error('this runtime has no WebAssembly: use the js engine');
  compiledKernel ??= new wasm.Module(kernelBytes());
  const memory = new wasm.Memory({ initial: 1 });
  const { dots } = new wasm.Instance(compiledKernel, { env: { memory } }).exports as {
    dots: (query: number, vectors: number, stride: number, perStream: number, out: number) => void;
  };
  const rowsAt = stride * 2;
  let capacity = 0;
  const outAt = () => rowsAt + capacity * stride;
  return {
    engine: 'wasm-simd',
    stride,
    get capacity() {
      return capacity;
    },
    reserve(rows) {
      if (rows <= capacity) return;
      // Room for whole streams: the kernel may score up to STREAMS - 1 rows past those asked, unread afterwards.
      const rounded = Math.ceil(rows / STREAMS) * STREAMS;
      const pages = Math.ceil((rowsAt + rounded * (stride + 4)) / 65_536) - memory.buffer.byteLength / 65_536;
      // Growing is in place on 64-bit hosts (V8 reserves the address space), and untouched pages cost no RAM.
      if (pages > 0) memory.grow(pages);
      capacity = rounded;
    },
    values: () => new Int8Array(memory.buffer, rowsAt, capacity * stride),
    dots(query, rows) {
      checkDots(query, rows, stride, capacity);
      new Int16Array(memory.buffer, 0, stride).set(query);
      dots(0, rowsAt, stride, Math.ceil(rows / STREAMS), outAt());
      return new Int32Array(memory.buffer, outAt(), rows);
    },
  };
}

function jsMatrix(stride: number): Int8Matrix {
  let values = new Int8Array(0);
  let out = new Int32Array(0);
  return {
    engine: 'js',
    stride,
    get capacity() {
      return values.length / stride;
    },
    reserve(rows) {
      if (rows * stride <= values.length) return;
      const grown = new Int8Array(rows * stride);
      grown.set(values);
      values = grown;
      out = new Int32Array(rows);
    },
    values: () => values,
    dots(query, rows) {
      checkDots(query, rows, stride, values.length / stride);
      for (let row = 0; row < rows; row++) {
        const offset = row * stride;
        // Four sums, so the additions do not wait on each other; integers below 2^31 are exact in doubles.
        let a = 0;
        let b = 0;
        let c = 0;
        let d = 0;
        for (let i = 0; i < stride; i += 4) {
          a += query[i]! * values[offset + i]!;
          b += query[i + 1]! * values[offset + i + 1]!;
          c += query[i + 2]! * values[offset + i + 2]!;
          d += query[i + 3]! * values[offset + i + 3]!;
        }
        out[row] = a + b + c + d;
      }
      return out.subarray(0, rows);
    },
  };
}

function checkDots(query: Int16Array, rows: number, stride: number, capacity: number): void {
  if (query.length !== stride) throw new Error(`a query of ${query.length} values does not fit rows of ${stride}`);
  if (rows > capacity) throw new Error(`cannot scan ${rows} rows of a matrix holding ${capacity}`);
}
