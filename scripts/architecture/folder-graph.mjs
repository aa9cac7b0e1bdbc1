// The folder graph of one process's source tree: which top-level folder imports which, read from the imports
// themselves (TypeScript's own pre-processor, so `import type`, re-exports and dynamic imports all count).
// Tests are left out: a test may import what it tests from anywhere; the product's folders must point one way.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, sep } from 'node:path';
import ts from 'typescript';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs'];
const RESOLVED_EXTENSIONS = [...SOURCE_EXTENSIONS, '.css', '.json'];
const TEST_FILE = /\.(test|e2e\.test|bench-run)\.[cm]?[jt]sx?$/u;

/** Forward slashes, whatever the OS: the graph's names are the repository's own paths. */
export const toPosix = (path) => path.split(sep).join('/');

/** Whether `path` (relative to the repository, posix) is a test of the product rather than the product. */
export function isTestFile(path) {
  return TEST_FILE.test(path) || /(^|\/)(testing|test-setup)(\/|\.)/u.test(path);
}

/**
 * The node a file belongs to inside `area` ('electron/main', say): its top-level folder, or the file itself
 * when it lies at the area's root (a root file is its own node: `core.ts` composes, `index.ts` starts).
 */
export function nodeOf(area, path) {
  if (!path.startsWith(`${area}/`)) return null;
  const [first, ...rest] = path.slice(area.length + 1).split('/');
  return rest.length > 0 ? `${first}/` : first;
}

/** The file a relative import names, as the bundler would find it, or null for a package or a missing file. */
export function resolveImport(root, fromPath, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = join(root, dirname(fromPath), specifier.split('?')[0]);
  const candidates = [
    base,
    ...RESOLVED_EXTENSIONS.map((extension) => `${base}${extension}`),
    ...SOURCE_EXTENSIONS.map((extension) => join(base, `index${extension}`)),
  ];
  const found = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  return found ? toPosix(relative(root, found)) : null;
}

/** Every relative or package specifier a source text imports or re-exports. */
export function importsOf(source) {
  const info = ts.preProcessFile(source, true, true);
  return info.importedFiles.map((file) => file.fileName);
}

function listSources(root, area) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (SOURCE_EXTENSIONS.includes(extname(entry.name)) && !entry.name.endsWith('.d.ts')) files.push(path);
    }
  };
  walk(area);
  return files.filter((path) => !isTestFile(path)).sort();
}

/**
 * The folder graph of `area`: its nodes, and for each edge the imports that make it (file -> file).
 * `extraFiles` ({ path: source }) are read as if they were in the tree: a test adds a probe without writing it.
 */
export function buildFolderGraph(root, area, extraFiles = {}) {
  const sources = new Map(listSources(root, area).map((path) => [path, null]));
  for (const path of Object.keys(extraFiles)) if (!isTestFile(path)) sources.set(path, null);
  const nodes = new Set();
  const edges = new Map();
  for (const path of sources.keys()) {
    const from = nodeOf(area, path);
    nodes.add(from);
    const source = extraFiles[path] ?? readFileSync(join(root, path), 'utf8');
    for (const specifier of importsOf(source)) {
      const target = resolveImport(root, path, specifier);
      const to = target && nodeOf(area, target);
      if (!to || to === from) continue;
      nodes.add(to);
      const key = `${from} -> ${to}`;
      if (!edges.has(key)) edges.set(key, { from, to, imports: [] });
      edges.get(key).imports.push(`${path} -> ${target}`);
    }
  }
  return { area, nodes: [...nodes].sort(), edges: [...edges.values()].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to)) };
}

/** The graph's loops: each strongly connected component of more than one node (Tarjan), nodes sorted. */
export function findCycles(graph) {
  const next = new Map(graph.nodes.map((node) => [node, []]));
  for (const edge of graph.edges) next.get(edge.from).push(edge.to);
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node)) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node), index.get(to)));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) components.push(component.sort());
  };
  for (const node of graph.nodes) if (!index.has(node)) visit(node);
  return components.sort((a, b) => a[0].localeCompare(b[0]));
}

/**
 * The edges that run against the layering: with the nodes ordered by `layers` (lowest first, as the allow-list
 * lists them), an edge from a node to one listed after it points upward. On an acyclic graph whose order is a
 * true layering there are none; each one found names an import to move.
 */
export function findBackEdges(graph, layers) {
  const rank = new Map(layers.map((node, position) => [node, position]));
  return graph.edges.filter((edge) => rank.has(edge.from) && rank.has(edge.to) && rank.get(edge.to) > rank.get(edge.from));
}
