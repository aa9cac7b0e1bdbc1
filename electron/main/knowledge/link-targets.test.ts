import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { noteFiles } from '../../../test/support/oracle/oracle-kit';
import { expectOpened, makeTempDir } from '../../../test/support/store-helpers';
import { appMigrations } from '../store/migrations';
import { openDatabase } from '../store/open-database';
import { indexNotes } from './index-folder';

const HUB = '# Start here\n\nSee [[Sign in]], [[missing note]] and [[start-here]].\n';
const SIGN_IN = '# Sign in\n\nOpen the app and sign in with your staff account.\n';

/** Each chunk's resolved link targets, by note path. */
function targets(db: Database.Database): Record<string, unknown> {
  const rows = db.prepare('SELECT path, link_targets FROM kb_chunks ORDER BY path, id').all() as Array<{ path: string; link_targets: string | null }>;
  return Object.fromEntries(rows.map((row) => [row.path, row.link_targets === null ? null : JSON.parse(row.link_targets)]));
}

describe("UQ11: a chunk's links are resolved when its notes are indexed, not when a question reads them", () => {
  it('stores where each link leads, and resolves them again when a note it names comes or goes', async () => {
    const db = expectOpened(openDatabase(join(makeTempDir(), 'app.db')));
    await indexNotes({ db, collection: 'kb', files: noteFiles({ 'start-here.md': HUB }) });
    // Nothing answers to [[Sign in]] yet; a note's link to itself is left out.
    expect(targets(db)).toEqual({ 'start-here.md': [] });

    await indexNotes({ db, collection: 'kb', files: noteFiles({ 'start-here.md': HUB, 'guide/sign-in.md': SIGN_IN }) });
    expect(targets(db)).toEqual({ 'start-here.md': ['guide/sign-in.md'], 'guide/sign-in.md': [] });

    await indexNotes({ db, collection: 'kb', files: noteFiles({ 'start-here.md': HUB }) });
    expect(targets(db)).toEqual({ 'start-here.md': [] });
  });

  it('fills an existing base in the first pass after the upgrade, without reading any note again', async () => {
    const dir = makeTempDir();
    const file = join(dir, 'app.db');
    const notes = noteFiles({ 'start-here.md': HUB, 'sign-in.md': SIGN_IN });
    // As the indexer before the upgrade left it: the notes with their hashes, the chunks with their raw links.
    const before = expectOpened(openDatabase(file, { migrations: appMigrations.filter((migration) => migration.version < 8) }));
    const note = before.prepare("INSERT INTO kb_notes (collection, path, title, content_hash) VALUES ('kb', ?, ?, ?)");
    const chunk = before.prepare(
      "INSERT INTO kb_chunks (collection, path, title, chunk_title, text, content_hash, links) VALUES ('kb', ?, ?, ?, ?, ?, ?)",
    );
    for (const [path, title, text, links] of [
      ['start-here.md', 'Start here', HUB, [{ note: 'Sign in' }, { note: 'missing note' }, { note: 'start-here' }]],
      ['sign-in.md', 'Sign in', SIGN_IN, []],
    ] as const) {
      const hash = createHash('sha256').update(text).digest('hex');
      note.run(path, title, hash);
      chunk.run(path, title, title, text, hash, JSON.stringify(links));
    }
    before.close();

    const db = expectOpened(openDatabase(file));
    expect(targets(db)).toEqual({ 'sign-in.md': [], 'start-here.md': null });
    const report = await indexNotes({ db, collection: 'kb', files: notes });
    expect(report).toMatchObject({ unchanged: 2, added: 0, updated: 0 });
    expect(targets(db)).toEqual({ 'sign-in.md': [], 'start-here.md': ['sign-in.md'] });
  });
});
