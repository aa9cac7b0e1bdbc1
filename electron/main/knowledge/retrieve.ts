import type Database from 'better-sqlite3';
import { ORACLE } from '../../../shared/limits';
import { byFusedOrder, fuseRanks, type FusedItem } from './rank-fusion';
import { storedLinkTargets } from './link-targets';
import { noteKey } from './resolve-note-link';
import { toUnitVector } from './vector-codec';
import { stem } from './word-stem';
import { chunkNames, stemsOf, type FoldedName, type PassageNames } from './chunk-names';
import { plainWord, queryWords } from './words';
import { derivedFromChunks } from './chunk-changes';
import { cachedStatement } from './statement-cache';
import { exactCosines, searchVectorIndex, vectorIndexFor, type VectorSearch } from './vector-index';

export interface RetrievedChunk {
  readonly id: number;
  readonly path: string;
  readonly title: string;
  readonly chunkTitle: string;
  readonly text: string;
  /** The cosine similarity to the query; null in lexical mode or for a chunk with no vector of the query's model. */
  readonly relevance: number | null;
  /**
   * The score the ranking put it in order by, from 0 to 1 (see rankScore); null in lexical mode, where the order
   * rests on bm25 alone and nothing is measured against the question's meaning.
   */
  readonly score: number | null;
  /** 1-based positions on each side of the search, where the chunk was found there. */
  readonly lexicalRank?: number;
  readonly vectorRank?: number;
  /** Its note's title or one of its aliases is written in the question. */
  readonly named?: true;
  /**
   * The question names its note's title, an alias or one of its headings, by their stems (see keywordMatches): a
   * passage listed whatever its cosine, as a keyword match (listed-passages.ts).
   */
  readonly keyword?: true;
}

/**
 * Hybrid when a query vector is given together with the model that produced it: only chunks embedded by that
 * model, with the same dimensions, take part on the vector side. Without a vector the search is lexical.
 */
export type RetrieveRequest = {
  readonly queryText: string;
  readonly limit: number;
  /**
   * The words a keyword match is judged on (see keywordMatches), when they are not all of `queryText`: a follow-up
   * is searched with the question before it (O3), but names a note only in its own words.
   */
  readonly keywordText?: string;
} & (
  | { readonly queryVector: Float32Array; readonly model: string }
  | { readonly queryVector?: null; readonly model?: string }
);

export interface RetrieveResult {
  /** 'lexical' also when a vector was given but no chunk has one from the same model yet (e.g. right after a model change). */
  readonly mode: 'hybrid' | 'lexical';
  /** Best first: in the order of `score` (of the lexical ranking in lexical mode). */
  readonly chunks: RetrievedChunk[];
}

export type { VectorHit, VectorSearch } from './vector-index';

/** How the rankings are weighed against each other; ORACLE's numbers unless an evaluation tries others. */
export interface RankingWeights {
  readonly k: number;
  readonly vector: number;
  readonly lexical: number;
  /** The share of its score a kept passage lends to the notes it links (see lendToLinkedNotes). */
  readonly links: number;
  readonly fields: { readonly title: number; readonly aliases: number; readonly heading: number; readonly body: number };
}

export const RANKING: RankingWeights = { k: ORACLE.fusionK, ...ORACLE.fusionWeights, fields: ORACLE.fieldWeights };

/**
 * The whole knowledge base, no filters (O2), ranked by weighted reciprocal rank fusion of three rankings: by cosine,
 * by field-weighted bm25 (the note's title, its aliases, the heading path and the text as fields of their own), and
 * the chunks of the notes the question names by title or alias. Fusion needs no common scale between a cosine
 * and a bm25 score, so it holds for any embedding model.
 */
