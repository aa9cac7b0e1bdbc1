import type Database from 'better-sqlite3';
import { ORACLE } from '../../../shared/limits';
import { fuseRanks } from './rank-fusion';
import { toUnitVector } from './vector-codec';
import { searchVectorIndex, vectorIndexFor, type VectorSearch } from './vector-index';

export interface RetrievedChunk {
  readonly id: number;
  readonly path: string;
  readonly title: string;
  readonly chunkTitle: string;
  readonly text: string;
  /** The cosine similarity to the query; null in lexical mode or for a chunk with no vector of the query's model. */
  readonly relevance: number | null;
  /** 1-based positions on each side of the search, where the chunk was found there. */
  readonly lexicalRank?: number;
  readonly vectorRank?: number;
}

/**
 * Hybrid when a query vector is given together with the model that produced it: only chunks embedded by that
 * model, with the same dimensions, take part on the vector side. Without a vector the search is lexical.
 */
export type RetrieveRequest = { readonly queryText: string; readonly limit: number } & (
  | { readonly queryVector: Float32Array; readonly model: string }
  | { readonly queryVector?: null; readonly model?: string }
);

export interface RetrieveResult {
  /** 'lexical' also when a vector was given but no chunk has one from the same model yet (e.g. right after a model change). */
  readonly mode: 'hybrid' | 'lexical';
  readonly chunks: RetrievedChunk[];
}

export type { VectorHit, VectorSearch } from './vector-index';

/** The whole knowledge base, no filters (O2), ranked by reciprocal rank fusion of cosine and bm25. */
export function retrieve(db: Database.Database, request: RetrieveRequest): RetrieveResult {
  const depth = Math.max(request.limit, ORACLE.fusionCandidatesPerSide);
  const ftsQuery = ftsAnyOf(queryWords(request.queryText));
  const lexical = ftsQuery === null ? [] : searchLexical(db, ftsQuery, depth);
  const vector = request.queryVector
    ? searchVectors(db, request.queryVector, request.model, depth, new Set(lexical))
    : null;

  if (!vector || vector.scanned === 0) {
    const rows = loadChunks(db, lexical.slice(0, request.limit));
    return {
      mode: 'lexical',
      chunks: lexical.slice(0, request.limit).flatMap((id, index) => {
        const row = rows.get(id);
        return row ? [{ ...row, relevance: null, lexicalRank: index + 1 }] : [];
      }),
    };
  }

  const cosines = new Map(vector.tracked);
  for (const hit of vector.hits) cosines.set(hit.id, hit.cosine);
  const fused = fuseRanks([vector.hits.map((hit) => hit.id), lexical], ORACLE.fusionK).slice(0, request.limit);
  const rows = loadChunks(
    db,
    fused.map((item) => item.id),
  );
  return {
    mode: 'hybrid',
    chunks: fused.flatMap((item) => {
      const row = rows.get(item.id);
      if (!row) return [];
      const [vectorRank, lexicalRank] = item.ranks;
      return [
        {
          ...row,
          relevance: cosines.get(item.id) ?? null,
          ...(lexicalRank === undefined ? {} : { lexicalRank }),
          ...(vectorRank === undefined ? {} : { vectorRank }),
        },
      ];
    }),
  };
}

/**
 * The best `count` vectors of `model` with the query's dimensions by cosine, from the connection's in-memory
 * index, which reloads itself whenever stored vectors change (see vectorIndexFor).
 */
export function searchVectors(
  db: Database.Database,
  queryVector: Float32Array,
  model: string,
  count: number,
  track: ReadonlySet<number> = new Set(),
): VectorSearch {
  return searchVectorIndex(vectorIndexFor(db, model, queryVector.length), toUnitVector(queryVector), count, track);
}

/** Chunk ids matching an FTS5 query, best bm25 first. */
export function searchLexical(db: Database.Database, ftsQuery: string, count: number): number[] {
  return db
    .prepare(
      'SELECT rowid FROM kb_chunks_fts WHERE kb_chunks_fts MATCH ? ORDER BY bm25(kb_chunks_fts), rowid LIMIT ?',
    )
    .pluck()
    .all(ftsQuery, count) as number[];
}

/** The words of a user's text: runs of letters, digits and combining marks, everything else is a separator. */
export function queryWords(text: string): string[] {
  return text.normalize('NFC').match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
}

/**
 * A safe FTS5 query matching any of `terms`: each is a quoted string (with any quote doubled), so operators,
 * column filters, NEAR, parentheses and stars in the user's text are only ever words. With `prefix`, each term
 * also matches the words it begins. Null when there is nothing to search for.
 */
export function ftsAnyOf(terms: readonly string[], options: { prefix?: boolean } = {}): string | null {
  const distinct = [...new Set(terms.map((term) => term.toLowerCase()).filter((term) => term !== ''))];
  if (distinct.length === 0) return null;
  const suffix = options.prefix ? '*' : '';
  return distinct.map((term) => `"${term.replaceAll('"', '""')}"${suffix}`).join(' OR ');
}

type ChunkRow = Omit<RetrievedChunk, 'relevance' | 'lexicalRank' | 'vectorRank'>;

export function loadChunks(db: Database.Database, ids: readonly number[]): Map<number, ChunkRow> {
  if (ids.length === 0) return new Map();
  const rows = db
    .prepare(
      `SELECT id, path, title, chunk_title AS chunkTitle, text FROM kb_chunks
       WHERE id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(ids)) as ChunkRow[];
  return new Map(rows.map((row) => [row.id, row]));
}
