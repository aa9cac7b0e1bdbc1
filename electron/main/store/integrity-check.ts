import type Database from 'better-sqlite3';

export type IntegrityOutcome = { ok: true } | { ok: false; problem: string };

/**
 * The knowledge index: rebuilt from the notes folder by the indexer, and most of the file (a 100k-chunk base is
 * ~400 MB), so checking it at open would hold every start for seconds. The background check covers it.
 */
const KNOWLEDGE_INDEX_TABLES: readonly string[] = ['kb_chunks', 'kb_chunks_fts', 'kb_notes', 'kb_state'];
/** FTS5 keeps its index in shadow tables named after it (kb_chunks_fts_data, kb_chunks_fts_idx...). */
const KNOWLEDGE_INDEX_SHADOW_PREFIX = 'kb_chunks_fts_';

/** Beside the database: left by a background check that found damage, so the next open checks the whole file. */
export function needsCheckMarker(file: string): string {
  return `${file}.needs-check`;
}

/** SQLite's quick_check of the whole file: every table and index, and every page accounted for. */
export function checkWholeFile(db: Database.Database): IntegrityOutcome {
  return outcome(db.pragma('quick_check', { simple: true }));
}

/**
 * quick_check of the schema and of every table the member's data lives in, with its indexes: the knowledge index
 * is left out, so this costs milliseconds however large the index grows.
 */
export function checkKeptData(db: Database.Database): IntegrityOutcome {
  for (const table of keptTables(db)) {
    const result = outcome(db.pragma(`quick_check(${sqlText(table)})`, { simple: true }));
    if (!result.ok) return result;
  }
  return { ok: true };
}

function keptTables(db: Database.Database): string[] {
  const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all() as string[];
  return ['sqlite_schema', ...tables.filter((name) => !isKnowledgeIndex(name))];
}

function isKnowledgeIndex(table: string): boolean {
  return KNOWLEDGE_INDEX_TABLES.includes(table) || table.startsWith(KNOWLEDGE_INDEX_SHADOW_PREFIX);
}

function sqlText(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

function outcome(result: unknown): IntegrityOutcome {
  return result === 'ok' ? { ok: true } : { ok: false, problem: String(result) };
}
