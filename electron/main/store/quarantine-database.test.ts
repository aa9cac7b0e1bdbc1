import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './open-database';
import { quarantineDatabase } from './quarantine-database';
import { expectOpened, makeTempDir } from '../../../test/support/store-helpers';

const NOW = new Date('2025-03-04T05:06:07.089Z');

describe('quarantineDatabase', () => {
  it('moves a damaged database and the log files beside it aside, so a fresh one can be created', () => {
    const dir = makeTempDir();
    const file = join(dir, 'app.db');
    const damaged = Buffer.from('this is not an sqlite file at all, just some text '.repeat(100));
    writeFileSync(file, damaged);
    writeFileSync(`${file}-wal`, 'stale log');
    writeFileSync(`${file}-shm`, 'stale index');

    const kept = quarantineDatabase(file, NOW);

    expect(kept).toBe(`${file}.corrupt-2025-03-04T05-06-07-089Z`);
    expect(readFileSync(kept).equals(damaged)).toBe(true);
    expect(readFileSync(`${kept}-wal`, 'utf8')).toBe('stale log');
    expect(readFileSync(`${kept}-shm`, 'utf8')).toBe('stale index');
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}-wal`)).toBe(false);

    const fresh = expectOpened(openDatabase(file));
    expect(fresh.prepare('SELECT count(*) FROM settings').pluck().get()).toBe(0);
  });

  it('lets the member start fresh after a damaged open, keeping the damaged file', () => {
    const file = join(makeTempDir(), 'app.db');
    const damaged = Buffer.from('SQLite format 3\0'.padEnd(4096, '#'));
    writeFileSync(file, damaged);
    const first = openDatabase(file);
    expect(first).toMatchObject({ ok: false, error: { kind: 'corrupt' } });

    const kept = quarantineDatabase(file, NOW);
    expectOpened(openDatabase(file));

    expect(readFileSync(kept).equals(damaged)).toBe(true);
  });

  it('moves only the files that exist', () => {
    const dir = makeTempDir();
    const file = join(dir, 'app.db');
    writeFileSync(file, 'damaged');

    const kept = quarantineDatabase(file, NOW);

    expect(readdirSync(dir)).toEqual([kept.slice(dir.length + 1)]);
  });

  it('throws, moving nothing, when the database file is not there', () => {
    const dir = makeTempDir();
    const file = join(dir, 'app.db');
    writeFileSync(`${file}-wal`, 'orphan log');

    expect(() => quarantineDatabase(file, NOW)).toThrow();
    expect(readdirSync(dir)).toEqual(['app.db-wal']);
  });
});
