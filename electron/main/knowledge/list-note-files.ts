import { readFile } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';

// The callback readFile takes fewer trips through the thread pool than the FileHandle one of fs/promises.
const readText = promisify(readFile);

/** A note the indexer can read: `path` is relative to the knowledge base, with forward slashes on every system. */
export interface NoteFile {
  readonly path: string;
  read(): Promise<string>;
}

const NOTE_EXTENSION = /\.(md|markdown)$/i;

/**
 * Every Markdown file under `root`, sorted by path. Hidden folders (.obsidian, .git, .trash) hold settings and
 * history, not notes.
 */
export async function listNoteFiles(root: string): Promise<NoteFile[]> {
  const files: NoteFile[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && NOTE_EXTENSION.test(entry.name)) {
        files.push({ path: relative(root, full).split(sep).join('/'), read: () => readText(full, 'utf8') });
      }
    }
  };
  await walk(root);
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
