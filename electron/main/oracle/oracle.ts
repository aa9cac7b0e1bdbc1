import type Database from 'better-sqlite3';
import type { Lang } from '../../../shared/lang';
import { ORACLE } from '../../../shared/limits';
import {
  floorFor,
  HONEST_ANSWER,
  SOURCES_ONLY_ANSWER,
  sourcesByNote,
  type AnswerKind,
  type CorpusGaps,
  type OracleAnswer,
  type OracleAskInput,
  type OracleSource,
  type OracleTurn,
} from '../../../shared/oracle';
import { ok, type Result } from '../../../shared/result';
import type { Settings } from '../../../shared/settings';
import { failureError } from '../gemini/failure';
import type { GeminiGateway } from '../gemini/gateway';
import { clearsFloor, passagesShown, passageSource } from '../knowledge/listed-passages';
import { queryVector, type QueryVector } from '../knowledge/query-vector';
import { retrieve, type RetrievedChunk, type RetrieveResult } from '../knowledge/retrieve';
import type { Logger } from '../log/logger';
import { LANGUAGE_NAMES_IN_ENGLISH } from '../prompt/language-names';
import { ORACLE_BUDGET } from '../rate-limit/ai-budgets';
import type { AiChannelLimiter } from '../rate-limit/ai-channel-limiter';
import { linkedChunks } from './linked-notes';
import { createOracleQueries } from './oracle-queries';
import { synthesizeAnswer } from './synthesize-answer';

export interface OracleDeps {
  db: Database.Database;
  gateway: GeminiGateway;
  /** Read at every question: models.oracle, models.embedding and knowledgeBase.floors as they are now. */
  settings: () => Settings;
  hasGeminiKey: () => Promise<boolean>;
  /** The AI channel's one limiter (G9): a question asked with a key counts against ORACLE_BUDGET. */
  limiter: AiChannelLimiter<typeof ORACLE_BUDGET>;
  /** The member's language: the answer, the honest answer and the no-key answer are written in it. */
  lang: () => Lang;
  /** Epoch milliseconds: `duration_ms`, and when the telemetry row was written. */
  now: () => number;
  log: Logger;
  /** The question embedding's budget (see queryVector): AbortSignal.timeout unless a test moves its own clock. */
  deadline?: (ms: number) => AbortSignal;
}

export interface Oracle {
  ask(input: OracleAskInput, ctx: { member: string; signal: AbortSignal }): Promise<Result<OracleAnswer>>;
  /** The member's own recent questions the base answered poorly, and the daily picture (O8). */
  gaps(member: string): CorpusGaps;
}

interface Composed {
  readonly answer: string;
  readonly sources: OracleSource[];
  /** Chunks given to the model, linked ones included; 0 when no model was asked. */
  readonly chunksUsed: number;
  readonly kind: AnswerKind;
}

interface Question {
  readonly question: string;
  readonly history: readonly OracleTurn[];
  readonly queryText: string;
  readonly query: QueryVector | null;
  readonly found: RetrieveResult;
  readonly keyed: boolean;
  readonly settings: Settings;
  readonly lang: Lang;
  readonly signal: AbortSignal;
}

/**
 * The oracle (seeds 001, O1 to O9): the question is searched over the whole knowledge base, hybrid when
 * it can be embedded and by its words otherwise; a question with nothing clear in the notes gets the honest answer without any model
 * call, a question without a key gets the matching notes, and anything else an answer written from the chunks
 * (and the notes they link). Every answered question leaves a telemetry row.
 */
