import type Database from 'better-sqlite3';
import { z } from 'zod';
import { derivedFromChunks } from './chunk-changes';

/** Finds the note a `[[link]]` points at, within one collection; null when no indexed note answers to it. */
export type NoteLinkResolver = (collection: string, fromPath: string, target: string) => string | null;

const NOTE_EXTENSION = /\.(md|markdown)$/i;

/** One note across collections: two collections may hold the same path. */
export function noteKey(collection: string, path: string): string {
  return `${collection}\u0000${path}`;
}

// What the indexer writes into kb_chunks.links; anything else reads as no links rather than failing a question.
const storedLinksSchema = z.array(z.object({ note: z.string() })).catch([]);

/**
 * The notes a chunk's stored links (kb_chunks.links, written by the indexer) point at: each once, in the order
 * written, those that resolve to an indexed note only.
 */
export function linkedNotePaths(resolve: NoteLinkResolver, collection: string, fromPath: string, storedLinks: string): string[] {
  let links: Array<{ note: string }>;
  try {
    links = storedLinksSchema.parse(JSON.parse(storedLinks));
  } catch {
    return [];
  }
  const paths = links.map((link) => resolve(collection, fromPath, link.note)).filter((path): path is string => path !== null);
  return [...new Set(paths)];
}

/** Every name a note answers to, lower case: its path and file name without extension, and its title. */
interface NameIndex {
  readonly byPath: Map<string, string>;
  readonly byFileName: Map<string, string[]>;
  readonly byTitle: Map<string, string[]>;
}

/**
 * Obsidian's way: the link is a path relative to the linking note's folder or to the base, or else a file name
 * (without extension, any case) found anywhere; when several notes share it, the one in the linking note's
 * folder, then the shortest path. Failing all that, a note whose title (front matter or first heading) it is.
 *
 * The exact paths are primary-key lookups; the name index costs one read of the collection's notes, made only
 * when a link needs it and then kept with the connection until kb_chunks changes: the indexer writes a note's
 * path and title together with its chunks, and a note without chunks has no passage to give whoever links it.
 */
export function createNoteLinkResolver(db: Database.Database): NoteLinkResolver {
  const exists = db.prepare('SELECT 1 FROM kb_notes WHERE collection = ? AND path = ?').pluck();
  const notes = db.prepare('SELECT path, title FROM kb_notes WHERE collection = ?');

  const nameIndex = (collection: string): NameIndex =>
    derivedFromChunks(db, `note-names:${collection}`, () => {
      const index: NameIndex = { byPath: new Map(), byFileName: new Map(), byTitle: new Map() };
      for (const row of notes.iterate(collection) as IterableIterator<{ path: string; title: string }>) {
        const stem = row.path.replace(NOTE_EXTENSION, '');
        index.byPath.set(fold(stem), row.path);
        push(index.byFileName, fold(stem.split('/').at(-1) ?? stem), row.path);
        push(index.byTitle, fold(row.title), row.path);
      }
      return index;
    });

  return (collection, fromPath, target) => {
    const link = target.replace(NOTE_EXTENSION, '').replace(/^\/+/, '');
    if (link === '') return null;
    const folder = fromPath.includes('/') ? fromPath.slice(0, fromPath.lastIndexOf('/') + 1) : '';
    for (const candidate of [`${folder}${link}`, link]) {
      for (const extension of ['.md', '.markdown']) {
        if (exists.get(collection, candidate + extension) !== undefined) return candidate + extension;
      }
    }
    const index = nameIndex(collection);
    const key = fold(link);
    const byPath = index.byPath.get(fold(`${folder}${link}`)) ?? index.byPath.get(key);
    if (byPath !== undefined) return byPath;
    const named = index.byFileName.get(key) ?? index.byTitle.get(key) ?? [];
    return closest(named, folder);
  };
}

function closest(paths: readonly string[], folder: string): string | null {
  const ranked = [...paths].sort(
    (a, b) =>
      Number(!inFolder(a, folder)) - Number(!inFolder(b, folder)) || a.length - b.length || (a < b ? -1 : a > b ? 1 : 0),
  );
  return ranked[0] ?? null;
}

function inFolder(path: string, folder: string): boolean {
  return path.startsWith(folder) && !path.slice(folder.length).includes('/');
}

/** Case and Unicode composition do not tell two names apart, as on the file systems Obsidian runs on. */
function fold(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

function push(map: Map<string, string[]>, key: string, path: string): void {
  const list = map.get(key);
  if (list) list.push(path);
  else map.set(key, [path]);
}
