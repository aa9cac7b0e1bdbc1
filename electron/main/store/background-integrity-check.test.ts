import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import type { Lang } from '../../../shared/lang';
import { createMemoryLogger } from '../log/logger';
import { checkIntegrityInBackground, type IntegrityWorkerData } from './background-integrity-check';
import { needsCheckMarker } from './integrity-check';
import { damageRootPage, startWorkerFromSource } from '../../../test/support/store-integrity-kit';
import { openDatabase } from './open-database';
import { expectOpened, makeTempDir } from '../../../test/support/store-helpers';

/** A closed app database with a knowledge index of many pages and some member history. */
function closedAppDatabase(file: string): void {
  const db = expectOpened(openDatabase(file));
  const chunk = db.prepare(
    "INSERT INTO kb_chunks (collection, path, title, chunk_title, text, content_hash) VALUES ('kb', ?, 'Nota', 'Parte', ?, 'h')",
  );
  for (let i = 0; i < 1000; i++) chunk.run(`notes/${i}.md`, `Texto de la parte ${i} `.repeat(5));
  db.prepare(
    "INSERT INTO oraculo_queries (owner, question, sources_count, duration_ms) VALUES ('ana@example.org', '¿Vacaciones?', 3, 120)",
  ).run();
  db.close();
}

function setup(file: string, startWorker: (workerData: IntegrityWorkerData) => Worker = startWorkerFromSource) {
  const log = createMemoryLogger();
  const notify = vi.fn();
  const member = { lang: 'en' as Lang };
  const check = () => checkIntegrityInBackground({ file, log, notify, lang: () => member.lang, startWorker });
  return { log, notify, member, check };
}

describe('checkIntegrityInBackground', () => {
  it('passes a healthy file that the app has open, leaving no mark and telling the member nothing', async () => {
    const file = join(makeTempDir(), 'app.db');
    closedAppDatabase(file);
    expectOpened(openDatabase(file));
    const { check, notify } = setup(file);

    expect(await check()).toBe('ok');
    expect(existsSync(needsCheckMarker(file))).toBe(false);
    expect(notify).not.toHaveBeenCalled();
  });

  it('finds damage in the knowledge index that the open skipped, marks the file, tells the member once, and the next open offers recovery', async () => {
    const file = join(makeTempDir(), 'app.db');
    closedAppDatabase(file);
    damageRootPage(file, 'kb_chunks');
    const db = expectOpened(openDatabase(file));
    const { check, notify, log } = setup(file);

    expect(await check()).toBe('damaged');

    expect(readFileSync(needsCheckMarker(file), 'utf8')).not.toBe('');
    expect(notify).toHaveBeenCalledOnce();
    expect(notify).toHaveBeenCalledWith({
      title: 'Staff Desk found damage in its data file',
      body: expect.stringMatching(/damaged.*next time Staff Desk starts.*start fresh/s),
    });
    expect(log.lines.join('\n')).toContain('database file is damaged');
    db.close();
    expect(openDatabase(file)).toMatchObject({ ok: false, error: { kind: 'corrupt', file } });
  });

  it('tells the member in the language they speak when the check ends, even if they changed it meanwhile', async () => {
    const file = join(makeTempDir(), 'app.db');
    closedAppDatabase(file);
    damageRootPage(file, 'kb_chunks');
    const { check, notify, member } = setup(file);

    const checked = check();
    member.lang = 'es';
    expect(await checked).toBe('damaged');

    expect(notify).toHaveBeenCalledWith({
      title: 'Staff Desk ha encontrado daños en su archivo de datos',
      body: expect.stringMatching(/dañada.*próxima vez.*empezar de cero/s),
    });
  });

  it('reports a file it cannot read as unavailable, without marking it or telling the member', async () => {
    const dir = makeTempDir();
    const file = join(dir, 'app.db');
    mkdirSync(file);
    const { check, notify, log } = setup(file);

    expect(await check()).toBe('unavailable');
    expect(existsSync(needsCheckMarker(file))).toBe(false);
    expect(notify).not.toHaveBeenCalled();
    expect(log.lines.join('\n')).toContain('could not be checked in the background');
  });

  it('reports a worker that fails to load as unavailable, and logs why', async () => {
    const file = join(makeTempDir(), 'app.db');
    closedAppDatabase(file);
    const missingEntry = (workerData: IntegrityWorkerData) =>
      new Worker(join(makeTempDir(), 'no-such-worker.js'), { workerData });
    const { check, notify, log } = setup(file, missingEntry);

    expect(await check()).toBe('unavailable');
    expect(notify).not.toHaveBeenCalled();
    expect(log.lines.join('\n')).toContain('the background database check failed');
  });
});
