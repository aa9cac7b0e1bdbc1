import type Database from 'better-sqlite3';
import { z } from 'zod';
import { GEMINI, ORACLE } from '../../../shared/limits';
import type { GeminiResult } from '../gemini/failure';
import type { Result } from '../../../shared/result';
import type { GeminiGateway } from '../gemini/gateway';
import type { Logger } from '../log/logger';
import { passagesShown } from './listed-passages';
import { queryVector, type QueryVector } from './query-vector';
import { RANKING, retrieve, type RankingWeights } from './retrieve';
import { cosineWithUnit, toUnitVector } from './vector-codec';
import { plainWord, queryWords } from './words';

/**
 * `npm run oracle:eval` and the bench (issue 15): a labelled question set run through the real retrieval, scored
 * by where the note that answers each question comes among the notes found, next to a naive baseline measured in
 * the same run (heading chunks with their note's title prefixed, ranked by cosine alone).
 */

/**
 * `title`: the question names the note's title. `paraphrase`: it shares no word with the note's title or headings
 * but the short ones ("the", "de", "how"), which every sentence needs. `plain`: it is asked in the note's own terms.
 */
export const evalQuestionSchema = z.strictObject({
  lang: z.enum(['en', 'es']),
  kind: z.enum(['title', 'paraphrase', 'plain']),
  /** The note that answers it, relative to the knowledge base folder. */
  note: z.string().min(1),
  question: z.string().min(1),
});
export type EvalQuestion = z.infer<typeof evalQuestionSchema>;

export const evalSetSchema = z.strictObject({
  description: z.string(),
  questions: z.array(evalQuestionSchema).min(1),
});
export type EvalSet = z.infer<typeof evalSetSchema>;

export interface EvalScores {
  /** Share of questions whose note comes first. */
  readonly hit1: number;
  /** Share of questions whose note is among the first 5 notes. */
  readonly hit5: number;
  /** Mean of 1 / the note's place among the notes found (0 when it is not found). */
  readonly mrr: number;
}

export interface EvalMiss {
  readonly question: string;
  readonly note: string;
  /** The notes found, best first. */
  readonly found: readonly string[];
}

export interface EvalReport {
  readonly questions: number;
  readonly ranking: EvalScores;
  /**
   * The same over what the Oracle lists for a first question (UQ2, issue 26): the passages it shows as sources, or
   * an honest answer's hints, under `floor`. A note ranked but not listed is a miss here.
   */
  readonly listed: EvalScores;
  readonly floor: number;
  readonly baseline: EvalScores;
  /** The questions the ranking did not answer with their note first. */
  readonly misses: readonly EvalMiss[];
}

/** A paraphrase may share words this short with its note's title or headings, and no longer one. */
const PARAPHRASE_SHARED_MAX_LETTERS = 3;

/** The distinct notes of a ranked list of chunks, in the order each first appears: what the sources list shows. */
export function notesInOrder(paths: readonly string[]): string[] {
  return [...new Set(paths)];
}

/** hit@1, hit@5 and MRR of `found[i]` (notes, best first) against `expected[i]`. */
export function scoreRankings(expected: readonly string[], found: readonly (readonly string[])[]): EvalScores {
  const places = expected.map((note, index) => (found[index] ?? []).indexOf(note) + 1);
  const share = (test: (place: number) => boolean) => places.filter(test).length / Math.max(1, places.length);
  return {
    hit1: share((place) => place === 1),
    hit5: share((place) => place >= 1 && place <= 5),
    mrr: places.reduce((sum, place) => sum + (place === 0 ? 0 : 1 / place), 0) / Math.max(1, places.length),
  };
}

/**
 * The labels' own promises, which a careless edit of the set would break: a `title` question holds every word of
 * its note's title, a `paraphrase` none of its title's or headings' longer words. The problems found, one a line.
 */
export function checkEvalSet(db: Database.Database, collection: string, set: EvalSet): string[] {
  const headings = db.prepare('SELECT DISTINCT title, chunk_title FROM kb_chunks WHERE collection = ? AND path = ?');
  const words = (text: string) => queryWords(text).map(plainWord);
  return set.questions.flatMap((item) => {
    const rows = headings.all(collection, item.note) as Array<{ title: string; chunk_title: string }>;
    if (rows.length === 0) return [`${item.note}: no such note in the base`];
    const asked = new Set(words(item.question));
    if (item.kind === 'title' && !words(rows[0]!.title).every((word) => asked.has(word))) {
      return [`"${item.question}" does not name the title of ${item.note}`];
    }
    if (item.kind === 'paraphrase') {
      const named = new Set(rows.flatMap((row) => [...words(row.title), ...words(row.chunk_title)]));
      const shared = [...named].filter((word) => word.length >= PARAPHRASE_SHARED_MAX_LETTERS + 1 && asked.has(word));
      if (shared.length > 0) return [`"${item.question}" shares ${shared.join(', ')} with ${item.note}'s title or headings`];
    }
    return [];
  });
}

export interface EvaluateOptions {
  /** A base already indexed and embedded with `model`. */
  readonly db: Database.Database;
  readonly collection: string;
  readonly gateway: Pick<GeminiGateway, 'embed'>;
  readonly model: string;
  readonly set: EvalSet;
  /** The relevance floor for `model` on this base, which decides what is listed. */
  readonly floor: number;
  readonly log: Logger;
  readonly signal?: AbortSignal;
}

/** Everything a run needs once, so that trying several weightings costs only the searches. */
export interface PreparedEvaluation {
  readonly questions: readonly EvalQuestion[];
  /** Each question's vector; null where it could not be embedded (then searched by its words, as the app does). */
  readonly vectors: readonly (QueryVector | null)[];
  readonly baseline: EvalScores;
  /** Runs the set through `retrieve` with `weights`. */
  evaluate(weights?: RankingWeights): EvalReport;
}

