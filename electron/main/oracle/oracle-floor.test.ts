import { describe, expect, it } from 'vitest';
import { ORACLE } from '../../../shared/limits';
import { HONEST_ANSWER } from '../../../shared/oracle';
import { jsonReply } from '../../../test/doubles/gemini-double';
import { useGeminiDouble } from '../../../test/support/gateway-test-kit';
import {
  createOracleKit,
  DOUBLE_FLOOR,
  EMBEDDING_MODEL,
  expectGroupedByNote,
  generateBody,
  ORACLE_MODEL,
  type OracleKit,
} from '../../../test/support/oracle/oracle-kit';
import { TEAM_NOTES, UNRELATED_QUESTION, VPN_QUESTION } from '../../../test/support/oracle/test-notes';

const gemini = useGeminiDouble();

/** How many note excerpts the model was shown in its last turn. */
const excerptsSent = (kit: OracleKit) => generateBody(kit.generateRequests()[0]!).turns.at(-1)!.text.match(/<<<UNTRUSTED NOTE DATA [0-9a-f]{32}>>>/g)?.length ?? 0;
const actions = (kit: { requests(): Array<{ action: string }> }) => kit.requests().map((request) => request.action);

describe('O4 below the floor with no history: the honest answer, without calling the model', () => {
  it('O4: answers honestly with the 5 weak chunks as hints, and only the question was embedded', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    const result = await kit.ask(UNRELATED_QUESTION);
    expect(result).toMatchObject({
      ok: true,
      value: { answer: HONEST_ANSWER.en, kind: 'honest', mode: 'hybrid', chunks_used: 0, model: ORACLE_MODEL },
    });
    if (!result.ok) return;
    // The request log proves it: one query embedding, and no generateContent at all.
    expect(actions(kit)).toEqual(['batchEmbedContents']);
    expect(kit.generateRequests()).toEqual([]);
    expect(result.value.sources).toHaveLength(ORACLE.honestAnswerHints);
    const cosines = await kit.cosines(UNRELATED_QUESTION);
    for (const hint of result.value.sources) {
      expect(hint.relevance).not.toBeNull();
      expect(cosines.get(`${hint.path}#${hint.chunkTitle}`)).toBeLessThan(DOUBLE_FLOOR);
    }
  });

  it("O4: says it in the member's language", async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES, lang: 'mn' });
    expect(await kit.ask(UNRELATED_QUESTION)).toMatchObject({ ok: true, value: { answer: HONEST_ANSWER.mn, kind: 'honest' } });
    expect(kit.generateRequests()).toEqual([]);
  });

  it('O4: a question that clears the floor is answered by the model', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    gemini.double.script('generateContent', jsonReply({ answer: 'Open a ticket with the IT desk.' }));
    const result = await kit.ask(VPN_QUESTION);
    expect(result).toMatchObject({ ok: true, value: { answer: 'Open a ticket with the IT desk.', kind: 'answer' } });
    expect(result.ok && result.value.sources[0]!.relevance!).toBeGreaterThanOrEqual(DOUBLE_FLOOR);
    expect(kit.generateRequests()).toHaveLength(1);
  });

  it('O4: an empty knowledge base gets the honest answer with no hints', async () => {
    const kit = await createOracleKit(gemini.double, { notes: {} });
    const result = await kit.ask(VPN_QUESTION);
    expect(result).toMatchObject({ ok: true, value: { kind: 'honest', answer: HONEST_ANSWER.en, sources: [], chunks_used: 0 } });
    expect(kit.generateRequests()).toEqual([]);
  });

  it('O4 (O9): the floor is the one stored for the current embedding model', async () => {
    // Calibrated low for this model: the same weak question now goes to the model.
    const lenient = await createOracleKit(gemini.double, { notes: TEAM_NOTES, floors: { [EMBEDDING_MODEL]: 0.1 } });
    gemini.double.script('generateContent', jsonReply({ answer: 'The notes say nothing about saffron.' }));
    expect(await lenient.ask(UNRELATED_QUESTION)).toMatchObject({ ok: true, value: { kind: 'answer' } });

    // A floor calibrated for another model does not apply; this model's shipped floor (0.65) does.
    const shipped = await createOracleKit(gemini.double, { notes: TEAM_NOTES, floors: { 'another-embedding-model': 0.1 } });
    expect(ORACLE.defaultFloors[EMBEDDING_MODEL]).toBeGreaterThan(0.55);
    // A question in the notes' words that names no note (which would be listed whatever the floor).
    expect(await shipped.ask('Where are the spare toner cartridges?')).toMatchObject({ ok: true, value: { kind: 'honest' } });
    expect(shipped.generateRequests()).toEqual([]);
  });
});

