import type Database from 'better-sqlite3';
import { ftsAnyOf, loadChunks, type RetrievedChunk } from '../knowledge/retrieve';
import { queryWords } from '../knowledge/words';
import { cosineWithUnit, decodeVector, toUnitVector } from '../knowledge/vector-codec';
import { storedLinkTargets } from '../knowledge/link-targets';
import { noteKey } from '../knowledge/resolve-note-link';

export interface LinkedNotesRequest {
  /** The retrieved chunks, best first: their links are followed in this order. */
  readonly retrieved: readonly RetrievedChunk[];
  readonly queryText: string;
  /** The question's vector and the model that made it; null in lexical mode. */
  readonly query: { readonly vector: Float32Array; readonly model: string } | null;
  /** At most this many chunks join, however many notes the retrieved chunks link. */
  readonly max: number;
}

interface LinkingChunk {
  readonly id: number;
  readonly collection: string;
  readonly path: string;
  /** kb_chunks.link_targets: the notes its links lead to, resolved when indexed. */
  readonly link_targets: string | null;
}

/**
 * Issue 6: notes that the retrieved chunks link with `[[...]]` and that are not in the context yet, each
 * represented by its one chunk closest to the question. Links are taken from the best-ranked chunks first and
 * the total is capped, so a hub note linking dozens of notes adds no more than `max`.
 */
export function linkedChunks(db: Database.Database, request: LinkedNotesRequest): RetrievedChunk[] {
  if (request.max <= 0 || request.retrieved.length === 0) return [];
  const linking = readLinkingChunks(db, request.retrieved.map((chunk) => chunk.id));
  const inContext = new Set([...linking.values()].map((chunk) => noteKey(chunk.collection, chunk.path)));
  const pick = createBestChunkPicker(db, request);
  const joined: RetrievedChunk[] = [];
  for (const retrieved of request.retrieved) {
    const chunk = linking.get(retrieved.id);
    if (!chunk) continue;
    for (const target of storedLinkTargets(chunk.link_targets)) {
      if (inContext.has(noteKey(chunk.collection, target))) continue;
      inContext.add(noteKey(chunk.collection, target));
      const best = pick(chunk.collection, target);
      if (best) joined.push(best);
      if (joined.length >= request.max) return joined;
    }
  }
  return joined;
}

function readLinkingChunks(db: Database.Database, ids: readonly number[]): Map<number, LinkingChunk> {
  const rows = db
    .prepare('SELECT id, collection, path, link_targets FROM kb_chunks WHERE id IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify(ids)) as LinkingChunk[];
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The chunk of a note that best fits the question: the highest cosine when the question has a vector and the
 * note's chunks have one of the same model, else the best bm25 for the question's words, else the first.
 */
function createBestChunkPicker(db: Database.Database, request: LinkedNotesRequest) {
  const unitQuery = request.query ? toUnitVector(request.query.vector) : null;
  const ftsQuery = ftsAnyOf(queryWords(request.queryText));
  const vectors = db.prepare(
    'SELECT id, embedding FROM kb_chunks WHERE collection = ? AND path = ? AND embedding_model = ? AND dims = ? ORDER BY id',
  );
  const bestLexical = db
    .prepare(
      `SELECT rowid FROM kb_chunks_fts
        WHERE kb_chunks_fts MATCH ? AND rowid IN (SELECT id FROM kb_chunks WHERE collection = ? AND path = ?)
        ORDER BY bm25(kb_chunks_fts), rowid LIMIT 1`,
    )
    .pluck();
  const first = db.prepare('SELECT id FROM kb_chunks WHERE collection = ? AND path = ? ORDER BY id LIMIT 1').pluck();

  const closestByVector = (collection: string, path: string): { id: number; cosine: number } | null => {
    if (!request.query || !unitQuery) return null;
    let best: { id: number; cosine: number } | null = null;
    const rows = vectors.all(collection, path, request.query.model, unitQuery.length) as Array<{ id: number; embedding: Buffer }>;
    for (const row of rows) {
      const cosine = cosineWithUnit(unitQuery, decodeVector(row.embedding));
      if (!best || cosine > best.cosine) best = { id: row.id, cosine };
    }
    return best;
  };

  return (collection: string, path: string): RetrievedChunk | null => {
    const byVector = closestByVector(collection, path);
    const id =
      byVector?.id ??
      ((ftsQuery === null ? undefined : bestLexical.get(ftsQuery, collection, path)) as number | undefined) ??
      (first.get(collection, path) as number | undefined);
    if (id === undefined) return null;
    const row = loadChunks(db, [id]).get(id);
    return row ? { ...row, relevance: byVector?.cosine ?? null } : null;
  };
}

