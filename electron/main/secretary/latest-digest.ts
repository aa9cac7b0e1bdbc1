import type Database from 'better-sqlite3';
import type { Logger } from '../log/logger';

/** S7: the member's latest F0 pass, the secretary's main context. */
export type DigestContext =
  | { kind: 'digest'; generatedAt: string; resumen: string; ruidoCount: number; payload: string }
  | { kind: 'none' }
  /** The table could not be read: the question still goes ahead, and the prompt says why there is no digest. */
  | { kind: 'unavailable' };

interface DigestRow {
  generated_at: string;
  resumen: string;
  ruido_count: number;
  payload: string;
}

export function readLatestDigest(db: Database.Database, owner: string, log: Logger): DigestContext {
  try {
    const row = db
      .prepare<[string], DigestRow>(
        `SELECT generated_at, resumen, ruido_count, payload
           FROM correo_digests
          WHERE owner = ?
          ORDER BY created_at DESC, id DESC
          LIMIT 1`,
      )
      .get(owner);
    if (!row) return { kind: 'none' };
    return {
      kind: 'digest',
      generatedAt: row.generated_at,
      resumen: row.resumen,
      ruidoCount: row.ruido_count,
      payload: row.payload,
    };
  } catch (error) {
    log.warn('secretary: could not read the latest digest', { error: error instanceof Error ? error.message : String(error) });
    return { kind: 'unavailable' };
  }
}