describe('O5 a follow-up: the floor decides whether the notes have anything clear, as for a first question', () => {
  it('UQ1: an off-topic follow-up gets the honest nothing-clear answer, without calling the model', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    const history = [
      { role: 'user' as const, content: UNRELATED_QUESTION },
      { role: 'assistant' as const, content: HONEST_ANSWER.en },
    ];
    const result = await kit.ask('And the saffron?', { history });
    expect(result).toMatchObject({ ok: true, value: { kind: 'honest', answer: HONEST_ANSWER.en, chunks_used: 0 } });
    expect(kit.generateRequests()).toEqual([]);
    if (!result.ok) return;
    expect(result.value.sources.length).toBeGreaterThan(0);
    for (const hint of result.value.sources) expect(hint).toMatchObject({ weak: true });
  });

  it('O5: a follow-up on the same topic is answered, the previous question carrying its topic (O3)', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    gemini.double.script('generateContent', jsonReply({ answer: 'From the company portal.' }));
    const history = [
      { role: 'user' as const, content: VPN_QUESTION },
      { role: 'assistant' as const, content: 'Open a ticket with the IT desk.' },
    ];
    const result = await kit.ask('And how do I install the client?', { history });
    expect(result).toMatchObject({ ok: true, value: { kind: 'answer', chunks_used: ORACLE.retrievalChunks } });
    expect(excerptsSent(kit)).toBe(ORACLE.retrievalChunks);
  });
});

describe('what an answer lists as its sources (issue 11)', () => {
  it('the passages that cleared the floor (and weak ones ranked ahead of them), though the model read them all', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    gemini.double.script('generateContent', jsonReply({ answer: 'Open a ticket with the IT desk.' }));
    const result = await kit.ask(VPN_QUESTION);
    expect(result).toMatchObject({ ok: true, value: { kind: 'answer', chunks_used: ORACLE.retrievalChunks } });
    if (!result.ok) return;
    expect(excerptsSent(kit)).toBe(ORACLE.retrievalChunks);
    const cosines = await kit.cosines(VPN_QUESTION);
    const listed = result.value.sources.filter((source) => !source.weak);
    expect(listed.length).toBeGreaterThan(0);
    expect(result.value.sources.length).toBeLessThan(ORACLE.retrievalChunks);
    for (const source of listed) expect(cosines.get(`${source.path}#${source.chunkTitle}`)).toBeGreaterThanOrEqual(DOUBLE_FLOOR);
    expectGroupedByNote(result.value.sources);
  });

  it("the honest answer's hints, by note, each shown as weak", async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    const result = await kit.ask(UNRELATED_QUESTION);
    const hints = result.ok ? result.value.sources : [];
    expect(hints).toHaveLength(ORACLE.honestAnswerHints);
    expectGroupedByNote(hints);
    for (const hint of hints) expect(hint.weak).toBe(true);
  });

  it('in keyword search, where there is no score to hold against the floor, every passage found', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES, embed: false });
    gemini.double.script('generateContent', jsonReply({ answer: 'Open a ticket with the IT desk.' }));
    const result = await kit.ask(VPN_QUESTION);
    expect(result).toMatchObject({ ok: true, value: { kind: 'answer', mode: 'lexical' } });
    if (!result.ok) return;
    expect(result.value.sources.length).toBe(result.value.chunks_used);
  });
});
