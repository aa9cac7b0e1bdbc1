/**
 * Test-only: a pass stored through the digest store's own insert, so a test's row has exactly the shape a real
 * pass writes (the items as the payload, the times in ISO 8601).
 */
import type Database from 'better-sqlite3';
import type { Digest } from '../../../shared/digest';
import { createDigestStore } from '../../../electron/main/digest/digest-store';

/** The fields not given default to an empty pass stored at `created_at` (by default 12 August 2026, 06:00 UTC). */
export function saveDigest(db: Database.Database, owner: string, fields: Partial<Digest> = {}): Digest {
  const createdAt = fields.created_at ?? '2026-08-12T06:00:00.000Z';
  const digest: Digest = {
    generated_at: createdAt,
    resumen: 'No new mail since the last pass.',
    ruido_count: 0,
    items: [],
    ...fields,
    created_at: createdAt,
  };
  createDigestStore(db).save(owner, digest);
  return digest;
}
