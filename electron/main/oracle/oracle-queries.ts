import type Database from 'better-sqlite3';
import { ORACLE } from '../../../shared/limits';
import type { CorpusGaps, Floor } from '../../../shared/oracle';
import type { Logger } from '../log/logger';

/** One answered question, as O8 records it. */
export interface AnsweredQuestion {
  readonly owner: string;
  readonly question: string;
  readonly sourcesCount: number;
  /** The best cosine among the retrieved chunks; null when nothing was retrieved or there were no vectors. */
  readonly topRelevance: number | null;
  readonly durationMs: number;
  /** Epoch milliseconds. */
  readonly at: number;
}

type GapRow = { question: string; topRelevance: number | null; sourcesCount: number; createdAt: string };

/**
 * `oraculo_queries`: one row per answered question (O8), and the corpus-gap view built from them. Telemetry is
 * best effort both ways: a table that cannot be written never fails an answer, one that cannot be read gives
 * an empty view, and the log says which.
 */
export function createOracleQueries(deps: { db: Database.Database; log: Logger }) {
  const { db, log } = deps;

  function bestEffort<T>(what: string, run: () => T, otherwise: () => T): T {
    try {
      return run();
    } catch (error) {
      log.warn(`oracle telemetry: could not ${what}`, { error: error instanceof Error ? error.message : String(error) });
      return otherwise();
    }
  }

  return {
    record(row: AnsweredQuestion): void {
      bestEffort(
        'record the question',
        () => {
          db.prepare(
            `INSERT INTO oraculo_queries (owner, question, sources_count, top_relevance, duration_ms, mode, created_at)
             VALUES (?, ?, ?, ?, ?, 'oracle', ?)`,
          ).run(
            row.owner,
            row.question,
            row.sourcesCount,
            // A cosine computed in floats can land a hair outside [-1, 1], which the column's CHECK refuses.
            row.topRelevance === null ? null : Math.min(1, Math.max(-1, row.topRelevance)),
            Math.max(0, Math.round(row.durationMs)),
            new Date(row.at).toISOString(),
          );
        },
        () => undefined,
      );
    },

    /**
     * The member's own questions only: the latest ones under the floor (or with no cosine at all), and per
     * day of the member's calendar over the last days, how many were asked, their mean top relevance and how
     * many of them the list would show.
     */
    gaps(owner: string, floor: Floor, nowMs: number): CorpusGaps {
      const days = calendarDays(nowMs, ORACLE.gapsChartDays);
      const empty = (): CorpusGaps => ({
        floor,
        questions: [],
        days: days.map((day) => ({ day: day.label, questions: 0, meanTopRelevance: null, belowFloor: 0 })),
      });
      return bestEffort('read the corpus gaps', () => readGaps(db, owner, floor, days), empty);
    },
  };
}

interface CalendarDay {
  readonly label: string;
  readonly start: number;
}

function readGaps(db: Database.Database, owner: string, floor: Floor, days: readonly CalendarDay[]): CorpusGaps {
  const questions = db
    .prepare(
      `SELECT question, top_relevance AS topRelevance, sources_count AS sourcesCount, created_at AS createdAt
         FROM oraculo_queries
        WHERE owner = ? AND (top_relevance IS NULL OR top_relevance < ?)
        ORDER BY created_at DESC, id DESC LIMIT ?`,
    )
    .all(owner, floor.value, ORACLE.gapsListMax) as GapRow[];
  const since = new Date(days[0]?.start ?? 0).toISOString();
  const recent = db
    .prepare('SELECT top_relevance AS topRelevance, created_at AS createdAt FROM oraculo_queries WHERE owner = ? AND created_at >= ?')
    .all(owner, since) as Array<Pick<GapRow, 'topRelevance' | 'createdAt'>>;

  const tallies = new Map(days.map((day) => [day.label, { questions: 0, relevanceSum: 0, withRelevance: 0, belowFloor: 0 }]));
  for (const row of recent) {
    const tally = tallies.get(dayLabel(new Date(row.createdAt)));
    if (!tally) continue;
    tally.questions += 1;
    if (row.topRelevance !== null) {
      tally.relevanceSum += row.topRelevance;
      tally.withRelevance += 1;
    }
    if (row.topRelevance === null || row.topRelevance < floor.value) tally.belowFloor += 1;
  }
  return {
    floor,
    questions,
    days: days.map((day) => {
      const tally = tallies.get(day.label)!;
      return {
        day: day.label,
        questions: tally.questions,
        meanTopRelevance: tally.withRelevance === 0 ? null : tally.relevanceSum / tally.withRelevance,
        belowFloor: tally.belowFloor,
      };
    }),
  };
}

/** The last `count` days of the local calendar, today included, oldest first; a day may last 23 or 25 hours. */
function calendarDays(nowMs: number, count: number): CalendarDay[] {
  const today = new Date(nowMs);
  return Array.from({ length: count }, (_, index) => {
    const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (count - 1 - index));
    return { label: dayLabel(start), start: start.getTime() };
  });
}

function dayLabel(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
