import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';

const NOTE_EXTENSION = /\.(md|markdown)$/i;

/** Why a note was not opened; the renderer says each in the member's language. */
export type NoteRefusal = 'outside_folder' | 'not_indexed' | 'note_missing' | 'not_a_note';

export type NotePathResult = { ok: true; file: string } | { ok: false; reason: NoteRefusal };

/** Whether `path` lies under `root` (both absolute and resolved); the root itself is not under it. */
export function isInsideFolder(root: string, path: string): boolean {
  const inside = relative(root, path);
  return inside !== '' && inside !== '..' && !inside.startsWith(`..${sep}`) && !isAbsolute(inside);
}

/**
 * The file of a source's `path` (relative, forward slashes) inside the knowledge base folder. The renderer names
 * the note, so main opens it only when it is a note the index holds (never a settings file such as .obsidian/x.md),
 * and when the file, with every link on its way resolved, is still a note inside the folder: a note replaced by a
 * link since it was indexed cannot send the member's system app to a file elsewhere, or to a program.
 */
export async function resolveNotePath(folder: string, notePath: string, isIndexed: (path: string) => boolean): Promise<NotePathResult> {
  // Sources name notes relatively, with forward slashes: anything else was not written by the indexer.
  if (notePath.startsWith('/') || notePath.includes('\\') || /^[A-Za-z]:/.test(notePath)) return { ok: false, reason: 'outside_folder' };
  const root = resolve(folder);
  const file = resolve(root, ...notePath.split('/'));
  if (!isInsideFolder(root, file) || !NOTE_EXTENSION.test(file)) return { ok: false, reason: 'outside_folder' };
  if (!isIndexed(notePath)) return { ok: false, reason: 'not_indexed' };
  const [realRoot, real] = await Promise.all([realpath(root).catch(() => null), realNoteFile(file)]);
  if (realRoot === null) return { ok: false, reason: 'note_missing' };
  if (!real.ok) return real;
  if (!isInsideFolder(realRoot, real.file)) return { ok: false, reason: 'outside_folder' };
  return { ok: true, file };
}

/**
 * The file behind `file` with every link on its way resolved, when that is a regular Markdown file. The system
 * opens a file by what it really is: "note.md" linked to "run.desktop", "setup.exe" or a program would be run, not
 * read, so the target's own name and kind are what is checked.
 */
export async function realNoteFile(file: string): Promise<{ ok: true; file: string } | { ok: false; reason: 'note_missing' | 'not_a_note' }> {
  const real = await realpath(file).catch(() => null);
  const found = real === null ? null : await stat(real).catch(() => null);
  if (real === null || found === null) return { ok: false, reason: 'note_missing' };
  return found.isFile() && NOTE_EXTENSION.test(real) ? { ok: true, file: real } : { ok: false, reason: 'not_a_note' };
}
