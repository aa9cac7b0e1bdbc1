// `npm run deps:check`: the folder graph of each process (electron/main, renderer/src) as the imports make it, the
// loops in it, and the imports that point up the layering the allow-lists of eslint.config.js declare (lowest
// folder first). Exits non-zero on any loop, back edge or folder missing from the allow-lists.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FOLDER_RULES } from '../eslint.config.js';
import { buildFolderGraph, findBackEdges, findCycles } from './architecture/folder-graph.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let problems = 0;
for (const area of ['electron/main', 'renderer/src']) {
  const graph = buildFolderGraph(root, area);
  const layers = Object.keys(FOLDER_RULES[area] ?? {});
  // Lowest layer first, as the allow-list lists them; what it does not list, at the end.
  const ordered = [...layers.filter((node) => graph.nodes.includes(node)), ...graph.nodes.filter((node) => !layers.includes(node))];
  const cycles = findCycles(graph);
  const backEdges = findBackEdges(graph, layers);
  const unlisted = graph.nodes.filter((node) => !layers.includes(node));

  console.log(`\n${area}: ${graph.nodes.length} folders and root files, ${graph.edges.length} edges (lowest layer first)`);
  for (const node of ordered) {
    const targets = graph.edges.filter((edge) => edge.from === node).map((edge) => edge.to);
    console.log(`  ${node.padEnd(28)} -> ${targets.join(', ') || '(nothing)'}`);
  }
  console.log(`  cycles: ${cycles.length}`);
  for (const cycle of cycles) {
    console.log(`    ${cycle.join(' <-> ')}`);
    for (const edge of graph.edges.filter((e) => cycle.includes(e.from) && cycle.includes(e.to))) {
      for (const link of edge.imports) console.log(`      ${link}`);
    }
  }
  console.log(`  back edges: ${backEdges.length}`);
  for (const edge of backEdges) for (const link of edge.imports) console.log(`    ${edge.from} -> ${edge.to}: ${link}`);
  if (unlisted.length > 0) console.log(`  not in the allow-lists of eslint.config.js: ${unlisted.join(', ')}`);
  problems += cycles.length + backEdges.length + unlisted.length;
}
process.exit(problems > 0 ? 1 : 0);
