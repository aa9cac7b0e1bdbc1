import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FOLDER_RULES } from '../../eslint.config.js';
import { buildFolderGraph, findBackEdges, findCycles } from '../../scripts/architecture/folder-graph.mjs';

/**
 * The folders of each process point one way (issue 22): the folder graph the imports make has no loop, and no
 * import points up the layering the allow-lists of eslint.config.js declare. The lint refuses an import outside a
 * folder's list; this holds the lists themselves to one direction, and checks the tree as a whole.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const AREAS = ['electron/main', 'renderer/src'] as const;
const rules = FOLDER_RULES;
const architecture = readFileSync(`${ROOT}docs/architecture.md`, 'utf8');

/**
 * The folder table of `area` in docs/architecture.md, as allow-lists: each row's folder and the folders its last
 * column names ("base" as the section defines it, "nothing" for none), in the table's order.
 */
function documentedFolders(area: string, keys: readonly string[]): [string, string[]][] {
  const section = architecture.split(/^## /mu).find((part) => part.startsWith(`${area}, folder by folder`)) ?? '';
  const keyOf = (name: string) => keys.find((key) => [name, `${name}/`, `${name}.ts`, `${name}.tsx`].includes(key)) ?? `?${name}`;
  const base = [...(/"base" is ([\s\S]*?)\.(?:\s|$)/u.exec(section)?.[1] ?? '').matchAll(/`([^`]+)`/gu)].map((match) => keyOf(match[1] as string));
  return [...section.matchAll(/^\| `([^`]+)` \|[^|]*\| ([^|]*) \|$/gmu)].map((row) => {
    const names = (row[2] as string).split(',').map((name) => name.trim());
    const allowed = names.flatMap((name) => (name === 'nothing' ? [] : name === 'base' ? base : [keyOf(name)]));
    return [keyOf(row[1] as string), allowed];
  });
}

describe.each(AREAS)('the folders of %s', (area) => {
  const graph = buildFolderGraph(ROOT, area);
  const folders = rules[area] ?? {};
  const layers = Object.keys(folders);

  it('form no loop', () => {
    expect(findCycles(graph)).toEqual([]);
  });

  it('each have an allow-list, which names only folders listed below it', () => {
    expect(graph.nodes.filter((node) => !layers.includes(node))).toEqual([]);
    const upward = layers.flatMap((node, index) =>
      (folders[node] ?? []).filter((allowed) => !layers.slice(0, index).includes(allowed)).map((allowed) => `${node} -> ${allowed}`),
    );
    expect(upward).toEqual([]);
  });

  it('import nothing up the layering', () => {
    expect(findBackEdges(graph, layers).flatMap((edge) => edge.imports)).toEqual([]);
  });

  it('are mapped in docs/architecture.md as the allow-lists have them, in the same order', () => {
    const documented = documentedFolders(area, layers).map(([node, allowed]) => [node, [...allowed].sort()]);
    expect(documented).toEqual(layers.map((node) => [node, [...(folders[node] ?? [])].sort()]));
  });
});

describe('the folder-graph check', () => {
  it('finds the loop a single back edge makes: zoho/ importing the secretary, which reads the mailbox through zoho/', () => {
    const probe = { 'electron/main/zoho/probe.ts': "import type { Secretary } from '../secretary/secretary';\nexport type P = Secretary;" };
    const graph = buildFolderGraph(ROOT, 'electron/main', probe);
    expect(findCycles(graph)).toEqual([['secretary/', 'zoho/']]);
    expect(findBackEdges(graph, Object.keys(rules['electron/main'] ?? {})).map((edge) => `${edge.from} -> ${edge.to}`)).toEqual([
      'zoho/ -> secretary/',
    ]);
  });

  it('counts type imports, re-exports and dynamic imports, and leaves tests out', () => {
    const graph = buildFolderGraph(ROOT, 'electron/main', {
      'electron/main/log/probe.ts': [
        "import type { Capability } from '../capability';",
        "export { createOracle } from '../oracle/oracle';",
        "export const later = () => import('../voice/voice-capability');",
      ].join('\n'),
      'electron/main/texts/probe.test.ts': "import { createCore } from '../core';",
    });
    const fromLog = graph.edges.filter((edge) => edge.from === 'log/').map((edge) => edge.to);
    expect(fromLog).toEqual(['capability.ts', 'oracle/', 'voice/']);
    expect(graph.edges.some((edge) => edge.from === 'texts/')).toBe(false);
  });
});