export function retrieve(db: Database.Database, request: RetrieveRequest, weights: RankingWeights = RANKING): RetrieveResult {
  const depth = Math.max(request.limit, ORACLE.fusionCandidatesPerSide);
  const words = queryWords(request.queryText);
  const ftsQuery = ftsAnyOf(rarestTerms(db, words));
  const lexical = ftsQuery === null ? [] : searchLexical(db, ftsQuery, depth, weights.fields);
  // One index and one unit query for both uses below: the search, and the cosines of the passages kept.
  const query = request.queryVector
    ? { index: vectorIndexFor(db, request.model, request.queryVector.length), unit: toUnitVector(request.queryVector) }
    : null;
  const vector = query ? searchVectorIndex(query.index, query.unit, depth) : null;
  const hybrid = query !== null && vector !== null && vector.scanned > 0;

  const byVector = hybrid ? vector.hits.map((hit) => hit.id) : [];
  const found = fuseRanks([lexical, byVector], weights.k, [weights.lexical, weights.vector]).map((item) => item.id);
  const names = chunkNames(db);
  const namedFound = namedChunks(names, words, found);
  const fused = lendToLinkedNotes(
    db,
    names,
    fuseRanks([lexical, byVector, namedFound], weights.k, [weights.lexical, weights.vector, namedWeight(weights)]),
    { lenders: request.limit, share: weights.links, ceiling: rankScore(weights) },
  ).slice(0, request.limit);
  const named = new Set(namedFound);

  const ids = fused.map((item) => item.id);
  const rows = loadChunks(db, ids);
  const keyword = new Set(keywordMatches(names, request.keywordText === undefined ? words : queryWords(request.keywordText), ids));
  const cosines = new Map(hybrid ? vector.hits.map((hit) => [hit.id, hit.cosine]) : []);
  // Only the chunks kept need a cosine: those found by their words alone are looked up, not the whole lexical list.
  if (hybrid) for (const [id, cosine] of exactCosines(query.index, query.unit, ids.filter((id) => !cosines.has(id)))) cosines.set(id, cosine);
  const best = rankScore(weights);
  return {
    mode: hybrid ? 'hybrid' : 'lexical',
    chunks: fused.flatMap((item) => {
      const row = rows.get(item.id);
      if (!row) return [];
      const [lexicalRank, vectorRank] = item.ranks;
      return [
        {
          ...row,
          relevance: cosines.get(item.id) ?? null,
          score: hybrid ? Math.min(1, item.score / best) : null,
          ...(lexicalRank === undefined ? {} : { lexicalRank }),
          ...(vectorRank === undefined ? {} : { vectorRank }),
          ...(named.has(item.id) ? { named: true as const } : {}),
          ...(keyword.has(item.id) ? { keyword: true as const } : {}),
        },
      ];
    }),
  };
}

/**
 * A passage that sends the reader on to another note ("See [[sign-in]]", the last line of a troubleshooting entry,
 * a step of a getting-started list, an index) vouches for that note. Overview notes match many questions in a
 * line or two and then point on, so they often outrank the note that answers; here each note among the `lenders`
 * best passages lends `share` of its best linking passage's score (split among the notes that passage links) to
 * the best passage of each note it links that was found further down. Several notes pointing at one add up, as a
 * reader sent there from several places would expect; a note never gains from its own passages or its own links,
 * and one found ahead of the passage gains nothing from it. A loan lifts a passage at most to the `ceiling`, the
 * score of a passage both searches put first, so the note the question names (which scores above it) stays first.
 */
function lendToLinkedNotes(
  db: Database.Database,
  { byId }: PassageNames,
  fused: readonly FusedItem[],
  { lenders, share, ceiling }: { lenders: number; share: number; ceiling: number },
): FusedItem[] {
  if (share <= 0 || fused.length === 0) return [...fused];
  const ids = (items: readonly FusedItem[]) => JSON.stringify(items.map((item) => item.id));
  // Most passages link nothing: the lenders' link targets (resolved when indexed) are read first, the rest only if
  // one has some.
  const linking = cachedStatement(
    db,
    "SELECT id, link_targets FROM kb_chunks WHERE id IN (SELECT value FROM json_each(?)) AND link_targets <> '[]'",
  ).all(ids(fused.slice(0, lenders))) as Array<{ id: number; link_targets: string }>;
  if (linking.length === 0) return [...fused];
  // Each note's best passage found, and where it stands.
  const bestOfNote = new Map<string, { id: number; place: number }>();
  fused.forEach((item, place) => {
    const note = byId.get(item.id)?.note;
    if (note !== undefined && !bestOfNote.has(note)) bestOfNote.set(note, { id: item.id, place });
  });

  // lent.get(borrowing passage).get(lending note): the most that note lends it.
  const lent = new Map<number, Map<string, number>>();
  const targetsOf = new Map(linking.map((row) => [row.id, storedLinkTargets(row.link_targets)]));
  fused.slice(0, lenders).forEach((item, place) => {
    const row = byId.get(item.id);
    const targets = targetsOf.get(item.id);
    if (!row || targets === undefined) return;
    const lender = row.note;
    for (const path of targets) {
      const borrower = bestOfNote.get(noteKey(row.collection, path));
      if (!borrower || borrower.place < place) continue;
      const loans = lent.get(borrower.id) ?? new Map<string, number>();
      loans.set(lender, Math.max(loans.get(lender) ?? 0, (share * item.score) / targets.length));
      lent.set(borrower.id, loans);
    }
  });
  if (lent.size === 0) return [...fused];
  const lifted = (item: FusedItem) => {
    const loans = [...(lent.get(item.id)?.values() ?? [])].reduce((sum, loan) => sum + loan, 0);
    return Math.max(item.score, Math.min(ceiling, item.score + loans));
  };
  return fused.map((item) => ({ ...item, score: lifted(item) })).sort(byFusedOrder);
}

