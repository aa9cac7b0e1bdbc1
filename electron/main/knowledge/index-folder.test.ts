import { spawn } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { expectOpened, makeTempDir } from '../../../test/support/store-helpers';
import { openDatabase } from '../store/open-database';
import { NOTES_PER_COMMIT, indexNotes } from './index-folder';
import { listNoteFiles } from './list-note-files';
import { generateVault } from '../../../test/support/knowledge/generate-vault';

function setup(): { db: Database.Database; vault: string; dir: string } {
  const dir = makeTempDir();
  const vault = join(dir, 'vault');
  mkdirSync(vault);
  return { db: expectOpened(openDatabase(join(dir, 'app.db'))), vault, dir };
}

async function run(db: Database.Database, vault: string) {
  return indexNotes({ db, collection: 'kb', files: await listNoteFiles(vault) });
}

function chunkIds(db: Database.Database, path: string): number[] {
  return db.prepare('SELECT id FROM kb_chunks WHERE path = ? ORDER BY id').pluck().all(path) as number[];
}

function ftsPaths(db: Database.Database, query: string): string[] {
  return db
    .prepare('SELECT DISTINCT k.path FROM kb_chunks_fts f JOIN kb_chunks k ON k.id = f.rowid WHERE kb_chunks_fts MATCH ? ORDER BY k.path')
    .pluck()
    .all(query) as string[];
}

function content(db: Database.Database): unknown[] {
  return db.prepare('SELECT path, chunk_title, text FROM kb_chunks ORDER BY path, id').raw().all();
}

function totalChanges(db: Database.Database): number {
  return db.prepare('SELECT total_changes()').pluck().get() as number;
}

