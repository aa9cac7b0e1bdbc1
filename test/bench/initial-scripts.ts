import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseAst } from 'vite';

export interface InitialScript {
  /** Relative to the built page's folder. */
  file: string;
  gzipBytes: number;
}

const SCRIPT_SRC = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g;
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g;

/**
 * The scripts a built page loads before its first paint: its module entry, what it modulepreloads, and every module
 * those import statically, each once. Dynamic `import()`s (a pane's chunk, the voice-activity detector) are left out:
 * they load later, when needed.
 */
export function initialScripts(pageDir: string, htmlFile = 'index.html'): InitialScript[] {
  const html = readFileSync(path.join(pageDir, htmlFile), 'utf8');
  const pending = [...html.matchAll(SCRIPT_SRC), ...html.matchAll(MODULE_PRELOAD)].map((match) => path.normalize(match[1]!));
  const seen = new Map<string, InitialScript>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    const code = readFileSync(path.join(pageDir, file));
    seen.set(file, { file, gzipBytes: gzipSync(code).length });
    for (const imported of staticImports(code.toString('utf8'))) pending.push(path.join(path.dirname(file), imported));
  }
  return [...seen.values()];
}

/** The relative specifiers of a module's `import ... from` and `export ... from` statements. */
function staticImports(code: string): string[] {
  return parseAst(code).body.flatMap((node) =>
    (node.type === 'ImportDeclaration' || node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') &&
    node.source &&
    typeof node.source.value === 'string' &&
    node.source.value.startsWith('.')
      ? [node.source.value]
      : [],
  );
}