/**
 * A named note's chunk outweighs the other two rankings together: first among the named, it comes before a chunk
 * that both put first.
 */
function namedWeight(weights: RankingWeights): number {
  return weights.vector + weights.lexical;
}

/**
 * What a chunk's fused score is divided by to give `score`: the score of a chunk that both the meaning and the
 * words put first. Such a chunk scores 1, and so does the first chunk of a note the question names (capped).
 */
function rankScore(weights: RankingWeights): number {
  return (weights.vector + weights.lexical) / (weights.k + 1);
}

/**
 * The chunks of the notes the question names, among those found (`found`, fused best first, whose order they keep):
 * every word of the note's title, or of one of its aliases, is among the question's words (whatever their case,
 * accents or order). Only chunks already found are looked at: a note named in the question matches its words in
 * its title, which bm25 weighs most.
 */
export function namedChunks(names: PassageNames, questionWords: readonly string[], found: readonly number[]): number[] {
  const isNamed = namedIn(names, questionWords, plainWord, (name) => name.plain);
  return found.filter((id) => names.byId.get(id)?.names.some(isNamed) ?? false);
}

/**
 * A heading names its passage only with this many words longer than KEYWORD_SHORT_LETTERS: "Set up" or "Overview"
 * head passages of many notes and say little, "Set up a custom domain" is what a member asks for.
 */
const KEYWORD_HEADING_WORDS = 2;
const KEYWORD_SHORT_LETTERS = 3;

/**
 * Of `ids`, the passages the question names by their words (UQ2, issue 26): every word of their note's title, of one
 * of its aliases, or of one of their headings (KEYWORD_HEADING_WORDS of them long enough) is in the question, each
 * compared by its stem ("Which file formats are accepted?" names "Accepted file formats"). The question then asks
 * for that very note, whatever its cosine says.
 */
export function keywordMatches(names: PassageNames, questionWords: readonly string[], ids: readonly number[]): number[] {
  const isNamed = namedIn(names, questionWords, stem, stemsOf);
  const hasHeading = (heading: string) => {
    const words = names.fold(heading)?.words ?? [];
    return words.filter((word) => word.length > KEYWORD_SHORT_LETTERS).length >= KEYWORD_HEADING_WORDS && isNamed(heading);
  };
  return ids.filter((id) => {
    const found = names.byId.get(id);
    return found !== undefined && (found.names.some(isNamed) || found.headings.some(hasHeading));
  });
}

/** Whether every word of a name (folded as `fold` folds the question's words) is among the question's. */
function namedIn(
  names: PassageNames,
  questionWords: readonly string[],
  fold: (word: string) => string,
  folded: (name: FoldedName) => readonly string[],
): (name: string) => boolean {
  const asked = new Set(questionWords.map(fold));
  return (name) => {
    const found = names.fold(name);
    return found !== null && folded(found).every((word) => asked.has(word));
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

/** Chunk ids matching an FTS5 query, best bm25 first, a match in each field weighing as `fields` says. */
export function searchLexical(
  db: Database.Database,
  ftsQuery: string,
  count: number,
  fields: RankingWeights['fields'] = RANKING.fields,
): number[] {
  // Column order of kb_chunks_fts: title, aliases, chunk_title, text.
  return cachedStatement(
    db,
    'SELECT rowid FROM kb_chunks_fts WHERE kb_chunks_fts MATCH ? ORDER BY bm25(kb_chunks_fts, ?, ?, ?, ?), rowid LIMIT ?',
    'pluck',
  ).all(ftsQuery, fields.title, fields.aliases, fields.heading, fields.body, count) as number[];
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
 * choosing costs at most one short walk per word, and once per word until kb_chunks changes. With `prefix`, each
 * word stands for every word it begins (the assistant's stems), and is counted so.
 */
export function rarestTerms(db: Database.Database, words: readonly string[], options: { prefix?: boolean } = {}): string[] {
  const known = derivedFromChunks(db, options.prefix ? 'fts-prefix-matches' : 'fts-term-matches', () => new Map<string, number>());
  const count = cachedStatement(db, 'SELECT count(*) FROM (SELECT 1 FROM kb_chunks_fts WHERE kb_chunks_fts MATCH ? LIMIT ?)', 'pluck');
  const matchesOf = (term: string) => {
    const matches = known.get(term) ?? (count.get(ftsAnyOf([term], options), LEXICAL_MATCHES_BUDGET + 1) as number);
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
  const rows = cachedStatement(
    db,
    `SELECT id, path, title, chunk_title AS chunkTitle, text FROM kb_chunks
     WHERE id IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(ids)) as ChunkRow[];
  return new Map(rows.map((row) => [row.id, row]));
}
