import type Database from 'better-sqlite3';
import { z } from 'zod';
import { createNoteLinkResolver, linkedNotePaths } from './resolve-note-link';

/**
 * Issue 26: resolves the [[links]] of `collection`'s chunks into kb_chunks.link_targets, once per index pass rather
 * than at every question. With `all`, every linking chunk (a note added, removed or changed may change where any
 * link leads); otherwise only those not resolved yet (NULL: new chunks, or a base migrated from before). A chunk's
 * own note is left out: no search needs to be told a note links itself.
 */
export function resolveLinkTargets(db: Database.Database, collection: string, { all }: { all: boolean }): void {
  const resolve = createNoteLinkResolver(db);
  const pending = db
    .prepare(
      `SELECT id, path, links FROM kb_chunks
        WHERE collection = ? AND (link_targets IS NULL OR (? AND links <> '[]'))`,
    )
    .all(collection, all ? 1 : 0) as Array<{ id: number; path: string; links: string }>;
  if (pending.length === 0) return;
  // Resolved before the transaction: inside one, the resolver's name index cannot be cached with the connection
  // (chunk-changes.ts) and would be read again for every link, which made a 10k-chunk base take seconds per pass.
  const resolved = pending.map((chunk) => ({
    id: chunk.id,
    targets: JSON.stringify(linkedNotePaths(resolve, collection, chunk.path, chunk.links).filter((path) => path !== chunk.path)),
  }));
  const store = db.prepare('UPDATE kb_chunks SET link_targets = ? WHERE id = ?');
  db.transaction(() => {
    for (const chunk of resolved) store.run(chunk.targets, chunk.id);
  })();
}

// What resolveLinkTargets writes; anything else (or NULL, not resolved yet) reads as no links rather than failing.
const storedTargetsSchema = z.array(z.string()).catch([]);

/** The paths a chunk's stored link_targets hold, in the order its links were written. */
export function storedLinkTargets(linkTargets: string | null): string[] {
  if (linkTargets === null) return [];
  try {
    return storedTargetsSchema.parse(JSON.parse(linkTargets));
  } catch {
    return [];
  }
}
