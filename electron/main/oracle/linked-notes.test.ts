import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { GEMINI, ORACLE } from '../../../shared/limits';
import { jsonReply } from '../../../test/doubles/gemini-double';
import { useGeminiDouble } from '../../../test/support/gateway-test-kit';
import { createOracleKit, EMBEDDING_MODEL, generateBody, type Notes } from '../../../test/support/oracle/oracle-kit';
import { LINKED_NOTES, VPN_QUESTION } from '../../../test/support/oracle/test-notes';
import { embedQuery } from '../knowledge/embed-chunks';
import { loadChunks, type RetrievedChunk } from '../knowledge/retrieve';
import { linkedChunks } from './linked-notes';

const gemini = useGeminiDouble();

/** The chunks of `path` as retrieval would hand them over, in the order given. */
function chunksOf(db: Database.Database, ...paths: string[]): RetrievedChunk[] {
  return paths.flatMap((path) => {
    const ids = db.prepare('SELECT id FROM kb_chunks WHERE path = ? ORDER BY id').pluck().all(path) as number[];
    const rows = loadChunks(db, ids);
    return ids.map((id) => ({ ...rows.get(id)!, relevance: null, score: null }));
  });
}

const topics = Array.from({ length: 40 }, (_, index) => `topic-${String(index).padStart(2, '0')}`);
const HUB_NOTES: Notes = {
  'hub.md': `# Hub\n\nEverything: ${topics.map((topic) => `[[${topic}]]`).join(', ')}.\n`,
  'side.md': '# Side\n\nSee [[extra]] and [[missing-note]].\n',
  'extra.md': '# Extra\n\nThe extra note.\n',
  ...Object.fromEntries(topics.map((topic) => [`${topic}.md`, `# ${topic}\n\nAbout ${topic}.\n`])),
};

