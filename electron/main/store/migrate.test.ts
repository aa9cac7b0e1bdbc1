import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Migration } from './migrations';
import { openDatabase } from './open-database';
import { expectOpened, makeTempDir } from '../../../test/support/store-helpers';

const v1: Migration = {
  version: 1,
  name: 'notes',
  up: `CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL);`,
};

const v2: Migration = {
  version: 2,
  name: 'notes get an owner',
  up: `ALTER TABLE notes ADD COLUMN owner TEXT NOT NULL DEFAULT 'unknown';
       CREATE INDEX notes_owner ON notes (owner);`,
};

/** Its first statement succeeds, its second fails: nothing of it may remain. */
const brokenV2: Migration = {
  version: 2,
  name: 'broken',
  up: `CREATE TABLE half_done (x);
       INSERT INTO no_such_table VALUES (1);`,
};

function databaseAtV1WithRows(file: string): void {
  const db = expectOpened(openDatabase(file, { migrations: [v1] }));
  db.prepare('INSERT INTO notes (body) VALUES (?), (?)').run('first', 'second');
  db.close();
}

describe('migrations', () => {
  it('upgrades an older database and keeps its rows', () => {
    const file = join(makeTempDir(), 'app.db');
    databaseAtV1WithRows(file);

    const db = expectOpened(openDatabase(file, { migrations: [v1, v2] }));

    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(db.prepare('SELECT body, owner FROM notes ORDER BY id').all()).toEqual([
      { body: 'first', owner: 'unknown' },
      { body: 'second', owner: 'unknown' },
    ]);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'notes_owner'").get()).toBeDefined();
  });

  it('rolls a failing migration back to the previous version and leaves the file usable', () => {
    const file = join(makeTempDir(), 'app.db');
    databaseAtV1WithRows(file);

    expect(() => openDatabase(file, { migrations: [v1, brokenV2] })).toThrow(/migration 2 \(broken\) failed/);

    const db = expectOpened(openDatabase(file, { migrations: [v1] }));
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half_done'").get()).toBeUndefined();
    expect(db.prepare('SELECT body FROM notes ORDER BY id').pluck().all()).toEqual(['first', 'second']);
    db.prepare('INSERT INTO notes (body) VALUES (?)').run('third');
    expect(db.prepare('SELECT count(*) FROM notes').pluck().get()).toBe(3);
  });

  it('applies every pending migration in order on a fresh file', () => {
    const db = expectOpened(openDatabase(join(makeTempDir(), 'app.db'), { migrations: [v1, v2] }));

    expect(db.pragma('user_version', { simple: true })).toBe(2);
    db.prepare('INSERT INTO notes (body, owner) VALUES (?, ?)').run('hello', 'ana@example.org');
    expect(db.prepare('SELECT owner FROM notes').pluck().get()).toBe('ana@example.org');
  });
});
