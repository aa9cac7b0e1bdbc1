import type Database from 'better-sqlite3';
import { followedChunks } from './chunk-changes';
import { HEADING_SEPARATOR } from './chunk';

/** What a question may name a passage by, and where it lives. */
export interface ChunkNames {
  readonly collection: string;
  readonly path: string;
  /** Its note's title and aliases. */
  readonly names: readonly string[];
  /** Its heading path, split. */
  readonly headings: readonly string[];
}

interface NameRow {
  readonly id: number;
  readonly collection: string;
  readonly path: string;
  readonly title: string;
  readonly aliases: string;
  readonly chunk_title: string;
}

const SELECT = 'SELECT id, collection, path, title, aliases, chunk_title FROM kb_chunks';

function namesOfRow(row: NameRow): ChunkNames {
  return {
    collection: row.collection,
    path: row.path,
    names: [row.title, ...row.aliases.split('\n')],
    headings: row.chunk_title.split(HEADING_SEPARATOR),
  };
}

/**
 * Every passage's names, held for this connection like the vector index and kept up to date with the rows that
 * change: a question reads the names of a hundred candidates three times (named notes, keyword matches, link
 * lending), which a query each would cost more than the rest of the lexical side (issue 26's headroom).
 */
export function chunkNames(db: Database.Database): ReadonlyMap<number, ChunkNames> {
  return followedChunks(db, 'chunk-names', {
    load: () => new Map((db.prepare(SELECT).all() as NameRow[]).map((row) => [row.id, namesOfRow(row)])),
    update: (names, changedIds) => {
      const rows = db.prepare(`${SELECT} WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(changedIds)) as NameRow[];
      const found = new Map(rows.map((row) => [row.id, row]));
      for (const id of changedIds) {
        const row = found.get(id);
        if (row) names.set(id, namesOfRow(row));
        else names.delete(id);
      }
      return true;
    },
  });
}
