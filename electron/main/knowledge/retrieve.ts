import type Database from 'better-sqlite3';
import { ORACLE } from '../../../shared/limits';
import { fuseRanks } from './rank-fusion';
import { toUnitVector } from './vector-codec';
import { derivedFromChunks } from './chunk-changes';
import { exactCosines, searchVectorIndex, vectorIndexFor, type VectorSearch } from './vector-index';

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
  const ftsQuery = ftsAnyOf(rarestTerms(db, queryWords(request.queryText)));
  const lexical = ftsQuery === null ? [] : searchLexical(db, ftsQuery, depth);
  const query = request.queryVector ? { vector: request.queryVector, model: request.model } : null;
  const vector = query ? searchVectors(db, query.vector, query.model, depth) : null;

  if (!query || !vector || vector.scanned === 0) {
    const rows = loadChunks(db, lexical.slice(0, request.limit));
    return {
      mode: 'lexical',
      chunks: lexical.slice(0, request.limit).flatMap((id, index) => {
        const row = rows.get(id);
        return row ? [{ ...row, relevance: null, lexicalRank: index + 1 }] : [];
      }),
    };
  }

  const fused = fuseRanks([vector.hits.map((hit) => hit.id), lexical], ORACLE.fusionK).slice(0, request.limit);
  // Only the chunks kept need a cosine: those found by their words alone are looked up, not the whole lexical list.
  const cosines = new Map(vector.hits.map((hit) => [hit.id, hit.cosine]));
  const foundByWords = fused.filter((item) => !cosines.has(item.id)).map((item) => item.id);
  for (const [id, cosine] of vectorCosines(db, query.vector, query.model, foundByWords)) cosines.set(id, cosine);
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

/** The cosine with the query of each of `ids` that has a vector of `model` with the query's dimensions. */
export function vectorCosines(
  db: Database.Database,
  queryVector: Float32Array,
  model: string,
  ids: readonly number[],
): Map<number, number> {
  return exactCosines(vectorIndexFor(db, model, queryVector.length), toUnitVector(queryVector), ids);
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

/**
 * How many chunks the lexical side may score for one question. bm25 costs about half a microsecond per matching
 * chunk (FTS5 reads each one's length and positions), and the few words found in most chunks ("de", "the", "how")
 * would otherwise make every question score nearly the whole base: ~80 ms over the bench's 100k chunks, ~3 ms
 * within this budget. There, the share of the 8 retrieved chunks that are on the question's topic stays 0.93
 * (0.94 scoring every word); a base of 10k chunks keeps 0.99 of the same 8 chunks.
 */
export const LEXICAL_MATCHES_BUDGET = 5_000;

/**
 * The query's distinct words (lower case) that bm25 should score: the rarest first, as many as fit together in
 * LEXICAL_MATCHES_BUDGET matching chunks, and always the rarest word that matches anything, however common.
 * Words that match nothing are left out, since they change nothing.
 *
 * The words left out are the common ones, whose inverse document frequency makes them count least in bm25, so
 * the order barely changes; below the budget (any base of a few thousand chunks) every word is kept and the
 * ranking is exactly bm25 over the whole question. Each word's matches are counted only up to the budget, so
 * choosing costs at most one short walk per word, and once per word until kb_chunks changes.
 */
export function rarestTerms(db: Database.Database, words: readonly string[]): string[] {
  const known = derivedFromChunks(db, 'fts-term-matches', () => new Map<string, number>());
  const count = db
    .prepare('SELECT count(*) FROM (SELECT 1 FROM kb_chunks_fts WHERE kb_chunks_fts MATCH ? LIMIT ?)')
    .pluck();
  const matchesOf = (term: string) => {
    const matches = known.get(term) ?? (count.get(ftsAnyOf([term]), LEXICAL_MATCHES_BUDGET + 1) as number);
    known.set(term, matches);
    return matches;
  };
  const terms = [...new Set(words.map((word) => word.toLowerCase()).filter((word) => word !== ''))]
    .map((term) => ({ term, matches: matchesOf(term) }))
    .filter((term) => term.matches > 0)
    .sort((a, b) => a.matches - b.matches);
  const kept: string[] = [];
  let matches = 0;
  for (const term of terms) {
    if (kept.length > 0 && matches + term.matches > LEXICAL_MATCHES_BUDGET) break;
    kept.push(term.term);
    matches += term.matches;
  }
  return kept;
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
