import type Database from 'better-sqlite3';

/**
 * Values derived from kb_chunks (the vector index, counts of words' matches), cached with the connection and
 * brought up to date when kb_chunks changes. The cache lives with the connection (a WeakMap keyed by it), so no
 * caller has to carry it.
 *
 * Changes are seen in two ways:
 * - Writes through this connection: TEMP triggers on kb_chunks (insert, delete, update of the vector or text
 *   columns) append each changed row's id to a TEMP change log, under a fresh generation from a JS sequence. The
 *   log lives in the transaction, so a rollback takes back exactly the entries of the rows it restores, and a
 *   generation is never reused: the highest one logged names the rows' state, even for a value derived inside a
 *   transaction that was later rolled back. A value remembers the generation it was derived at (its anchor); the
 *   changes since are the entries above it, provided the anchor's own entry is still logged. An anchor that is
 *   gone was rolled back (the value holds rows that no longer exist) or trimmed away (see CHANGE_LOG_SIZE),
 *   and the value is derived again.
 * - Commits by other connections (another process or worker): `PRAGMA data_version` changes. The triggers never
 *   see those writes, nor can they be told apart cheaply from writes to other tables, so every value is derived
 *   again.
 */

/**
 * The change log keeps the latest entries only, so that hours of indexing with no question asked cannot grow
 * it without bound (about 20 bytes an entry). A value further behind is derived again, which, at a quarter of
 * the rows or more, the vector index would choose anyway (see vector-index.ts) for any base under 200k chunks.
 */
const CHANGE_LOG_SIZE = 50_000;

/** How a followed value catches up with changes made through this connection. */
export interface ChunkFollower<T> {
  /** The value, from scratch. */
  readonly load: () => T;
  /**
   * Brings `value` up to date in place, given the ids (ascending, each once) of the kb_chunks rows inserted,
   * updated or deleted since it was loaded or last updated; false, leaving it as it was, to have it loaded again.
   */
  readonly update: (value: T, changedIds: readonly number[]) => boolean;
}

interface Cached {
  readonly value: unknown;
  generation: number;
}

interface Watch {
  readonly stamp: Database.Statement<[], [number, number]>;
  readonly anchored: Database.Statement<[number], number>;
  readonly changedIds: Database.Statement<[number], number>;
  dataVersion: number;
  /** Keyed by what each value is, e.g. `vectors:768:model`; the key decides the value's type. */
  readonly values: Map<string, Cached>;
}

const watches = new WeakMap<Database.Database, Watch>();

/**
 * A value derived from kb_chunks, computed once for this connection and again after any change to kb_chunks.
 * `key` names the value and must always derive the same type.
 */
export function derivedFromChunks<T>(db: Database.Database, key: string, derive: () => T): T {
  return followedChunks(db, key, { load: derive, update: () => false });
}

/**
 * A value derived from kb_chunks, loaded once for this connection and then kept up to date by `follower.update`
 * with the rows this connection changed, or loaded again when that is impossible or declined.
 * `key` names the value and must always derive the same type.
 */
export function followedChunks<T>(db: Database.Database, key: string, follower: ChunkFollower<T>): T {
  const watch = watchOf(db);
  // Outside a cache until the watch can be set up; in practice only a value first needed inside a transaction.
  if (!watch) return follower.load();
  const generation = currentGeneration(watch);
  const cached = watch.values.get(key);
  if (cached?.generation === generation) return cached.value as T;
  if (
    cached &&
    watch.anchored.get(cached.generation) !== undefined &&
    follower.update(cached.value as T, watch.changedIds.all(cached.generation))
  ) {
    cached.generation = generation;
    return cached.value as T;
  }
  const value = follower.load();
  watch.values.set(key, { value, generation });
  return value;
}

/** The generation of this connection's latest logged change; forgets every value when another connection wrote. */
function currentGeneration(watch: Watch): number {
  const [dataVersion, generation] = watch.stamp.get()!;
  if (dataVersion !== watch.dataVersion) {
    watch.values.clear();
    watch.dataVersion = dataVersion;
  }
  return generation;
}

/**
 * The connection's watch, set up on first use. Not inside a transaction: a rollback would take the TEMP objects
 * back while the watch went on using them.
 */
function watchOf(db: Database.Database): Watch | null {
  const existing = watches.get(db);
  if (existing || db.inTransaction) return existing ?? null;
  let sequence = 0;
  db.function('kb_chunks_next_generation', { deterministic: false }, () => ++sequence);
  const logged = (id: string) => `BEGIN
      INSERT INTO kb_chunks_changes (generation, id) VALUES (kb_chunks_next_generation(), ${id});
      DELETE FROM kb_chunks_changes
        WHERE generation <= (SELECT max(generation) FROM kb_chunks_changes) - ${CHANGE_LOG_SIZE};
    END`;
  // Generation 0, logged first, anchors a value derived before any change; it has no row.
  db.exec(`
    CREATE TEMP TABLE kb_chunks_changes (generation INTEGER PRIMARY KEY, id INTEGER);
    INSERT INTO kb_chunks_changes (generation, id) VALUES (0, NULL);
    CREATE TEMP TRIGGER kb_chunks_changes_insert AFTER INSERT ON main.kb_chunks ${logged('new.id')};
    CREATE TEMP TRIGGER kb_chunks_changes_delete AFTER DELETE ON main.kb_chunks ${logged('old.id')};
    CREATE TEMP TRIGGER kb_chunks_changes_update
      AFTER UPDATE OF id, embedding, embedding_model, dims, title, aliases, chunk_title, text ON main.kb_chunks
      ${logged('old.id')};
    CREATE TEMP TRIGGER kb_chunks_changes_renumber
      AFTER UPDATE OF id ON main.kb_chunks WHEN new.id <> old.id
      ${logged('new.id')};
  `);
  const watch: Watch = {
    stamp: db
      .prepare<[], [number, number]>(
        `SELECT (SELECT data_version FROM pragma_data_version),
                (SELECT max(generation) FROM temp.kb_chunks_changes)`,
      )
      .raw(),
    anchored: db.prepare<[number], number>('SELECT 1 FROM temp.kb_chunks_changes WHERE generation = ?').pluck(),
    changedIds: db
      .prepare<[number], number>(
        'SELECT DISTINCT id FROM temp.kb_chunks_changes WHERE generation > ? AND id IS NOT NULL ORDER BY id',
      )
      .pluck(),
    dataVersion: -1,
    values: new Map(),
  };
  watches.set(db, watch);
  return watch;
}
