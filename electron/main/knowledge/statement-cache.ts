import type Database from 'better-sqlite3';

/** How a statement's rows come back: objects, each row's first column alone, or arrays. */
type RowMode = 'objects' | 'pluck' | 'raw';

const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * The statement for `sql` on this connection, prepared once: a question runs the same few statements every time,
 * and preparing one costs as much as running it over a handful of rows. For statements run to the end (get, all,
 * run), never iterated, since a statement cannot start again while an iteration of it is open.
 */
export function cachedStatement(db: Database.Database, sql: string, mode: RowMode = 'objects'): Database.Statement {
  let byKey = statements.get(db);
  if (!byKey) {
    byKey = new Map();
    statements.set(db, byKey);
  }
  const key = `${mode}:${sql}`;
  let statement = byKey.get(key);
  if (!statement) {
    statement = db.prepare(sql);
    if (mode === 'pluck') statement.pluck();
    if (mode === 'raw') statement.raw();
    byKey.set(key, statement);
  }
  return statement;
}
