import { closeSync, openSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { IntegrityWorkerData } from '../../electron/main/store/background-integrity-check';

const WORKER_SOURCE = fileURLToPath(new URL('../../electron/main/store/integrity-check-worker.ts', import.meta.url));
const TSX_REQUIRE_API = createRequire(import.meta.url).resolve('tsx/cjs/api');

/**
 * Test-only: overwrites the root page of a table's (or an index's) b-tree in a closed database file, as a failing
 * disk would.
 */
export function damageRootPage(file: string, name: string): void {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const rootPage = db.prepare('SELECT rootpage FROM sqlite_schema WHERE name = ?').pluck().get(name);
  const pageSize = db.pragma('page_size', { simple: true });
  db.close();
  if (typeof rootPage !== 'number' || rootPage < 1 || typeof pageSize !== 'number') {
    throw new Error(`${name} has no b-tree in ${file}`);
  }
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (rootPage - 1) * pageSize);
  } finally {
    closeSync(fd);
  }
}

/**
 * Test-only: starts integrity-check-worker.ts from its TypeScript source. Plain Node cannot load .ts in a worker
 * thread (and a worker does not inherit vitest's transform), so tsx compiles it there.
 */
export function startWorkerFromSource(workerData: IntegrityWorkerData): Worker {
  const source = JSON.stringify(WORKER_SOURCE);
  const boot = `require(${JSON.stringify(TSX_REQUIRE_API)}).require(${source}, ${source});`;
  return new Worker(boot, { eval: true, workerData });
}
