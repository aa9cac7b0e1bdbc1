import type Database from 'better-sqlite3';
import { followedChunks } from './chunk-changes';
import { HEADING_SEPARATOR } from './chunk';
import { noteKey } from './resolve-note-link';
import { stem } from './word-stem';
import { plainWord, queryWords } from './words';

/** A name's words, folded both ways a question is compared with them. */
export interface FoldedName {
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
  /** Its note's title and aliases, those with words. */
  readonly names: readonly FoldedName[];
  /** The headings of its path that may name it as a keyword (see keywordHeading). */
  readonly keywordHeadings: readonly FoldedName[];
}

/**
 * A heading names its passage only with this many words longer than KEYWORD_SHORT_LETTERS: "Set up" or "Overview"
 * head passages of many notes and say little, "Set up a custom domain" is what a member asks for.
 */
const KEYWORD_HEADING_WORDS = 2;
const KEYWORD_SHORT_LETTERS = 3;

interface NameRow {
  readonly id: number;
  readonly collection: string;
  readonly path: string;
  readonly title: string;
  readonly aliases: string;
  readonly chunk_title: string;
}

const SELECT = 'SELECT id, collection, path, title, aliases, chunk_title FROM kb_chunks';

interface Folding {
  readonly name: (text: string) => FoldedName | null;
  readonly keywordHeading: (text: string) => FoldedName | null;
}

/**
 * Folds each distinct text once: a note's title and aliases repeat on every one of its chunks, and headings
 * ("Overview") on many notes, so the chunks share one folded copy.
 */
function createFolding(): Folding {
  const names = new Map<string, FoldedName | null>();
  const headings = new Map<string, FoldedName | null>();
  const name = (text: string) => {
    let folded = names.get(text);
    if (folded === undefined) {
      const words = queryWords(text);
      folded = words.length === 0 ? null : { plain: words.map(plainWord), stems: words.map(stem) };
      names.set(text, folded);
    }
    return folded;
  };
  const keywordHeading = (text: string) => {
    let folded = headings.get(text);
    if (folded === undefined) {
      const long = queryWords(text).filter((word) => word.length > KEYWORD_SHORT_LETTERS).length;
      folded = long >= KEYWORD_HEADING_WORDS ? name(text) : null;
      headings.set(text, folded);
    }
    return folded;
  };
  return { name, keywordHeading };
}

function namesOfRow(row: NameRow, folding: Folding): ChunkNames {
  return {
    collection: row.collection,
    note: noteKey(row.collection, row.path),
    names: [row.title, ...row.aliases.split('\n')].flatMap((name) => folding.name(name) ?? []),
    keywordHeadings: row.chunk_title.split(HEADING_SEPARATOR).flatMap((heading) => folding.keywordHeading(heading) ?? []),
  };
}

/**
 * Every passage's names, folded once and held for this connection like the vector index, kept up to date with the
 * rows that change: a question reads the names of a hundred candidates three times (named notes, keyword matches,
 * link lending), which a query and folding each would cost more than the rest of the lexical side (issue 26).
 */
export function chunkNames(db: Database.Database): ReadonlyMap<number, ChunkNames> {
  return followedChunks(db, 'chunk-names', {
    load: () => {
      const folding = createFolding();
      return new Map((db.prepare(SELECT).all() as NameRow[]).map((row) => [row.id, namesOfRow(row, folding)]));
    },
    update: (names, changedIds) => {
      const rows = db.prepare(`${SELECT} WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(changedIds)) as NameRow[];
      const found = new Map(rows.map((row) => [row.id, row]));
      const folding = createFolding();
      for (const id of changedIds) {
        const row = found.get(id);
        if (row) names.set(id, namesOfRow(row, folding));
        else names.delete(id);
      }
      return true;
    },
  });
}
