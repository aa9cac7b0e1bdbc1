import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/** Where `npm run bench` leaves its numbers: name -> number, the unit in the name. */
export const RESULTS_FILE = 'bench-results.json';

/** Median of `runs` timings of `fn`, in milliseconds; `after` cleans up each run outside the timing. */
export async function medianMs<T>(runs: number, fn: () => T | Promise<T>, after: (value: T) => void = () => {}): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const value = await fn();
    samples.push(performance.now() - start);
    after(value);
  }
  return percentile(samples, 50);
}

export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface BenchRow {
  name: string;
  value: number;
  target: string;
}

interface StoredRow {
  value: number;
  target: string;
}

const TARGETS_FILE = 'node_modules/.cache/bench-targets.json';

/** Adds one measurement to bench-results.json (the bench files run one after another, never in parallel). */
export function record(row: BenchRow): void {
  const results = readJson<Record<string, number>>(RESULTS_FILE);
  results[row.name] = Number(row.value.toFixed(3));
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  const targets = readJson<Record<string, StoredRow>>(TARGETS_FILE);
  targets[row.name] = { value: row.value, target: row.target };
  writeFileSync(TARGETS_FILE, JSON.stringify(targets));
}

/** The table printed at the end of the run. */
export function table(): Array<{ name: string; value: number; target: string }> {
  const targets = readJson<Record<string, StoredRow>>(TARGETS_FILE);
  return Object.entries(readJson<Record<string, number>>(RESULTS_FILE)).map(([name, value]) => ({
    name,
    value,
    target: targets[name]?.target ?? '',
  }));
}

export function clearResults(): void {
  writeFileSync(RESULTS_FILE, '{}\n');
  writeFileSync(TARGETS_FILE, '{}');
}

function readJson<T>(file: string): T {
  return (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}) as T;
}
