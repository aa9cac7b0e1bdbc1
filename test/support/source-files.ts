import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One file of the repository and its text; `path` is relative to the root, with forward slashes. */
export interface SourceFile {
  path: string;
  text: string;
}

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SOURCE_FOLDERS = ['electron', 'shared', 'renderer', 'test', 'scripts'];
const SOURCE_EXTENSIONS = new Set(['.ts', '.tsx', '.mjs', '.js']);
const SKIPPED_FOLDERS = new Set(['node_modules', 'out', 'dist', 'fixtures']);

/**
 * What cites things in prose: every source file, the root's config files, the docs and the root's Markdown
 * (README, CONTRIBUTING), less `except` (root-relative paths). Fixtures are data, not citations.
 */
export function citingFiles(except: readonly string[] = []): SourceFile[] {
  const paths: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(path);
      } else if (SOURCE_EXTENSIONS.has(extname(entry.name))) {
        paths.push(path);
      }
    }
  };
  for (const folder of SOURCE_FOLDERS) walk(join(REPO_ROOT, folder));
  for (const entry of readdirSync(join(REPO_ROOT, 'docs'))) if (entry.endsWith('.md')) paths.push(join(REPO_ROOT, 'docs', entry));
  for (const entry of readdirSync(REPO_ROOT)) {
    if (entry.endsWith('.md') || /\.config\.(ts|js|mjs)$/u.test(entry)) paths.push(join(REPO_ROOT, entry));
  }
  return paths
    .map((path) => relative(REPO_ROOT, path).split(sep).join('/'))
    .filter((path) => !except.includes(path))
    .sort()
    .map((path) => ({ path, text: readFileSync(join(REPO_ROOT, path), 'utf8') }));
}
