import { existsSync, mkdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it, onTestFinished } from 'vitest';
import { needsCheckMarker } from './integrity-check';
import { damageRootPage } from '../../../test/support/store-integrity-kit';
import { appMigrations } from './migrations';
import { openDatabase } from './open-database';
import { expectOpened, makeTempDir } from '../../../test/support/store-helpers';

const APP_TABLES = [
  'ai_prompts',
  'correo_chat_queries',
  'correo_digests',
  'crash_uploads',
  'kb_chunks',
  'kb_chunks_fts',
  'oraculo_queries',
  'settings',
];

function schemaDump(db: Database.Database): unknown[] {
  return db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name').all();
}

function tableNames(db: Database.Database): string[] {
  const rows = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
    name: string;
  }[];
  return rows.map((row) => row.name);
}

function addDigest(db: Database.Database, owner: string): void {
  db.prepare(
    "INSERT INTO correo_digests (owner, generated_at, resumen, ruido_count, payload) VALUES (?, '2025-01-01T08:00:00Z', 'Tres correos', 2, '[]')",
  ).run(owner);
}

/**
 * A real app database, closed (so its log is folded into the main file), whose knowledge index and member's
 * history both span many pages.
 */
function closedAppDatabase(file: string): void {
  const db = expectOpened(openDatabase(file));
  const chunk = db.prepare(
    "INSERT INTO kb_chunks (collection, path, title, chunk_title, text, content_hash) VALUES ('kb', ?, 'Nota', 'Parte', ?, 'h')",
  );
  for (let i = 0; i < 2000; i++) chunk.run(`notes/${i}.md`, `Texto de la parte ${i} `.repeat(5));
  const query = db.prepare(
    "INSERT INTO oraculo_queries (owner, question, sources_count, duration_ms) VALUES ('ana@example.org', ?, 3, 120)",
  );
  for (let i = 0; i < 2000; i++) query.run(`¿Cómo pido las vacaciones número ${i}?`);
  db.close();
}

