import { describe, expect, it } from 'vitest';
import { ORACLE } from '../../../shared/limits';
import { hang, jsonReply, overloaded } from '../../../test/doubles/gemini-double';
import { useGeminiDouble } from '../../../test/support/gateway-test-kit';
import {
  createOracleKit,
  DOUBLE_FLOOR,
  EMBEDDING_MODEL,
  expectShownInOrder,
  generateBody,
  type Notes,
} from '../../../test/support/oracle/oracle-kit';
import { EXPENSES_QUESTION, TEAM_NOTES, VPN_QUESTION } from '../../../test/support/oracle/test-notes';

const gemini = useGeminiDouble();

const ANSWER = jsonReply({ answer: 'From the notes.' });

/** A glossary that repeats a topic's words in every line, and the note dedicated to it under another name. */
function glossaryAnd(dedicated: { title: string; aliases?: string }): Notes {
  return {
    'glossary.md': [
      '# Glossary',
      '',
      ...Array.from({ length: 6 }, (_, i) => `Remote access and expense reports, entry ${i}: remote access rules, expense reports rules.`),
      '',
    ].join('\n'),
    'it/vpn.md': [
      '---',
      `title: ${dedicated.title}`,
      ...(dedicated.aliases ? [`aliases: [${dedicated.aliases}]`] : []),
      '---',
      '',
      'Open a ticket with the IT desk; the WireGuard profile arrives within a day.',
      '',
    ].join('\n'),
  };
}

/** The first source the Oracle lists for `question`, under a floor every passage clears. */
async function firstSource(notes: Notes, question: string): Promise<string | undefined> {
  const kit = await createOracleKit(gemini.double, { notes, floors: { [EMBEDDING_MODEL]: 0 } });
  gemini.double.script('generateContent', ANSWER);
  const result = await kit.ask(question);
  return result.ok ? result.value.sources[0]?.path : undefined;
}

describe('issue 15: a question that names a note finds that note first', () => {
  it("by the note's title, ahead of a glossary that repeats the words", async () => {
    expect(await firstSource(glossaryAnd({ title: 'Remote access' }), 'What are the rules for remote access?')).toBe('it/vpn.md');
    // Under another title, the same note loses to the glossary: the title is what put it first.
    expect(await firstSource(glossaryAnd({ title: 'WireGuard profile' }), 'What are the rules for remote access?')).toBe('glossary.md');
  });

  it('by one of its front-matter aliases', async () => {
    const notes = glossaryAnd({ title: 'WireGuard profile', aliases: 'VPN, Remote access' });
    expect(await firstSource(notes, 'What are the rules for remote access?')).toBe('it/vpn.md');
  });
});

describe('issue 15: sources a reader trusts', () => {
  it('come in the order of the score shown, each note once, its other passages right under its best', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES, floors: { [EMBEDDING_MODEL]: 0 } });
    gemini.double.script('generateContent', ANSWER);
    const result = await kit.ask(`${EXPENSES_QUESTION} And the VPN?`);
    if (!result.ok) throw new Error(result.error.message);
    const paths = new Set(result.value.sources.map((source) => source.path));
    expect(paths.size).toBeGreaterThan(1);
    expect(result.value.sources.length).toBeGreaterThan(paths.size);
    expectShownInOrder(result.value.sources);
  });

  it('never lists a passage whose cosine is under the floor, on a first question', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    gemini.double.script('generateContent', ANSWER);
    const result = await kit.ask(VPN_QUESTION);
    if (!result.ok) throw new Error(result.error.message);
    const cosines = await kit.cosines(VPN_QUESTION);
    const listed = result.value.sources.map((source) => cosines.get(`${source.path}#${source.chunkTitle}`)!);
    expect(listed.length).toBeGreaterThan(0);
    expect(Math.min(...listed)).toBeGreaterThanOrEqual(DOUBLE_FLOOR);
    // Weaker passages went to the model all the same.
    expect(result.value.chunks_used).toBeGreaterThan(listed.length);
  });

  it('never lists a passage under the floor in a follow-up either, though the model reads it (O5)', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    gemini.double.script('generateContent', ANSWER);
    const history = [
      { role: 'user' as const, content: 'Where is the cupboard?' },
      { role: 'assistant' as const, content: 'Next to the kitchen.' },
    ];
    const result = await kit.ask('and what is in it?', { history });
    if (!result.ok) throw new Error(result.error.message);
    const cosines = await kit.cosines('Where is the cupboard?\nand what is in it?');
    const sent = generateBody(kit.generateRequests()[0]!).turns.at(-1)!.text;
    const weak = [...cosines].filter(([, cosine]) => cosine < DOUBLE_FLOOR);
    expect(weak.length).toBeGreaterThan(0);
    expect(result.value.chunks_used).toBe(ORACLE.retrievalChunks);
    expect(sent).toContain('Spare toner cartridges');
    for (const source of result.value.sources) expect(cosines.get(`${source.path}#${source.chunkTitle}`)).toBeGreaterThanOrEqual(DOUBLE_FLOOR);
  });
});

describe("issue 15: a question's own budget for its embedding", () => {
  it('answers in keyword mode once the budget is spent on an embedding that hangs', async () => {
    const budget = new AbortController();
    const asked: number[] = [];
    const kit = await createOracleKit(gemini.double, {
      notes: TEAM_NOTES,
      deadline: (ms) => {
        asked.push(ms);
        return budget.signal;
      },
    });
    gemini.double.script('batchEmbedContents', hang());
    gemini.double.script('generateContent', ANSWER);
    const pending = kit.ask(VPN_QUESTION);
    await expect.poll(() => kit.requests().length).toBe(1);
    // The budget's clock runs out: nothing else has come back meanwhile.
    budget.abort(new DOMException('The question took too long.', 'TimeoutError'));
    const result = await pending;
    expect(asked).toEqual([ORACLE.questionEmbeddingBudgetMs]);
    expect(result).toMatchObject({ ok: true, value: { mode: 'lexical', kind: 'answer' } });
    expect(result.ok && result.value.sources[0]?.path).toBe('it/vpn.md');
    expect(kit.requests().filter((request) => request.action === 'batchEmbedContents')).toHaveLength(1);
    expect(kit.log.lines.join('\n')).toMatch(/could not be embedded.*"reason":"budget"/);
  });

  it('answers in keyword mode after a few fast failures, having waited well within the budget', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES, deadline: () => new AbortController().signal });
    gemini.double.script('batchEmbedContents', ...Array.from({ length: 10 }, () => overloaded()));
    gemini.double.script('generateContent', ANSWER);
    const result = await kit.ask(VPN_QUESTION);
    expect(result).toMatchObject({ ok: true, value: { mode: 'lexical', kind: 'answer' } });
    expect(kit.requests().filter((request) => request.action === 'batchEmbedContents')).toHaveLength(ORACLE.questionEmbeddingAttempts);
    const waited = kit.delays.reduce((sum, ms) => sum + ms, 0);
    expect(waited).toBeLessThan(ORACLE.questionEmbeddingBudgetMs);
  });
});
