import type Database from 'better-sqlite3';
import { followedChunks } from './chunk-changes';
import { HEADING_SEPARATOR } from './chunk';
import { noteKey } from './resolve-note-link';
import { stemOfPlain } from './word-stem';
import { plainWord, queryWords } from './words';

/** A title, alias or heading's words, folded both ways a question is compared with them. */
export interface FoldedName {
  /** As written (queryWords). */
  readonly words: readonly string[];
  /** As FTS5 compares them (plainWord). */
  readonly plain: readonly string[];
  /** By their stems. */
  readonly stems: readonly string[];
}

/** What a question may name a passage by, and where it lives. */
export interface ChunkNames {
  readonly collection: string;
  /** Its note, as noteKey names it. */
  readonly note: string;
  /** Its note's title and aliases. */
  readonly names: readonly string[];
  /** Its heading path, split. */
  readonly headings: readonly string[];
}

/** Every passage's names, and their words folded. */
export interface PassageNames {
  readonly byId: ReadonlyMap<number, ChunkNames>;
  /** The words of a name or heading folded, each distinct text once; null when it has none. */
  readonly fold: (text: string) => FoldedName | null;
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
    note: noteKey(row.collection, row.path),
    names: [row.title, ...row.aliases.split('\n')],
    headings: row.chunk_title.split(HEADING_SEPARATOR),
  };
}

function foldText(text: string): FoldedName | null {
  const words = queryWords(text);
  if (words.length === 0) return null;
  const plain = words.map(plainWord);
  return { words, plain, stems: plain.map(stemOfPlain) };
}

/**
 * Every passage's names, held for this connection like the vector index and kept up to date with the rows that
 * change: a question reads the names of a hundred candidates three times (named notes, keyword matches, link
 * lending), which a query each would cost more than the rest of the lexical side (issue 26). Their words are
 * folded when a question first looks at them, not when loaded, so that the first question after a change does
 * not wait for every title of the base; a note's title, shared by its chunks, is folded once.
 */
export function chunkNames(db: Database.Database): PassageNames {
  return followedChunks(db, 'chunk-names', {
    load: () => {
      const byId = new Map((db.prepare(SELECT).all() as NameRow[]).map((row) => [row.id, namesOfRow(row)]));
      const folded = new Map<string, FoldedName | null>();
      const fold = (text: string) => {
        let found = folded.get(text);
        if (found === undefined) {
          found = foldText(text);
          folded.set(text, found);
        }
        return found;
      };
      return { byId, fold, folded };
    },
    update: ({ byId, folded }, changedIds) => {
      const rows = db.prepare(`${SELECT} WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(changedIds)) as NameRow[];
      const found = new Map(rows.map((row) => [row.id, row]));
      for (const id of changedIds) {
        const row = found.get(id);
        if (row) byId.set(id, namesOfRow(row));
        else byId.delete(id);
      }
      // Texts no passage has any longer would stay folded for nothing.
      folded.clear();
      return true;
    },
  });
}
