import { describe, expect, it } from 'vitest';
import { ORACLE } from '../../../shared/limits';
import { HONEST_ANSWER } from '../../../shared/oracle';
import { jsonReply } from '../../../test/doubles/gemini-double';
import { useGeminiDouble } from '../../../test/support/gateway-test-kit';
import {
  createOracleKit,
  DOUBLE_FLOOR,
  EMBEDDING_MODEL,
  expectShownInOrder,
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
    expect(await shipped.ask(VPN_QUESTION)).toMatchObject({ ok: true, value: { kind: 'honest' } });
    expect(shipped.generateRequests()).toEqual([]);
  });
});

describe('O5 with history the floor does not apply', () => {
  it('O5: a weak follow-up in a conversation still goes to the model with its chunks', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    gemini.double.script('generateContent', jsonReply({ answer: 'The notes do not mention saffron.' }));
    const history = [
      { role: 'user' as const, content: UNRELATED_QUESTION },
      { role: 'assistant' as const, content: HONEST_ANSWER.en },
    ];
    const result = await kit.ask('And the saffron?', { history });
    expect(result).toMatchObject({
      ok: true,
      value: { kind: 'answer', answer: 'The notes do not mention saffron.', chunks_used: ORACLE.retrievalChunks },
    });
    if (!result.ok) return;
    // The model was asked all the same, with the 8 passages; none reached the floor, so none is listed as a source.
    expect(kit.generateRequests()).toHaveLength(1);
    expect(excerptsSent(kit)).toBe(ORACLE.retrievalChunks);
    expect(result.value.sources).toEqual([]);
  });
});

describe('what an answer lists as its sources (issue 11)', () => {
  it('only the passages that cleared the floor, in the order of their relevance, though the model read them all', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    gemini.double.script('generateContent', jsonReply({ answer: 'Open a ticket with the IT desk.' }));
    const result = await kit.ask(VPN_QUESTION);
    expect(result).toMatchObject({ ok: true, value: { kind: 'answer', chunks_used: ORACLE.retrievalChunks } });
    if (!result.ok) return;
    expect(excerptsSent(kit)).toBe(ORACLE.retrievalChunks);
    const cosines = await kit.cosines(VPN_QUESTION);
    const listed = result.value.sources.map((source) => cosines.get(`${source.path}#${source.chunkTitle}`)!);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.length).toBeLessThan(ORACLE.retrievalChunks);
    expect(Math.min(...listed)).toBeGreaterThanOrEqual(DOUBLE_FLOOR);
    expectShownInOrder(result.value.sources);
  });

  it("the honest answer's hints, in the order of the score shown, by note", async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    const result = await kit.ask(UNRELATED_QUESTION);
    const hints = result.ok ? result.value.sources : [];
    expect(hints).toHaveLength(ORACLE.honestAnswerHints);
    expectShownInOrder(hints);
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
