// Types for folder-graph.mjs, which stays JavaScript so that eslint.config.js can load it without a compiler.
export interface FolderEdge {
  readonly from: string;
  readonly to: string;
  /** `file -> file` for each import that makes the edge. */
  readonly imports: readonly string[];
}

export interface FolderGraph {
  readonly area: string;
  readonly nodes: readonly string[];
  readonly edges: readonly FolderEdge[];
}

export function toPosix(path: string): string;
export function isTestFile(path: string): boolean;
export function nodeOf(area: string, path: string): string | null;
export function resolveImport(root: string, fromPath: string, specifier: string): string | null;
export function importsOf(source: string): string[];
export function buildFolderGraph(root: string, area: string, extraFiles?: Readonly<Record<string, string>>): FolderGraph;
export function findCycles(graph: FolderGraph): string[][];
export function findBackEdges(graph: FolderGraph, layers: readonly string[]): FolderEdge[];
