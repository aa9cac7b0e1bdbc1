import { describe, expect, it } from 'vitest';
import { GEMINI, ORACLE } from '../../../shared/limits';
import { HONEST_ANSWER, SOURCES_ONLY_ANSWER } from '../../../shared/oracle';
import { jsonReply, overloaded, quotaExceeded } from '../../../test/doubles/gemini-double';
import { useGeminiDouble } from '../../../test/support/gateway-test-kit';
import { createOracleKit, DOUBLE_FLOOR, EMBEDDING_MODEL, generateBody } from '../../../test/support/oracle/oracle-kit';
import {
  EXPENSES_QUESTION,
  TEAM_NOTES,
  UNRELATED_QUESTION,
  VPN_QUESTION,
} from '../../../test/support/oracle/test-notes';

const gemini = useGeminiDouble();

const FOLLOW_UP = 'what is it for?';
const ANSWER = jsonReply({ answer: 'From the notes: fill in the form in the finance portal.' });

/** The excerpt blocks of the last turn the model was shown. */
function blocksSent(prompt: string): string[] {
  return prompt.match(/<<<UNTRUSTED NOTE DATA [0-9a-f]{32}>>>/g) ?? [];
}

describe('O2 retrieval over the whole knowledge base', () => {
  it('O2: gives the model the 8 best chunks and cites those that clear the floor, in the ranking\'s order', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    gemini.double.script('generateContent', ANSWER);
    const result = await kit.ask(EXPENSES_QUESTION);
    expect(result).toMatchObject({ ok: true, value: { kind: 'answer', mode: 'hybrid', chunks_used: ORACLE.retrievalChunks } });
    if (!result.ok) return;
    // The expenses guide has ten sections and all of them match: the best eight are sent, no more.
    const prompt = generateBody(kit.generateRequests()[0]!).turns.at(-1)!.text;
    expect(blocksSent(prompt)).toHaveLength(ORACLE.retrievalChunks);
    expect(result.value.sources.length).toBeGreaterThan(0);
    for (const source of result.value.sources) expect(source.relevance! >= DOUBLE_FLOOR).toBe(source.weak !== true);
    expect(new Set(result.value.sources.map((source) => source.title))).toEqual(new Set(['Expense reports']));
  });

  it('O2: searches every note of the base, in any folder', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    gemini.double.script('generateContent', ANSWER, ANSWER);
    const vpn = await kit.ask(VPN_QUESTION);
    const expenses = await kit.ask(EXPENSES_QUESTION);
    expect(vpn.ok && vpn.value.sources[0]?.path).toBe('it/vpn.md');
    expect(expenses.ok && expenses.value.sources[0]?.path).toBe('finance/expenses.md');
  });

  it('O2: embeds the question as a retrieval query with the embedding model of Settings', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    gemini.double.script('generateContent', ANSWER);
    await kit.ask(VPN_QUESTION);
    const [embedding] = kit.requests().filter((request) => request.action === 'batchEmbedContents');
    expect(embedding?.model).toBe(EMBEDDING_MODEL);
    expect((embedding?.body as { requests: unknown[] }).requests).toEqual([
      expect.objectContaining({ taskType: 'RETRIEVAL_QUERY', outputDimensionality: GEMINI.embeddingDimensions }),
    ]);
  });
});

describe('O3 a follow-up is retrieved with the previous user turn', () => {
  it('O3: embeds the last user turn, then the new question', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    gemini.double.script('generateContent', ANSWER);
    const history = [
      { role: 'user' as const, content: VPN_QUESTION },
      { role: 'assistant' as const, content: 'Open a ticket with the IT desk.' },
    ];
    const result = await kit.ask(FOLLOW_UP, { history });
    expect(kit.embeddedQueries()).toEqual([`${VPN_QUESTION}\n${FOLLOW_UP}`]);
    // The follow-up alone says nothing about VPNs; with the turn before it, its sources stay on topic.
    expect(result.ok && result.value.sources[0]).toMatchObject({ path: 'it/vpn.md', chunkTitle: 'VPN access > Request access' });
    // The model is asked the question as the member wrote it; the earlier turn is in the conversation.
    expect(generateBody(kit.generateRequests()[0]!).turns.at(-1)?.text).toMatch(/Question: what is it for\?$/);
  });

  it('O3: takes the latest user turn of a longer conversation', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    gemini.double.script('generateContent', ANSWER);
    const history = [
      { role: 'user' as const, content: EXPENSES_QUESTION },
      { role: 'assistant' as const, content: 'Through the finance portal.' },
      { role: 'user' as const, content: VPN_QUESTION },
      { role: 'assistant' as const, content: 'Open a ticket with the IT desk.' },
    ];
    await kit.ask(FOLLOW_UP, { history });
    expect(kit.embeddedQueries()).toEqual([`${VPN_QUESTION}\n${FOLLOW_UP}`]);
  });

  it('O3: a first question is searched on its own', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    gemini.double.script('generateContent', ANSWER);
    await kit.ask(VPN_QUESTION);
    expect(kit.embeddedQueries()).toEqual([VPN_QUESTION]);
  });

  it('O3: a follow-up without a key is searched by the words of both turns', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES, key: false });
    const history = [
      { role: 'user' as const, content: 'Where is the toner?' },
      { role: 'assistant' as const, content: 'In the cupboard.' },
    ];
    const result = await kit.ask('And for the VPN?', { history });
    const paths = result.ok ? result.value.sources.map((source) => source.path) : [];
    expect(paths).toContain('it/network-printer.md');
    expect(paths).toContain('it/vpn.md');
  });
});

