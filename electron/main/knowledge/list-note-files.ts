import { readFile } from 'node:fs';
import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { isInsideFolder } from './note-path';

// The callback readFile takes fewer trips through the thread pool than the FileHandle one of fs/promises.
const readText = promisify(readFile);

/** A note the indexer can read: `path` is relative to the knowledge base, with forward slashes on every system. */
export interface NoteFile {
  readonly path: string;
  read(): Promise<string>;
}

export interface ListNoteFilesOptions {
  /** A link to a note or a folder outside the knowledge base was left out: its path, as `NoteFile.path`. */
  onLinkOutside?: (path: string) => void;
}

const NOTE_EXTENSION = /\.(md|markdown)$/i;

/**
 * Every Markdown file under `root`, sorted by path. Hidden folders (.obsidian, .git, .trash) hold settings and
 * history, not notes. Links (symbolic links, Windows junctions) are never followed: one leading out of the folder
 * would put the member's other files in the index and before the model (a synced vault can bring such a link from
 * anyone), so it is left out and reported; one staying inside is left out silently, since what it leads to is
 * listed under its own name already.
 */
export async function listNoteFiles(root: string, options: ListNoteFilesOptions = {}): Promise<NoteFile[]> {
  const files: NoteFile[] = [];
  const pathOf = (full: string) => relative(root, full).split(sep).join('/');
  // Links are judged by where the folder really is: it may itself be reached through one.
  let realRoot: Promise<string> | null = null;
  const leadsOutside = async (link: string, name: string): Promise<boolean> => {
    realRoot ??= realpath(root);
    // A link to nothing leads nowhere; one to a file that is no note would not have been listed anyway.
    const target = await realpath(link).catch(() => null);
    if (target === null || isInsideFolder(await realRoot, target)) return false;
    const kind = await stat(target).catch(() => null);
    return kind !== null && (kind.isDirectory() || (kind.isFile() && NOTE_EXTENSION.test(name)));
  };
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = join(dir, entry.name);
      if (entry.isSymbolicLink()) {
        if (await leadsOutside(full, entry.name)) options.onLinkOutside?.(pathOf(full));
      } else if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && NOTE_EXTENSION.test(entry.name)) {
        files.push({ path: pathOf(full), read: () => readText(full, 'utf8') });
      }
    }
  };
  await walk(root);
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * The note at `path` (relative, forward slashes) under `root`, when listNoteFiles would list it: a Markdown file in
 * no hidden folder and reached through no link; null otherwise (missing, a link, a folder). A pass over a few
 * notes reads them this way rather than listing the whole folder.
 */
export async function noteFileAt(root: string, path: string): Promise<NoteFile | null> {
  const segments = path.split('/');
  if (!NOTE_EXTENSION.test(path) || segments.some((segment) => segment === '' || segment.startsWith('.'))) return null;
  const full = join(root, ...segments);
  const [realRoot, real, kind] = await Promise.all([
    realpath(root).catch(() => null),
    realpath(full).catch(() => null),
    lstat(full).catch(() => null),
  ]);
  // Its real path is where its name says, under the real root: no link on the way to it, nor the file itself one.
  if (realRoot === null || real === null || !kind?.isFile() || real !== join(realRoot, ...segments)) return null;
  return { path, read: () => readText(full, 'utf8') };
}