describe('openDatabase', () => {
  it('creates a fresh database, and its missing folder, with every table, WAL and the latest version', () => {
    const file = join(makeTempDir(), 'nested', 'userData', 'staff-desk.db');
    const db = expectOpened(openDatabase(file));

    expect(tableNames(db)).toEqual(expect.arrayContaining(APP_TABLES));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('user_version', { simple: true })).toBe(appMigrations.at(-1)?.version);
    expect(statSync(file).isFile()).toBe(true);
  });

  it('leaves an up-to-date database as it was when opened again', () => {
    const file = join(makeTempDir(), 'app.db');
    const first = expectOpened(openDatabase(file));
    addDigest(first, 'ana@example.org');
    const schemaBefore = schemaDump(first);
    const rowsBefore = first.prepare('SELECT * FROM correo_digests').all();
    first.close();

    const again = expectOpened(openDatabase(file));

    expect(schemaDump(again)).toEqual(schemaBefore);
    expect(again.prepare('SELECT * FROM correo_digests').all()).toEqual(rowsBefore);
  });

  it('reports a file that is not a database as damaged, without throwing or touching it', () => {
    const file = join(makeTempDir(), 'app.db');
    const garbage = Buffer.alloc(16384, 0);
    for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919 + 13) % 251;
    writeFileSync(file, garbage);

    const result = openDatabase(file);

    expect(result).toMatchObject({ ok: false, error: { kind: 'corrupt', file } });
    if (!result.ok) expect(result.error.message).toContain(file);
    expect(readFileSync(file).equals(garbage)).toBe(true);
  });

  it('reports a truncated database as damaged', () => {
    const file = join(makeTempDir(), 'app.db');
    closedAppDatabase(file);
    truncateSync(file, Math.floor(statSync(file).size / 2));

    expect(openDatabase(file)).toMatchObject({ ok: false, error: { kind: 'corrupt', file } });
  });

  it.each(['oraculo_queries', 'oraculo_queries_owner_created', 'settings', 'ai_prompts'])(
    'reports damage in the member data (a page of %s) as damaged',
    (name) => {
      const file = join(makeTempDir(), 'app.db');
      closedAppDatabase(file);
      damageRootPage(file, name);

      expect(openDatabase(file)).toMatchObject({ ok: false, error: { kind: 'corrupt', file } });
    },
  );

  it('opens a file whose only damage is in the knowledge index, which the background check covers', () => {
    const file = join(makeTempDir(), 'app.db');
    closedAppDatabase(file);
    damageRootPage(file, 'kb_chunks');

    const db = expectOpened(openDatabase(file));

    expect(db.prepare('SELECT count(*) FROM oraculo_queries').pluck().get()).toBe(2000);
  });

  it('checks the whole file when the background check marked it, so damage anywhere is reported', () => {
    const file = join(makeTempDir(), 'app.db');
    closedAppDatabase(file);
    damageRootPage(file, 'kb_chunks');
    writeFileSync(needsCheckMarker(file), 'database disk image is malformed\n');

    expect(openDatabase(file)).toMatchObject({ ok: false, error: { kind: 'corrupt', file } });
    expect(existsSync(needsCheckMarker(file))).toBe(true);
  });

  it('removes the mark once the whole file checks out', () => {
    const file = join(makeTempDir(), 'app.db');
    closedAppDatabase(file);
    writeFileSync(needsCheckMarker(file), 'database disk image is malformed\n');

    expectOpened(openDatabase(file));

    expect(existsSync(needsCheckMarker(file))).toBe(false);
  });

  it('reports a database another connection is writing to as in use, and opens once it is released', () => {
    const file = join(makeTempDir(), 'app.db');
    closedAppDatabase(file);
    const other = new Database(file);
    onTestFinished(() => {
      other.close();
    });
    other.exec("BEGIN EXCLUSIVE; INSERT INTO settings (key, value, updated_at) VALUES ('x', '1', 'now')");

    const result = openDatabase(file);

    expect(result).toMatchObject({ ok: false, error: { kind: 'locked', file } });
    if (!result.ok) expect(result.error.message).toMatch(/in use by another program/);
    other.exec('ROLLBACK');
    expect(openDatabase(file).ok).toBe(true);
  });

  it('reports a database held in exclusive locking mode as in use', () => {
    const file = join(makeTempDir(), 'app.db');
    const other = new Database(file);
    onTestFinished(() => {
      other.close();
    });
    other.pragma('locking_mode = EXCLUSIVE');
    other.exec('CREATE TABLE held (x)');

    expect(openDatabase(file)).toMatchObject({ ok: false, error: { kind: 'locked', file } });
  });

  it('refuses a database from a newer version of the app and leaves the file untouched', () => {
    const file = join(makeTempDir(), 'app.db');
    const future = new Database(file);
    future.exec('CREATE TABLE from_the_future (x)');
    future.pragma(`user_version = ${(appMigrations.at(-1)?.version ?? 0) + 1}`);
    future.close();
    const bytes = readFileSync(file);

    const result = openDatabase(file);

    expect(result).toMatchObject({ ok: false, error: { kind: 'newer', file } });
    if (!result.ok) expect(result.error.message).toMatch(/newer version/);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it('reports a folder that cannot be created as unwritable', () => {
    const dir = makeTempDir();
    writeFileSync(join(dir, 'not-a-folder'), 'a file where the data folder should be');
    const file = join(dir, 'not-a-folder', 'app.db');

    const result = openDatabase(file);

    expect(result).toMatchObject({ ok: false, error: { kind: 'unwritable', file } });
    if (!result.ok) expect(result.error.message).not.toMatch(/\n\s+at /);
  });

  it('reports a database path taken by a folder as unwritable', () => {
    const file = join(makeTempDir(), 'app.db');
    mkdirSync(file);

    expect(openDatabase(file)).toMatchObject({ ok: false, error: { kind: 'unwritable', file } });
  });

  it('throws for a migration list that is not numbered 1, 2, 3...', () => {
    const file = join(makeTempDir(), 'app.db');
    const misnumbered = [{ version: 2, name: 'skips one', up: 'CREATE TABLE t (x)' }];

    expect(() => openDatabase(file, { migrations: misnumbered })).toThrow(/expected 1/);
  });
});
