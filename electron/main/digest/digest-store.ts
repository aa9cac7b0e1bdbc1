import type Database from 'better-sqlite3';
import { z } from 'zod';
import { digestItemSchema, type Digest, type DigestItem } from '../../../shared/digest';

interface DigestRow {
  generated_at: string;
  resumen: string;
  ruido_count: number;
  payload: string;
  created_at: string;
}

/** An item the member dismissed: its message, and when Zoho received it when that was known. */
export interface Dismissal {
  messageId: string;
  date: string | null;
}

/**
 * The member's passes in `correo_digests` and their dismissed items in `correo_digest_dismissed`, the one place that
 * reads and writes them (the digest service and the secretary's S7 context both go through it). Every statement
 * filters by owner, the verified email.
 */
export interface DigestStore {
  /** When the member's newest pass looked at the mailbox (epoch ms), or null before their first. */
  lastPassAt(owner: string): number | null;
  /**
   * The member's latest pass, as the secretary reads it (S7: newest by created_at, then id), without the items the
   * member dismissed since it was stored.
   */
  latest(owner: string): Digest | null;
  /**
   * One row, and the dismissals a pass found handled forgotten, in one transaction: all of it or none. Throws
   * what SQLite throws (a full disk).
   */
  save(owner: string, digest: Digest, handledDismissals?: readonly string[]): void;
  dismiss(owner: string, dismissal: Dismissal, at: string): void;
  /** Forgets a dismissal: the item shows again wherever a stored pass holds it. */
  undismiss(owner: string, messageId: string): void;
  dismissals(owner: string): Dismissal[];
}

const itemsSchema = z.array(digestItemSchema);

/**
 * Statements are prepared at first use, so a database that cannot be read (closed, corrupt) throws from the call,
 * where the caller decides what that means, rather than from the construction of whatever holds the store.
 */
export function createDigestStore(db: Database.Database): DigestStore {
  const selectLastPass = preparedOnce(() =>
    db.prepare<[string], string>(
      `SELECT generated_at FROM correo_digests WHERE owner = ? ORDER BY generated_at DESC LIMIT 1`,
    ).pluck(),
  );
  const selectLatest = preparedOnce(() =>
    db.prepare<[string], DigestRow>(
      `SELECT generated_at, resumen, ruido_count, payload, created_at
         FROM correo_digests
        WHERE owner = ?
        ORDER BY created_at DESC, id DESC
        LIMIT 1`,
    ),
  );
  const insert = preparedOnce(() =>
    db.prepare<[string, string, string, number, string, string]>(
      `INSERT INTO correo_digests (owner, generated_at, resumen, ruido_count, payload, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
  );
  const selectDismissals = preparedOnce(() =>
    db.prepare<[string], { messageId: string; date: string | null }>(
      `SELECT message_id AS messageId, message_date AS date FROM correo_digest_dismissed WHERE owner = ?`,
    ),
  );
  const insertDismissal = preparedOnce(() =>
    db.prepare<[string, string, string | null, string]>(
      `INSERT OR IGNORE INTO correo_digest_dismissed (owner, message_id, message_date, dismissed_at) VALUES (?, ?, ?, ?)`,
    ),
  );
  const deleteDismissal = preparedOnce(() =>
    db.prepare<[string, string]>(`DELETE FROM correo_digest_dismissed WHERE owner = ? AND message_id = ?`),
  );
  const saveAll = preparedOnce(() =>
    db.transaction((owner: string, digest: Digest, handled: readonly string[]) => {
      const payload = JSON.stringify(digest.items);
      insert().run(owner, digest.generated_at, digest.resumen, digest.ruido_count, payload, digest.created_at);
      for (const messageId of handled) deleteDismissal().run(owner, messageId);
    }),
  );

  return {
    lastPassAt(owner) {
      const generatedAt = selectLastPass().get(owner);
      const at = generatedAt === undefined ? Number.NaN : Date.parse(generatedAt);
      return Number.isNaN(at) ? null : at;
    },
    latest(owner) {
      const row = selectLatest().get(owner);
      if (!row) return null;
      const dismissed = new Set(selectDismissals().all(owner).map((dismissal) => dismissal.messageId));
      return {
        generated_at: row.generated_at,
        resumen: row.resumen,
        ruido_count: row.ruido_count,
        items: readItems(row.payload).filter((item) => !dismissed.has(item.messageId)),
        created_at: row.created_at,
      };
    },
    save(owner, digest, handledDismissals = []) {
      saveAll()(owner, digest, handledDismissals);
    },
    dismiss(owner, dismissal, at) {
      insertDismissal().run(owner, dismissal.messageId, dismissal.date, at);
    },
    undismiss(owner, messageId) {
      deleteDismissal().run(owner, messageId);
    },
    dismissals: (owner) => selectDismissals().all(owner),
  };
}

function preparedOnce<T>(prepare: () => T): () => T {
  let statement: T | undefined;
  return () => (statement ??= prepare());
}

/** A payload this version cannot read (written by another one, or by hand) still shows its summary. */
function readItems(payload: string): DigestItem[] {
  try {
    const items = itemsSchema.safeParse(JSON.parse(payload));
    return items.success ? items.data : [];
  } catch {
    return [];
  }
}