describe('linked notes join the context, bounded', () => {
  it('linked notes: the notes a retrieved chunk links join after the 8 retrieved ones, marked linked and counted', async () => {
    const kit = await createOracleKit(gemini.double, { notes: LINKED_NOTES, floors: { [EMBEDDING_MODEL]: -1 } });
    gemini.double.script('generateContent', jsonReply({ answer: 'Open a request; print from home once approved.' }));
    const result = await kit.ask(VPN_QUESTION);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // Under a floor that every passage clears, all are listed: the retrieved ones and the two linked notes.
    const [retrieved, linked] = [result.value.sources.filter((source) => !source.linked), result.value.sources.filter((source) => source.linked)];
    expect(retrieved).toHaveLength(ORACLE.retrievalChunks);
    // The printer's passage that shares the question's words is retrieved, lent a place by the guide that links it.
    expect(retrieved.filter((source) => source.path !== 'it/vpn-guide.md')).toEqual([
      expect.objectContaining({ path: 'it/network-printer.md', chunkTitle: 'Network printer > Printing from home' }),
    ]);
    // Notes no search found join through the guide's links, each once; the guide and the printer are in already.
    // Each shows its cosine (none of the question's words): the floor of -1 is what lets them be listed.
    expect(linked).toEqual([
      { title: 'Office Wi-Fi', path: 'it/wifi.md', chunkTitle: 'Office Wi-Fi', relevance: 0, linked: true },
      { title: 'Badge', path: 'it/badge.md', chunkTitle: 'Badge', relevance: 0, linked: true },
    ]);
    expect(result.value.chunks_used).toBe(ORACLE.retrievalChunks + ORACLE.maxLinkedChunks);

    const prompt = generateBody(kit.generateRequests()[0]!).turns.at(-1)!.text;
    expect(prompt).toContain('Excerpt 9 (from a note that an excerpt above links to)\nTitle: Office Wi-Fi\nHeading: Office Wi-Fi\nPath: it/wifi.md');
    expect(prompt).toContain('Reception hands out door badges on your first day.');
  });

  it('linked notes: an honest answer and a no-key answer point to the retrieved chunks only', async () => {
    const kit = await createOracleKit(gemini.double, { notes: LINKED_NOTES, key: false });
    const result = await kit.ask(VPN_QUESTION);
    expect(result).toMatchObject({ ok: true, value: { kind: 'sources_only' } });
    expect(result.ok && result.value.sources.some((source) => source.linked)).toBe(false);
  });

  it('linked notes: a hub note linking 40 notes adds no more than 2', async () => {
    const kit = await createOracleKit(gemini.double, { notes: HUB_NOTES, embed: false });
    const joined = linkedChunks(kit.db, { retrieved: chunksOf(kit.db, 'hub.md'), queryText: 'everything', query: null, max: ORACLE.maxLinkedChunks });
    expect(joined.map((chunk) => chunk.path)).toEqual(['topic-00.md', 'topic-01.md']);
  });

  it('linked notes: the links of the best-ranked chunks are followed first', async () => {
    const kit = await createOracleKit(gemini.double, { notes: HUB_NOTES, embed: false });
    const request = { queryText: 'everything', query: null, max: ORACLE.maxLinkedChunks };
    expect(linkedChunks(kit.db, { ...request, retrieved: chunksOf(kit.db, 'side.md', 'hub.md') }).map((chunk) => chunk.path)).toEqual([
      'extra.md',
      'topic-00.md',
    ]);
  });

  it('linked notes: a note already in the context, or linked twice, joins once at most; an unknown link is ignored', async () => {
    const kit = await createOracleKit(gemini.double, { notes: HUB_NOTES, embed: false });
    const retrieved = chunksOf(kit.db, 'side.md', 'extra.md', 'hub.md', 'topic-00.md');
    const joined = linkedChunks(kit.db, { retrieved, queryText: 'everything', query: null, max: 5 });
    expect(joined.map((chunk) => chunk.path)).toEqual(['topic-01.md', 'topic-02.md', 'topic-03.md', 'topic-04.md', 'topic-05.md']);
  });

  it('linked notes: with a query vector, the chunk of the linked note with the highest cosine, and its cosine', async () => {
    const kit = await createOracleKit(gemini.double, { notes: LINKED_NOTES });
    const queryText = 'Where are the spare toner cartridges?';
    const vector = await embedQuery(kit.gateway, queryText, EMBEDDING_MODEL, GEMINI.embeddingDimensions);
    if (!vector.ok) throw new Error(vector.error.message);
    const retrieved = chunksOf(kit.db, 'it/vpn-guide.md').slice(0, 1);
    const [printer] = linkedChunks(kit.db, { retrieved, queryText, query: { vector: vector.value, model: EMBEDDING_MODEL }, max: 1 });
    expect(printer).toMatchObject({ path: 'it/network-printer.md', chunkTitle: 'Network printer > Toner' });
    expect(printer!.relevance).toBeGreaterThan(0.3);
  });

  it('linked notes: without a vector of the model, the best bm25 for the question, with no relevance to report', async () => {
    const kit = await createOracleKit(gemini.double, { notes: LINKED_NOTES });
    const retrieved = chunksOf(kit.db, 'it/vpn-guide.md').slice(0, 1);
    const vector = await embedQuery(kit.gateway, 'toner', 'another-embedding-model', GEMINI.embeddingDimensions);
    if (!vector.ok) throw new Error(vector.error.message);
    const [byWords] = linkedChunks(kit.db, {
      retrieved,
      queryText: 'toner cartridges',
      query: { vector: vector.value, model: 'another-embedding-model' },
      max: 1,
    });
    expect(byWords).toMatchObject({ chunkTitle: 'Network printer > Toner', relevance: null });
  });

  it("linked notes: when no word of the question is in the linked note, its first chunk", async () => {
    const kit = await createOracleKit(gemini.double, { notes: LINKED_NOTES, embed: false });
    const retrieved = chunksOf(kit.db, 'it/vpn-guide.md').slice(0, 1);
    const [first] = linkedChunks(kit.db, { retrieved, queryText: 'zebras', query: null, max: 1 });
    expect(first).toMatchObject({ chunkTitle: 'Network printer > Add the printer', relevance: null });
  });
});
