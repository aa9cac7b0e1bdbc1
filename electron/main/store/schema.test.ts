import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { appMigrations } from './migrations';
import { openDatabase } from './open-database';
import { expectOpened, makeTempDir } from '../../../test/support/store-helpers';

function appDatabase(): Database.Database {
  return expectOpened(openDatabase(join(makeTempDir(), 'app.db')));
}

function addChunk(db: Database.Database, chunk: { path: string; title: string; text: string }): number {
  const info = db
    .prepare(
      "INSERT INTO kb_chunks (collection, path, title, chunk_title, text, content_hash) VALUES ('kb', ?, ?, 'Intro', ?, 'h')",
    )
    .run(chunk.path, chunk.title, chunk.text);
  return Number(info.lastInsertRowid);
}

function search(db: Database.Database, query: string): string[] {
  return db
    .prepare(
      'SELECT kb_chunks.path FROM kb_chunks_fts JOIN kb_chunks ON kb_chunks.id = kb_chunks_fts.rowid WHERE kb_chunks_fts MATCH ? ORDER BY bm25(kb_chunks_fts), kb_chunks.path',
    )
    .pluck()
    .all(query) as string[];
}

describe('knowledge chunks full-text index', () => {
  it('finds words whatever their accents', () => {
    const db = appDatabase();
    addChunk(db, { path: 'a.md', title: 'Alta de clientes', text: 'Toda la información del módulo de facturación.' });
    addChunk(db, { path: 'b.md', title: 'Vacaciones', text: 'Cómo pedir días libres.' });
    // Letters with two marks are where remove_diacritics 1 falls short.
    addChunk(db, { path: 'c.md', title: 'Equipo', text: 'Contacto: Nguyễn, soporte en tiếng Việt.' });

    expect(search(db, 'informacion')).toEqual(['a.md']);
    expect(search(db, 'FACTURACION')).toEqual(['a.md']);
    expect(search(db, 'como')).toEqual(['b.md']);
    expect(search(db, 'nguyen tieng')).toEqual(['c.md']);
  });

  it('follows edits and deletions of chunks', () => {
    const db = appDatabase();
    const id = addChunk(db, { path: 'a.md', title: 'Nota', text: 'servidor antiguo' });

    db.prepare('UPDATE kb_chunks SET text = ? WHERE id = ?').run('servidor nuevo', id);
    expect(search(db, 'antiguo')).toEqual([]);
    expect(search(db, 'nuevo')).toEqual(['a.md']);

    db.prepare('UPDATE kb_chunks SET embedding = ?, embedding_model = ?, dims = ? WHERE id = ?').run(
      Buffer.from(new Float32Array([0.1, 0.2]).buffer),
      'test-embedder',
      2,
      id,
    );
    expect(search(db, 'nuevo')).toEqual(['a.md']);

    db.prepare('DELETE FROM kb_chunks WHERE id = ?').run(id);
    expect(search(db, 'servidor')).toEqual([]);
  });
});

describe('constraints that protect stored data', () => {
  it('refuses negative counts and durations', () => {
    const db = appDatabase();
    const digest = db.prepare(
      "INSERT INTO correo_digests (owner, generated_at, resumen, ruido_count, payload) VALUES ('ana@example.org', 'x', 'r', ?, '[]')",
    );
    const chat = db.prepare(
      "INSERT INTO correo_chat_queries (owner, question, tool_rounds, duration_ms) VALUES ('ana@example.org', 'q', ?, ?)",
    );

    expect(() => digest.run(-1)).toThrow(/CHECK/);
    expect(() => chat.run(-1, 10)).toThrow(/CHECK/);
    expect(() => chat.run(1, -10)).toThrow(/CHECK/);
    expect(() => chat.run(3, 1200)).not.toThrow();
  });

  it('keeps oracle relevance within -1..1 and the mode to known values', () => {
    const db = appDatabase();
    const query = db.prepare(
      "INSERT INTO oraculo_queries (owner, question, sources_count, top_relevance, duration_ms, mode) VALUES ('ana@example.org', 'q', 3, ?, 900, ?)",
    );

    expect(() => query.run(1.5, 'oracle')).toThrow(/CHECK/);
    expect(() => query.run(0.7, 'guess')).toThrow(/CHECK/);
    expect(() => query.run(null, 'oracle')).not.toThrow();
    db.prepare(
      "INSERT INTO oraculo_queries (owner, question, sources_count, top_relevance, duration_ms) VALUES ('ana@example.org', 'q', 0, 0.2, 10)",
    ).run();
    expect(db.prepare('SELECT mode FROM oraculo_queries ORDER BY id DESC').pluck().get()).toBe('oracle');
  });

  it('refuses a digest payload or setting that is not JSON', () => {
    const db = appDatabase();

    expect(() =>
      db
        .prepare(
          "INSERT INTO correo_digests (owner, generated_at, resumen, ruido_count, payload) VALUES ('a', 'x', 'r', 0, ?)",
        )
        .run('not json'),
    ).toThrow(/CHECK/);
    expect(() =>
      db.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('language', ?, 'now')").run('{oops'),
    ).toThrow(/CHECK/);
  });

  it('refuses an embedding without its model and size, or of the wrong length', () => {
    const db = appDatabase();
    const id = addChunk(db, { path: 'a.md', title: 'Nota', text: 'texto' });
    const setEmbedding = db.prepare('UPDATE kb_chunks SET embedding = ?, embedding_model = ?, dims = ? WHERE id = ?');
    const threeFloats = Buffer.from(new Float32Array([1, 2, 3]).buffer);

    expect(() => setEmbedding.run(threeFloats, null, null, id)).toThrow(/CHECK/);
    expect(() => setEmbedding.run(threeFloats, 'm', 4, id)).toThrow(/CHECK/);
    expect(() => setEmbedding.run(threeFloats, 'm', 3, id)).not.toThrow();
  });
});

describe('migration 7: field-aware knowledge search (issue 15)', () => {
  it("rebuilds the index with the aliases field, keeps the chunks searchable, and has every note read again once", () => {
    const dir = makeTempDir();
    const before = expectOpened(openDatabase(join(dir, 'app.db'), { migrations: appMigrations.filter((migration) => migration.version < 7) }));
    before
      .prepare("INSERT INTO kb_notes (collection, path, title, content_hash) VALUES ('kb', 'vpn.md', 'VPN', 'sha-of-the-note')")
      .run();
    const vector = Buffer.alloc(8);
    before
      .prepare(
        "INSERT INTO kb_chunks (collection, path, title, chunk_title, text, content_hash, embedding, embedding_model, dims) VALUES ('kb', 'vpn.md', 'VPN', 'VPN > Alta', 'Pide el alta', 'h', ?, 'm', 2)",
      )
      .run(vector);
    before.close();

    const db = expectOpened(openDatabase(join(dir, 'app.db')));
    expect(search(db, 'alta')).toEqual(['vpn.md']);
    expect(db.prepare("SELECT aliases FROM kb_chunks WHERE path = 'vpn.md'").pluck().get()).toBe('');
    // The indexer reads a note whose hash differs again, and stores its chunks anew, to be embedded anew.
    expect(db.prepare("SELECT content_hash FROM kb_notes WHERE path = 'vpn.md'").pluck().get()).toBe('');
    db.prepare("INSERT INTO kb_chunks (collection, path, title, aliases, chunk_title, text, content_hash) VALUES ('kb', 'b.md', 'B', 'Acceso remoto', 'B', 'texto', 'h')").run();
    expect(search(db, 'aliases:remoto')).toEqual(['b.md']);
  });
});
