import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/** Median of `runs` timings of `fn`, in milliseconds; `after` cleans up each run outside the timing. */
export async function medianMs<T>(runs: number, fn: () => T | Promise<T>, after: (value: T) => void = () => {}): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const value = await fn();
    samples.push(performance.now() - start);
    after(value);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

export interface BenchRow {
  name: string;
  value: number;
  target?: string;
}

/** Prints the table and writes bench-results.json (name -> number, the unit in the name). */
export function report(rows: readonly BenchRow[], file = 'bench-results.json'): void {
  const results = Object.fromEntries(rows.map((row) => [row.name, Number(row.value.toFixed(3))]));
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.table(rows.map((row) => ({ name: row.name, value: Number(row.value.toFixed(3)), target: row.target ?? '' })));
}
