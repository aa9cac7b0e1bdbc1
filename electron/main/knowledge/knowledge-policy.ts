import type Database from 'better-sqlite3';
import { ASSISTANT } from '../../../shared/limits';
import { stem } from './word-stem';
import { ftsAnyOf, loadChunks, rarestTerms, retrieve, searchLexical, type RetrievedChunk } from './retrieve';
import { queryWords } from './words';

export interface KnowledgeSelection {
  /** 'lexical' when there is no query vector or no chunk has a vector of its model. */
  readonly mode: 'vector' | 'lexical';
  readonly chunks: RetrievedChunk[];
}

export type KnowledgeRequest = { readonly question: string } & (
  | { readonly queryVector: Float32Array; readonly model: string }
  | { readonly queryVector?: null; readonly model?: string }
);

/**
 * G6, the assistant's `search_knowledge`, on the Oracle's ranking (issue 15): the top 8 as `retrieve` ranks them,
 * then only those whose cosine is within 0.03 of the best one, in the ranking's order, never fewer than 2 nor more
 * than 4. A fixed floor does not work there (even unrelated chunks reach 0.64), hence a band relative to the best.
 * Without vectors: the
 * question's longest words, by stem, bounded as the Oracle's lexical side is (rarestTerms), top 4 by bm25.
 */
export function selectKnowledge(db: Database.Database, request: KnowledgeRequest): KnowledgeSelection {
  if (request.queryVector) {
    const found = retrieve(db, { queryText: request.question, queryVector: request.queryVector, model: request.model, limit: ASSISTANT.knowledgeTopK });
    const cosines = found.chunks.flatMap((chunk) => (chunk.relevance === null ? [] : [chunk.relevance]));
    if (found.mode === 'hybrid' && cosines.length > 0) {
      // The band is the seeds' measure (a cosine below the best); which chunks, and their order, are the ranking's.
      const best = Math.max(...cosines);
      const inBand = (chunk: RetrievedChunk) => chunk.relevance !== null && chunk.relevance >= best - ASSISTANT.knowledgeKeepWithin;
      const kept = found.chunks.filter(inBand).slice(0, ASSISTANT.knowledgeMaxKept);
      // Never fewer than 2: the best-ranked of the others make up the number.
      const others = found.chunks.filter((chunk) => !inBand(chunk)).slice(0, Math.max(0, ASSISTANT.knowledgeMinKept - kept.length));
      const ids = new Set([...kept, ...others].map((chunk) => chunk.id));
      return { mode: 'vector', chunks: found.chunks.filter((chunk) => ids.has(chunk.id)) };
    }
  }
  const stems = rarestTerms(db, longestWordStems(request.question, ASSISTANT.knowledgeFallbackWords), { prefix: true });
  const ftsQuery = ftsAnyOf(stems, { prefix: true });
  const ids = ftsQuery === null ? [] : searchLexical(db, ftsQuery, ASSISTANT.knowledgeMaxKept);
  const rows = loadChunks(db, ids);
  return {
    mode: 'lexical',
    chunks: ids.flatMap((id, index) => {
      const row = rows.get(id);
      return row ? [{ ...row, relevance: null, score: null, lexicalRank: index + 1 }] : [];
    }),
  };
}

/** The stems of the question's `count` longest distinct words, longest first (the earlier word on a tie). */
export function longestWordStems(question: string, count: number): string[] {
  const stems: string[] = [];
  const words = queryWords(question).sort((a, b) => b.length - a.length);
  for (const word of words) {
    const wordStem = stem(word);
    if (!stems.includes(wordStem)) stems.push(wordStem);
    if (stems.length === count) break;
  }
  return stems;
}
