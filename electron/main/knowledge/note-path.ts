import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';

const NOTE_EXTENSION = /\.(md|markdown)$/i;

export type NotePathResult = { ok: true; file: string } | { ok: false; reason: 'outside_folder' | 'not_indexed' | 'note_missing' };

/** Whether `path` lies under `root` (both absolute and resolved); the root itself is not under it. */
export function isInsideFolder(root: string, path: string): boolean {
  const inside = relative(root, path);
  return inside !== '' && inside !== '..' && !inside.startsWith(`..${sep}`) && !isAbsolute(inside);
}

/**
 * The file of a source's `path` (relative, forward slashes) inside the knowledge base folder. The renderer names
 * the note, so main opens it only when it is a note the index holds (never a settings file such as .obsidian/x.md),
 * and when the file, with every link on its way resolved, is still inside the folder: a note replaced by a link
 * since it was indexed cannot send the member's system app to a file elsewhere.
 */
export async function resolveNotePath(folder: string, notePath: string, isIndexed: (path: string) => boolean): Promise<NotePathResult> {
  // Sources name notes relatively, with forward slashes: anything else was not written by the indexer.
  if (notePath.startsWith('/') || notePath.includes('\\') || /^[A-Za-z]:/.test(notePath)) return { ok: false, reason: 'outside_folder' };
  const root = resolve(folder);
  const file = resolve(root, ...notePath.split('/'));
  if (!isInsideFolder(root, file) || !NOTE_EXTENSION.test(file)) return { ok: false, reason: 'outside_folder' };
  if (!isIndexed(notePath)) return { ok: false, reason: 'not_indexed' };
  const [realRoot, realFile] = await Promise.all([realpath(root).catch(() => null), realpath(file).catch(() => null)]);
  if (realRoot === null || realFile === null) return { ok: false, reason: 'note_missing' };
  if (!isInsideFolder(realRoot, realFile)) return { ok: false, reason: 'outside_folder' };
  const found = await stat(realFile).catch(() => null);
  return found?.isFile() ? { ok: true, file } : { ok: false, reason: 'note_missing' };
}