/**
 * Embeds the questions (as the Oracle does: queryVector, with its budget) and the baseline's documents, and scores
 * the baseline. A failure to embed the baseline's documents is the gateway's error.
 */
export async function prepareEvaluation(options: EvaluateOptions): Promise<Result<PreparedEvaluation>> {
  const { db, collection, gateway, model, set, floor, log } = options;
  const signal = options.signal ?? new AbortController().signal;
  const vectors: (QueryVector | null)[] = [];
  for (const item of set.questions) {
    const vector = await queryVector({ gateway, text: item.question, model, signal, log });
    if (!vector.ok) return vector;
    vectors.push(vector.value);
  }
  const baselineFound = await baselineRankings(db, collection, gateway, model, vectors, signal);
  if (!baselineFound.ok) return { ok: false, error: baselineFound.error };
  const expected = set.questions.map((item) => item.note);
  const baseline = scoreRankings(expected, baselineFound.value);

  return {
    ok: true,
    value: {
      questions: set.questions,
      vectors,
      baseline,
      evaluate(weights = RANKING) {
        const results = set.questions.map((item, index) => {
          const vector = vectors[index];
          const request = vector
            ? { queryText: item.question, limit: ORACLE.retrievalChunks, queryVector: vector.vector, model: vector.model }
            : { queryText: item.question, limit: ORACLE.retrievalChunks };
          return retrieve(db, request, weights);
        });
        const found = results.map((result) => notesInOrder(result.chunks.map((chunk) => chunk.path)));
        const listed = results.map((result) =>
          notesInOrder(passagesShown(result.chunks, result.mode === 'hybrid' ? floor : null).passages.map((chunk) => chunk.path)),
        );
        const misses = set.questions.flatMap((item, index) =>
          found[index]?.[0] === item.note ? [] : [{ question: item.question, note: item.note, found: found[index] ?? [] }],
        );
        return {
          questions: set.questions.length,
          ranking: scoreRankings(expected, found),
          listed: scoreRankings(expected, listed),
          floor,
          baseline,
          misses,
        };
      },
    },
  };
}

/**
 * The naive baseline: each heading chunk with its note's title prefixed, embedded as a document, and the
 * ORACLE.retrievalChunks closest chunks by cosine alone; the notes they belong to, in order.
 */
async function baselineRankings(
  db: Database.Database,
  collection: string,
  gateway: Pick<GeminiGateway, 'embed'>,
  model: string,
  questions: readonly (QueryVector | null)[],
  signal: AbortSignal,
): Promise<GeminiResult<string[][]>> {
  const rows = db.prepare('SELECT path, title, chunk_title, text FROM kb_chunks WHERE collection = ? ORDER BY id').all(collection) as Array<{
    path: string;
    title: string;
    chunk_title: string;
    text: string;
  }>;
  const embedded = await gateway.embed(
    rows.map((row) => `${row.title}\n${row.chunk_title}\n\n${row.text}`),
    {
      model,
      dimensions: GEMINI.embeddingDimensions,
      taskType: 'RETRIEVAL_DOCUMENT',
      attempts: GEMINI.embeddingAttempts,
      timeoutMs: GEMINI.embeddingTimeoutMs,
      signal,
    },
  );
  if (!embedded.ok) return embedded;
  const documents = embedded.value.map((vector) => toUnitVector(vector));
  return {
    ok: true,
    value: questions.map((question) => {
      if (!question) return [];
      const unit = toUnitVector(question.vector);
      const closest = documents
        .map((vector, index) => ({ index, cosine: cosineWithUnit(unit, vector) }))
        .sort((a, b) => b.cosine - a.cosine || a.index - b.index)
        .slice(0, ORACLE.retrievalChunks);
      return notesInOrder(closest.map(({ index }) => rows[index]!.path));
    }),
  };
}

/**
 * The weightings `tune` tries: fusion's k, each ranking's weight, and the fields' bm25 weights. Small on purpose:
 * with a few dozen questions, a finer grid would fit the set rather than the notes.
 */
export const TUNING_GRID = {
  k: [1, 2, 5, 10, 60],
  vector: [0.5, 1],
  lexical: [1, 1.5, 2],
  title: [1, 3],
  heading: [1, 2, 4],
  links: [0, 0.25, 0.5],
} as const;

/**
 * Every weighting of TUNING_GRID, best first: by MRR, then hit@1, then the weighting closest to equal weights (the
 * least fitted). Aliases weigh as the title, the body 1.
 */
export function tune(prepared: PreparedEvaluation): Array<{ weights: RankingWeights; report: EvalReport }> {
  const results: Array<{ weights: RankingWeights; report: EvalReport; spread: number }> = [];
  for (const k of TUNING_GRID.k)
    for (const vector of TUNING_GRID.vector)
      for (const lexical of TUNING_GRID.lexical)
        for (const title of TUNING_GRID.title)
          for (const heading of TUNING_GRID.heading)
            for (const links of TUNING_GRID.links) {
              const weights: RankingWeights = { k, vector, lexical, links, fields: { title, aliases: title, heading, body: 1 } };
              const spread = Math.abs(Math.log(vector / lexical)) + Math.log(title) + Math.log(heading) + links;
              results.push({ weights, report: prepared.evaluate(weights), spread });
            }
  return results
    .sort((a, b) => b.report.ranking.mrr - a.report.ranking.mrr || b.report.ranking.hit1 - a.report.ranking.hit1 || a.spread - b.spread)
    .map(({ weights, report }) => ({ weights, report }));
}
