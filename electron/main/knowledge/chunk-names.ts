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
  /**
   * By their stems, once stemsOf has cut them: only the few passages a question keeps are compared so. Present
   * (undefined) from the start, so every folded name has one shape.
   */
  stems: readonly string[] | undefined;
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

/** Folded texts kept beyond twice the passages before they are let go (a small base's edits refold nothing). */
const FOLDED_SLACK = 1_000;

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
  return { words, plain: words.map(plainWord), stems: undefined };
}

/** A folded name's words by their stems. */
export function stemsOf(name: FoldedName): readonly string[] {
  return (name.stems ??= name.plain.map(stemOfPlain));
}

/**
 * Every passage's names, held for this connection like the vector index and kept up to date with the rows that
 * change: a question reads the names of a hundred candidates three times (named notes, keyword matches, link
 * lending), which a query and folding each would cost more than the rest of the lexical side (issue 26).
 *
 * Each distinct text is folded once (a note's title is shared by its chunks). Titles and aliases are folded as they
 * load, since every question compares a hundred of them; headings and stems only when a question first needs them
 * (for the few passages it keeps), so the first question after a change waits for as little as it can.
 */
export function chunkNames(db: Database.Database): PassageNames {
  return followedChunks(db, 'chunk-names', {
    load: () => {
      const byId = new Map<number, ChunkNames>();
      const folded = new Map<string, FoldedName | null>();
      const fold = (text: string) => {
        let found = folded.get(text);
        if (found === undefined) {
          found = foldText(text);
          folded.set(text, found);
        }
        return found;
      };
      const put = (row: NameRow) => {
        const names = namesOfRow(row);
        for (const name of names.names) fold(name);
        byId.set(row.id, names);
      };
      for (const row of db.prepare(SELECT).all() as NameRow[]) put(row);
      return { byId, fold, folded, put };
    },
    update: ({ byId, folded, put }, changedIds) => {
      const rows = db.prepare(`${SELECT} WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(changedIds)) as NameRow[];
      const found = new Map(rows.map((row) => [row.id, row]));
      // Texts no passage has any longer stay folded; past twice as many texts as passages, they are let go.
      if (folded.size > 2 * byId.size + FOLDED_SLACK) folded.clear();
      for (const id of changedIds) {
        const row = found.get(id);
        if (row) put(row);
        else byId.delete(id);
      }
      return true;
    },
  });
}