export function createOracle(deps: OracleDeps): Oracle {
  const { db, log } = deps;
  const queries = createOracleQueries({ db, log });

  async function compose(q: Question): Promise<Result<Composed>> {
    const { found, settings } = q;
    // O4, O9: the floor holds cosines; keyword search (lexical mode) measures none, so it lists whatever it found.
    const floor = found.mode === 'hybrid' ? floorFor(settings.knowledgeBase.floors, settings.models.embedding).value : null;
    const shown = passagesShown(found.chunks, floor);
    // O4, and issue 26 for a follow-up too: nothing clear and nothing named is "nothing clear", never an answer
    // written from passages no member would call sources.
    if (shown.kind === 'hints') {
      const hints = shown.passages.map((chunk) => passageSource(chunk, floor));
      return ok({ answer: HONEST_ANSWER[q.lang], sources: listed(hints), chunksUsed: 0, kind: 'honest' });
    }
    const listedFound = shown.passages;
    if (!q.keyed) {
      const sources = listedFound.map((chunk) => passageSource(chunk, floor));
      return ok({ answer: SOURCES_ONLY_ANSWER[q.lang], sources: listed(sources), chunksUsed: 0, kind: 'sources_only' });
    }
    const linked = linkedChunks(db, { retrieved: found.chunks, queryText: q.queryText, query: q.query, max: ORACLE.maxLinkedChunks });
    const context = [...found.chunks.map((chunk) => ({ chunk, linked: false })), ...linked.map((chunk) => ({ chunk, linked: true }))];
    const answer = await synthesizeAnswer({
      gateway: deps.gateway,
      model: settings.models.oracle,
      languageName: LANGUAGE_NAMES_IN_ENGLISH[q.lang],
      chunks: context.map(({ chunk, linked }) => ({ ...chunk, linked })),
      history: q.history,
      question: q.question,
      signal: q.signal,
    });
    if (!answer.ok) return { ok: false, error: answer.error };
    // The model read every passage; the member is shown those listed (see listedPassages), and the linked notes
    // whose own cosine clears the floor.
    const sources = [
      ...listedFound.map((chunk) => passageSource(chunk, floor)),
      ...linked.filter((chunk) => clearsFloor(chunk, floor)).map((chunk) => passageSource(chunk, floor, true)),
    ];
    return ok({ answer: answer.value, sources: listed(sources), chunksUsed: context.length, kind: 'answer' });
  }

  return {
    async ask(input, ctx) {
      const started = deps.now();
      const settings = deps.settings();
      const model = settings.models.oracle;
      const history = input.history.slice(-ORACLE.historyMaxMessages);
      const queryText = retrievalText(input.question, history);
      const keyed = await deps.hasGeminiKey();
      // G9: with a key, the question's embedding goes upstream whatever comes after, the honest answer's "nothing
      // clear" included, so the question counts once here, before it; without one no model is called.
      if (keyed) {
        const admitted = deps.limiter.admit(ORACLE_BUDGET, ctx.member);
        if (!admitted.ok) {
          log.info('oracle question refused: rate limit', { retryAfterMs: admitted.error.retryAfterMs });
          return admitted;
        }
      }
      const vector = keyed
        ? await queryVector({
            gateway: deps.gateway,
            text: queryText,
            model: settings.models.embedding,
            signal: ctx.signal,
            log,
            ...(deps.deadline ? { deadline: deps.deadline } : {}),
          })
        : ok(null);
      if (!vector.ok) return vector;
      const query = vector.value;
      const found = retrieve(
        db,
        query
          ? { queryText, keywordText: input.question, limit: ORACLE.retrievalChunks, queryVector: query.vector, model: query.model }
          : { queryText, keywordText: input.question, limit: ORACLE.retrievalChunks },
      );
      const topRelevance = bestRelevance(found.chunks);
      const lang = deps.lang();
      const composed = await compose({
        question: input.question,
        history,
        queryText,
        query,
        found,
        keyed,
        settings,
        lang,
        signal: ctx.signal,
      });
      if (!composed.ok) {
        log.warn('oracle question failed', { code: composed.error.code, reason: composed.error.reason, mode: found.mode });
        return composed;
      }
      // A question the member cancelled is not answered, whatever was ready: no answer, no telemetry row.
      if (ctx.signal.aborted) return { ok: false, error: failureError({ kind: 'cancelled' }, model) };

      const { answer, sources, chunksUsed, kind } = composed.value;
      const durationMs = Math.max(0, Math.round(deps.now() - started));
      queries.record({ owner: ctx.member, question: input.question, sourcesCount: sources.length, topRelevance, durationMs, at: deps.now() });
      log.info('oracle answered', { kind, mode: found.mode, sources: sources.length, chunksUsed, topRelevance, durationMs });
      return ok({ answer, sources, model, chunks_used: chunksUsed, duration_ms: durationMs, mode: found.mode, kind });
    },

    gaps(member) {
      const settings = deps.settings();
      return queries.gaps(member, floorFor(settings.knowledgeBase.floors, settings.models.embedding), deps.now());
    },
  };
}

/** O3: a follow-up ("what is it for?") is searched with the member's last turn before it, so it keeps its topic. */
function retrievalText(question: string, history: readonly OracleTurn[]): string {
  const lastUserTurn = history.findLast((turn) => turn.role === 'user');
  return lastUserTurn ? `${lastUserTurn.content}\n${question}` : question;
}

/** The best cosine among the retrieved chunks (fusion ranks them by more than cosine); null without any. */
function bestRelevance(chunks: readonly RetrievedChunk[]): number | null {
  const cosines = chunks.flatMap((chunk) => (chunk.relevance === null ? [] : [chunk.relevance]));
  return cosines.length === 0 ? null : Math.max(...cosines);
}

/** Sources in the order shown: the ranking's, each note's passages together under its first. */
function listed(sources: readonly OracleSource[]): OracleSource[] {
  return sourcesByNote(sources).flat();
}
