import type Database from 'better-sqlite3';
import { SECRETARY } from '../../../shared/limits';
import { err, ok, type Result } from '../../../shared/result';
import type { Logger } from '../log/logger';

const MINUTE_MS = 60_000;
const SECOND_MS = 1000;

/** A question let through: its telemetry row is finished when the question ends, however it ends. */
export interface AdmittedQuestion {
  finish(outcome: { toolRounds: number; durationMs: number }): void;
}

/**
 * `correo_chat_queries`: the per-member rate limit (S9) and the telemetry row of each question (S11).
 *
 * The row is written when the question is admitted and completed when it ends, so that questions still running
 * count against the limit too. The table is telemetry, best effort: when it cannot be read or written the
 * question goes ahead (a broken telemetry table must not lock members out of their mailbox) and the log says so.
 */
export function createChatQueries(deps: { db: Database.Database; log: Logger }) {
  const { db, log } = deps;

  function bestEffort<T>(what: string, run: () => T, otherwise: T): T {
    try {
      return run();
    } catch (error) {
      log.warn(`secretary telemetry: could not ${what}`, { error: error instanceof Error ? error.message : String(error) });
      return otherwise;
    }
  }

  function count(owner: string, question: string, nowMs: number): Result<RowId | null> {
    const since = new Date(nowMs - MINUTE_MS).toISOString();
    const recent = db
      .prepare<[string, string], { created_at: string }>(
        'SELECT created_at FROM correo_chat_queries WHERE owner = ? AND created_at > ? ORDER BY created_at',
      )
      .all(owner, since);
    const over = recent.length - SECRETARY.rateLimitPerMinute;
    // A slot frees when enough of the counted questions have left the window.
    if (over >= 0) return rateLimited(Date.parse(recent[over]!.created_at) + MINUTE_MS - nowMs);
    const inserted = db
      .prepare<[string, string, string]>(
        'INSERT INTO correo_chat_queries (owner, question, tool_rounds, duration_ms, created_at) VALUES (?, ?, 0, 0, ?)',
      )
      .run(owner, question, new Date(nowMs).toISOString());
    return ok(inserted.lastInsertRowid);
  }

  return {
    /** RATE_LIMITED (and not counted) when this member already asked the limit in the last minute; else counted. */
    admit(owner: string, question: string, nowMs: number): Result<AdmittedQuestion> {
      const counted = bestEffort('count the question', () => count(owner, question, nowMs), ok(null));
      if (!counted.ok) return counted;
      const rowId = counted.value;
      return ok({
        finish({ toolRounds, durationMs }) {
          if (rowId === null) return;
          const record = () => {
            db.prepare<[number, number, RowId]>('UPDATE correo_chat_queries SET tool_rounds = ?, duration_ms = ? WHERE id = ?').run(
              toolRounds,
              Math.max(0, Math.round(durationMs)),
              rowId,
            );
          };
          bestEffort('record the question', record, undefined);
        },
      });
    },
  };
}

type RowId = number | bigint;

function rateLimited(waitMs: number): Result<never> {
  const retryAfterMs = Math.max(SECOND_MS, Math.ceil(waitMs));
  const seconds = Math.ceil(retryAfterMs / SECOND_MS);
  return err(
    'RATE_LIMITED',
    `You have asked the secretary ${SECRETARY.rateLimitPerMinute} questions in the last minute. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    { retryAfterMs, reason: 'rate_limit' },
  );
}
