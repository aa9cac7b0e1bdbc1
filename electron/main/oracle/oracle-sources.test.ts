import { describe, expect, it } from 'vitest';
import { ORACLE } from '../../../shared/limits';
import { hang, jsonReply, overloaded } from '../../../test/doubles/gemini-double';
import { useGeminiDouble } from '../../../test/support/gateway-test-kit';
import {
  createOracleKit,
  DOUBLE_FLOOR,
  EMBEDDING_MODEL,
  expectGroupedByNote,
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
  it("come in the ranking's order, each note once, its other passages right under its first", async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES, floors: { [EMBEDDING_MODEL]: 0 } });
    gemini.double.script('generateContent', ANSWER);
    const result = await kit.ask(`${EXPENSES_QUESTION} And the VPN?`);
    if (!result.ok) throw new Error(result.error.message);
    const paths = new Set(result.value.sources.map((source) => source.path));
    expect(paths.size).toBeGreaterThan(1);
    expect(result.value.sources.length).toBeGreaterThan(paths.size);
    expectGroupedByNote(result.value.sources);
  });

  it('UQ1: show each passage by its cosine, the measure the floor holds, and mark those under it as weak', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    gemini.double.script('generateContent', ANSWER);
    const result = await kit.ask(VPN_QUESTION);
    if (!result.ok) throw new Error(result.error.message);
    const cosines = await kit.cosines(VPN_QUESTION);
    expect(result.value.sources.length).toBeGreaterThan(0);
    for (const source of result.value.sources) {
      const cosine = cosines.get(`${source.path}#${source.chunkTitle}`)!;
      expect(source.relevance).toBeCloseTo(cosine, 6);
      expect(source.weak === true).toBe(cosine < DOUBLE_FLOOR);
    }
    // Weaker passages went to the model all the same.
    expect(result.value.chunks_used).toBeGreaterThan(result.value.sources.length);
  });

  it('list a passage under the floor only when the ranking put it ahead of one that clears it, or it is named', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    gemini.double.script('generateContent', ANSWER);
    const result = await kit.ask(EXPENSES_QUESTION);
    if (!result.ok) throw new Error(result.error.message);
    const lastClear = result.value.sources.findLastIndex((source) => source.weak !== true);
    expect(lastClear).toBeGreaterThanOrEqual(0);
    result.value.sources.forEach((source, place) => {
      if (source.weak && !source.keyword) expect(place).toBeLessThan(lastClear);
    });
  });
});

describe('UQ2: a note the question names is always listed', () => {
  /** An overview whose words match the question closely, and the note the question names, written in other words. */
  const NAMED_NOTES: Notes = {
    'overview.md': [
      '# Overview',
      '',
      'Which file formats are accepted? Formats: see the note on accepted file formats. Which file, which formats, accepted.',
      '',
    ].join('\n'),
    'accepted-file-formats.md': [
      '# Accepted file formats',
      '',
      'Markdown, PNG, JPEG, PDF, MP3 and WebM open in the app; everything else stays on disk untouched, unseen by the search.',
      'Pictures keep their size; sound plays inline; documents show page by page; a spreadsheet opens outside in its own program.',
      'Large videos load slowly over a network drive, so keep them local when you can and link them from a short note.',
      '',
    ].join('\n'),
  };

  it('a weak passage whose note the question names is listed, marked as a keyword match', async () => {
    const question = 'Which file formats are accepted?';
    const kit = await createOracleKit(gemini.double, { notes: NAMED_NOTES });
    gemini.double.script('generateContent', ANSWER);
    const cosines = await kit.cosines(question);
    expect(cosines.get('overview.md#Overview')).toBeGreaterThanOrEqual(DOUBLE_FLOOR);
    expect(cosines.get('accepted-file-formats.md#Accepted file formats')).toBeLessThan(DOUBLE_FLOOR);
    const result = await kit.ask(question);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.kind).toBe('answer');
    expect(result.value.sources.find((source) => source.path === 'accepted-file-formats.md')).toMatchObject({ keyword: true, weak: true });
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
