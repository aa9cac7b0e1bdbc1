// `npm run deps:check`: the folder graph of each process (electron/main, renderer/src), the loops in it and the
// imports that point up the layering. Exits non-zero on any, so `npm test` fails on a new loop.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFolderGraph, findCycles } from './architecture/folder-graph.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let problems = 0;
for (const area of ['electron/main', 'renderer/src']) {
  const graph = buildFolderGraph(root, area);
  const cycles = findCycles(graph);
  console.log(`\n${area}: ${graph.nodes.length} folders and root files, ${graph.edges.length} edges`);
  for (const node of graph.nodes) {
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
  problems += cycles.length;
}
process.exit(problems > 0 ? 1 : 0);