describe('lexical mode: chunks without vectors of the embedding model', () => {
  it('answers from the chunks found by their words, labelled lexical, with no cosine to report', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES, embed: false });
    gemini.double.script('generateContent', ANSWER);
    const result = await kit.ask(VPN_QUESTION);
    expect(result).toMatchObject({ ok: true, value: { mode: 'lexical', kind: 'answer' } });
    if (!result.ok) return;
    expect(result.value.sources[0]).toMatchObject({ path: 'it/vpn.md', relevance: null });
    expect(result.value.sources.every((source) => source.relevance === null)).toBe(true);
  });

  it('O4 cannot apply without cosines: even a question that only shares small words reaches the model', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES, embed: false });
    gemini.double.script('generateContent', jsonReply({ answer: 'The notes do not say where to buy saffron.' }));
    const result = await kit.ask(UNRELATED_QUESTION);
    expect(result).toMatchObject({ ok: true, value: { mode: 'lexical', kind: 'answer' } });
    expect(kit.generateRequests()).toHaveLength(1);
  });

  it('searches by words when the question cannot be embedded (Google overloaded), and says so in the log', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    gemini.double.script('batchEmbedContents', ...Array.from({ length: ORACLE.questionEmbeddingAttempts }, () => overloaded()));
    gemini.double.script('generateContent', ANSWER);
    const result = await kit.ask(VPN_QUESTION);
    expect(result).toMatchObject({ ok: true, value: { mode: 'lexical', kind: 'answer' } });
    expect(result.ok && result.value.sources[0]?.path).toBe('it/vpn.md');
    expect(kit.requests().filter((request) => request.action === 'batchEmbedContents')).toHaveLength(ORACLE.questionEmbeddingAttempts);
    expect(kit.log.lines.join('\n')).toMatch(/could not be embedded.*"reason":"overloaded"/);
  });

  it('searches by words at once when embedding the question would mean a 20 s quota wait', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    gemini.double.script('batchEmbedContents', quotaExceeded({ retryDelay: '20s' }));
    gemini.double.script('generateContent', ANSWER);
    expect(await kit.ask(VPN_QUESTION)).toMatchObject({ ok: true, value: { mode: 'lexical', kind: 'answer' } });
    expect(kit.requests().filter((request) => request.action === 'batchEmbedContents')).toHaveLength(1);
  });

  it("searches by words when the embedding quota is used up for the day", async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    gemini.double.script('batchEmbedContents', quotaExceeded({ perDay: true }));
    gemini.double.script('generateContent', ANSWER);
    expect(await kit.ask(VPN_QUESTION)).toMatchObject({ ok: true, value: { mode: 'lexical', kind: 'answer' } });
  });
});

describe('no Gemini key', () => {
  it('lists the notes that match, searched by words, without calling Google at all', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES, key: false, lang: 'es' });
    const result = await kit.ask(EXPENSES_QUESTION);
    expect(result).toMatchObject({
      ok: true,
      value: { kind: 'sources_only', mode: 'lexical', answer: SOURCES_ONLY_ANSWER.es, chunks_used: 0 },
    });
    if (!result.ok) return;
    expect(result.value.sources).toHaveLength(ORACLE.retrievalChunks);
    expect(result.value.sources[0]?.path).toBe('finance/expenses.md');
    expect(result.value.sources.every((source) => source.relevance === null)).toBe(true);
    expect(kit.requests()).toEqual([]);
  });

  it('gives the honest answer when no note shares a word with the question', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES, key: false });
    const result = await kit.ask('Zebras?');
    expect(result).toMatchObject({ ok: true, value: { kind: 'honest', answer: HONEST_ANSWER.en, sources: [], chunks_used: 0 } });
    expect(kit.requests()).toEqual([]);
  });
});
