import { stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';

const NOTE_EXTENSION = /\.(md|markdown)$/i;

export type NotePathResult = { ok: true; file: string } | { ok: false; reason: 'outside_folder' | 'note_missing' };

/**
 * The file of a source's `path` (relative, forward slashes) inside the knowledge base folder. The renderer names
 * the note, so the path is checked to stay inside the folder and to be a Markdown file that still exists: main
 * never opens an arbitrary file on the renderer's word.
 */
export async function resolveNotePath(folder: string, notePath: string): Promise<NotePathResult> {
  // Sources name notes relatively, with forward slashes: anything else was not written by the indexer.
  if (notePath.startsWith('/') || notePath.includes('\\') || /^[A-Za-z]:/.test(notePath)) return { ok: false, reason: 'outside_folder' };
  const root = resolve(folder);
  const file = resolve(root, ...notePath.split('/'));
  const inside = relative(root, file);
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside) || !NOTE_EXTENSION.test(file)) {
    return { ok: false, reason: 'outside_folder' };
  }
  const found = await stat(file).catch(() => null);
  return found?.isFile() ? { ok: true, file } : { ok: false, reason: 'note_missing' };
}
