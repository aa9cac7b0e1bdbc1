import { ORACLE } from '../../../shared/limits';
import type { OracleSource } from '../../../shared/oracle';
import type { RetrievedChunk } from './retrieve';

type Measured = Pick<RetrievedChunk, 'relevance' | 'keyword'>;

/** Whether a passage's cosine clears the floor; a floor of null (keyword search) measures nothing and lets all through. */
export function clearsFloor(chunk: Pick<RetrievedChunk, 'relevance'>, floor: number | null): boolean {
  return floor === null || (chunk.relevance !== null && chunk.relevance >= floor);
}

/**
 * The passages found (best ranked first) that are listed as sources (O5, issue 26): each whose cosine clears the
 * floor; each the question names by its words (a keyword match, whatever its cosine); and, shown as weak, any the
 * ranking put ahead of the first that clears the floor, since the ranking (meaning, words, names and links
 * together) judges a passage better than its cosine alone. Empty when nothing clears the floor and nothing is
 * named: the notes have nothing clear on the question (O4). With a floor of null (keyword search) all are listed.
 */
export function listedPassages<C extends Measured>(chunks: readonly C[], floor: number | null): C[] {
  const firstClear = chunks.findIndex((chunk) => clearsFloor(chunk, floor));
  if (firstClear < 0) return chunks.filter((chunk) => chunk.keyword === true);
  return chunks.filter((chunk, place) => place < firstClear || clearsFloor(chunk, floor) || chunk.keyword === true);
}

/**
 * What a question shows under its answer (O4, O5): the passages listed, or, when none is, the honest answer's first
 * ORACLE.honestAnswerHints passages found as hints, every one of them weak.
 */
export function passagesShown<C extends Measured>(chunks: readonly C[], floor: number | null): { kind: 'listed' | 'hints'; passages: C[] } {
  const listed = listedPassages(chunks, floor);
  return listed.length > 0 ? { kind: 'listed', passages: listed } : { kind: 'hints', passages: chunks.slice(0, ORACLE.honestAnswerHints) };
}

/**
 * A passage as the member is shown it: its cosine as its relevance (the one measure the floor and Corpus gaps use),
 * `weak` when it is under the floor, and `keyword` too when it is listed, weak, because the question names it.
 */
export function passageSource(
  chunk: Pick<RetrievedChunk, 'title' | 'path' | 'chunkTitle'> & Measured,
  floor: number | null,
  linked = false,
): OracleSource {
  const { title, path, chunkTitle, relevance } = chunk;
  return {
    title,
    path,
    chunkTitle,
    relevance,
    // Only a weak passage needs saying why it is listed; a named one that clears the floor is a source like any.
    ...(clearsFloor(chunk, floor) ? {} : { weak: true, ...(chunk.keyword ? { keyword: true } : {}) }),
    ...(linked ? { linked: true } : {}),
  };
}
