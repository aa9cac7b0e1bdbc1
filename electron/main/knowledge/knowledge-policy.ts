import type Database from 'better-sqlite3';
import { ASSISTANT } from '../../../shared/limits';
import { ftsAnyOf, loadChunks, queryWords, searchLexical, searchVectors, type RetrievedChunk } from './retrieve';

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
 * G6, the assistant's `search_knowledge`: the top 8 by cosine, then only those within 0.03 of the best, never
 * fewer than 2 nor more than 4. A fixed floor does not work there (even unrelated chunks reach 0.64), hence a
 * band relative to the best. Without vectors: the question's longest words, by stem, top 4 by bm25.
 */
export function selectKnowledge(db: Database.Database, request: KnowledgeRequest): KnowledgeSelection {
  if (request.queryVector) {
    const search = searchVectors(db, request.queryVector, request.model, ASSISTANT.knowledgeTopK);
    const best = search.hits[0];
    if (best) {
      const inBand = search.hits.filter((hit) => hit.cosine >= best.cosine - ASSISTANT.knowledgeKeepWithin).length;
      const kept = search.hits.slice(0, clamp(inBand, ASSISTANT.knowledgeMinKept, ASSISTANT.knowledgeMaxKept));
      const rows = loadChunks(
        db,
        kept.map((hit) => hit.id),
      );
      return {
        mode: 'vector',
        chunks: kept.flatMap((hit, index) => {
          const row = rows.get(hit.id);
          return row ? [{ ...row, relevance: hit.cosine, vectorRank: index + 1 }] : [];
        }),
      };
    }
  }
  const ftsQuery = ftsAnyOf(longestWordStems(request.question, ASSISTANT.knowledgeFallbackWords), { prefix: true });
  const ids = ftsQuery === null ? [] : searchLexical(db, ftsQuery, ASSISTANT.knowledgeMaxKept);
  const rows = loadChunks(db, ids);
  return {
    mode: 'lexical',
    chunks: ids.flatMap((id, index) => {
      const row = rows.get(id);
      return row ? [{ ...row, relevance: null, lexicalRank: index + 1 }] : [];
    }),
  };
}

/**
 * Common Spanish and English inflectional and derivational endings, longest first so that the longest one
 * that fits is cut ("facturaciones" -> "factur", not "facturacione"). Written without accents: words are
 * compared after their diacritics are stripped, as the FTS tokenizer does.
 */
const SUFFIXES = [
  'amientos', 'imientos', 'amiento', 'imiento', 'aciones', 'iciones', 'ciones', 'siones', 'idades', 'ations',
  'amente', 'mente', 'acion', 'icion', 'ation', 'ments', 'cion', 'sion', 'idad', 'ando', 'iendo', 'adas', 'ados', 'idas',
  'idos', 'ings', 'ness', 'ment', 'ada', 'ado', 'ida', 'ido', 'ing', 'ies', 'ied', 'ers', 'ar', 'er', 'ir', 'es',
  'as', 'os', 'ed', 'ly', 'a', 'e', 'o', 's',
].sort((a, b) => b.length - a.length);

/**
 * A deliberately simple stem: lower case, diacritics stripped, then the longest listed suffix cut as long as
 * ASSISTANT.knowledgeStemMinChars letters remain. Used as an FTS5 prefix, so "facturación" finds "facturar",
 * "facturas" and "facturaciones"; an over-eager cut only widens the match, and bm25 still orders it.
 */
export function stem(word: string): string {
  const plain = word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const suffix = SUFFIXES.find(
    (candidate) => plain.endsWith(candidate) && plain.length - candidate.length >= ASSISTANT.knowledgeStemMinChars,
  );
  return suffix ? plain.slice(0, plain.length - suffix.length) : plain;
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

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}