describe('indexNotes', () => {
  it('indexes notes with title, tags, chunks and links, with embeddings left for later', async () => {
    const { db, vault } = setup();
    writeFileSync(join(vault, 'a.md'), '---\ntags: [guia]\n---\n# Alta\n\n## Clientes\n\nVer [[b]] #crm\n');
    const report = await run(db, vault);
    expect(report).toMatchObject({ status: 'complete', added: 1, total: 1 });
    expect(db.prepare('SELECT title, tags FROM kb_notes').get()).toEqual({ title: 'Alta', tags: '["guia","crm"]' });
    expect(db.prepare('SELECT chunk_title, links, embedding FROM kb_chunks').get()).toEqual({
      chunk_title: 'Alta > Clientes',
      links: '[{"note":"b"}]',
      embedding: null,
    });
  });

  it('writes nothing at all for an unchanged vault', async () => {
    const { db, vault } = setup();
    generateVault(vault, 20);
    await run(db, vault);
    const before = totalChanges(db);
    const report = await run(db, vault);
    expect(report).toMatchObject({ unchanged: 20, added: 0, updated: 0, removed: 0 });
    expect(totalChanges(db)).toBe(before);
  });

  it('replaces only the chunks of an edited note', async () => {
    const { db, vault } = setup();
    writeFileSync(join(vault, 'a.md'), '# A\n\nprimera versión');
    writeFileSync(join(vault, 'b.md'), '# B\n\nintacta');
    await run(db, vault);
    const bIds = chunkIds(db, 'b.md');
    const aIds = chunkIds(db, 'a.md');
    writeFileSync(join(vault, 'a.md'), '# A\n\nsegunda versión');
    expect(await run(db, vault)).toMatchObject({ updated: 1, unchanged: 1 });
    expect(chunkIds(db, 'b.md')).toEqual(bIds);
    expect(chunkIds(db, 'a.md')).not.toEqual(aIds);
    expect(ftsPaths(db, 'primera')).toEqual([]);
    expect(ftsPaths(db, 'segunda')).toEqual(['a.md']);
  });

  it('removes a deleted note from the chunks and the text index, and treats a rename as remove plus add', async () => {
    const { db, vault } = setup();
    writeFileSync(join(vault, 'gone.md'), '# Gone\n\npalabraunica');
    writeFileSync(join(vault, 'old.md'), '# Moved\n\notrapalabra');
    await run(db, vault);
    rmSync(join(vault, 'gone.md'));
    renameSync(join(vault, 'old.md'), join(vault, 'new.md'));
    expect(await run(db, vault)).toMatchObject({ removed: 2, added: 1 });
    expect(ftsPaths(db, 'palabraunica')).toEqual([]);
    expect(ftsPaths(db, 'otrapalabra')).toEqual(['new.md']);
    expect(db.prepare('SELECT path FROM kb_chunks UNION SELECT path FROM kb_notes').pluck().all()).toEqual(['new.md']);
    expect(db.prepare("SELECT count(*) FROM kb_chunks_fts WHERE kb_chunks_fts MATCH 'palabraunica OR gone'").pluck().get()).toBe(0);
  });

  it('finds indexed text whatever its accents', async () => {
    const { db, vault } = setup();
    writeFileSync(join(vault, 'f.md'), '# Facturación\n\nToda la información del módulo.');
    await run(db, vault);
    expect(ftsPaths(db, 'informacion modulo')).toEqual(['f.md']);
    expect(ftsPaths(db, 'facturacion')).toEqual(['f.md']);
  });

  it('stops when aborted and finishes the job on the next run', async () => {
    const { db, vault } = setup();
    const notes = NOTES_PER_COMMIT * 2 + 10;
    generateVault(vault, notes);
    const controller = new AbortController();
    const files = await listNoteFiles(vault);
    const report = await indexNotes({
      db,
      collection: 'kb',
      files,
      signal: controller.signal,
      // The first report comes once the first transaction is stored.
      onProgress: () => controller.abort(),
    });
    expect(report).toMatchObject({ status: 'aborted', added: NOTES_PER_COMMIT });
    expect(await run(db, vault)).toMatchObject({ status: 'complete', added: notes - NOTES_PER_COMMIT, unchanged: NOTES_PER_COMMIT });
  });

  it('survives being killed mid-run and converges to the same index as an uninterrupted run', async () => {
    const { db: reference, vault, dir } = setup();
    generateVault(vault, 300);
    await run(reference, vault);

    const crashed = join(dir, 'crashed.db');
    const require = createRequire(import.meta.url);
    // --import takes a URL: a Windows path (C:\...) would be read as one with the scheme "c:".
    const tsx = pathToFileURL(require.resolve('tsx')).href;
    const child = spawn(process.execPath, ['--import', tsx, join(import.meta.dirname, '../../../test/support/knowledge/index-in-child.ts'), crashed, vault]);
    let output = '';
    const stopped = new Promise<{ finished: boolean }>((resolve) => {
      child.stdout.on('data', (data: Buffer) => {
        output += data.toString();
        // Progress is reported per stored transaction: kill it once a few are stored, far from the end.
        const reported = [...output.matchAll(/progress (\d+)\n/g)].map((match) => Number(match[1]));
        if (reported.some((done) => done >= 40)) child.kill('SIGKILL');
      });
      child.on('exit', () => resolve({ finished: output.includes('finished') }));
    });
    expect(await stopped).toEqual({ finished: false });

    const db = expectOpened(openDatabase(crashed));
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const indexedBefore = db.prepare('SELECT count(*) FROM kb_notes').pluck().get() as number;
    expect(indexedBefore).toBeGreaterThanOrEqual(40);
    expect(indexedBefore).toBeLessThan(300);
    expect(await run(db, vault)).toMatchObject({ status: 'complete', added: 300 - indexedBefore });
    expect(content(db)).toEqual(content(reference));
    expect(db.prepare("INSERT INTO kb_chunks_fts (kb_chunks_fts) VALUES ('integrity-check')").run()).toBeTruthy();
  }, 60_000);
});
