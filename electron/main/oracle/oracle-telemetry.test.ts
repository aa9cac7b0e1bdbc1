import { describe, expect, it } from 'vitest';
import { ORACLE } from '../../../shared/limits';
import { corpusGapsSchema } from '../../../shared/oracle';
import { jsonReply } from '../../../test/doubles/gemini-double';
import { useGeminiDouble } from '../../../test/support/gateway-test-kit';
import {
  ANA,
  BEN,
  createOracleKit,
  DOUBLE_FLOOR,
  KIT_START,
  type OracleKit,
} from '../../../test/support/oracle/oracle-kit';
import { EXPENSES_QUESTION, TEAM_NOTES, UNRELATED_QUESTION, VPN_QUESTION } from '../../../test/support/oracle/test-notes';

const gemini = useGeminiDouble();

const DAY_MS = 24 * 60 * 60 * 1000;
const ANSWER = jsonReply({ answer: 'From the notes.' });

interface Row {
  owner: string;
  question: string;
  sources_count: number;
  top_relevance: number | null;
  duration_ms: number;
  mode: string;
  created_at: string;
}
const rows = (kit: OracleKit) =>
  kit.db
    .prepare('SELECT owner, question, sources_count, top_relevance, duration_ms, mode, created_at FROM oraculo_queries ORDER BY id')
    .all() as Row[];

/** A past question written as the oracle writes it, `daysAgo` local days before the kit's start. */
function insertAsked(kit: OracleKit, owner: string, question: string, topRelevance: number | null, daysAgo: number, hour = 10) {
  const start = new Date(KIT_START);
  const at = new Date(start.getFullYear(), start.getMonth(), start.getDate() - daysAgo, hour, 0, 0);
  kit.db
    .prepare(
      "INSERT INTO oraculo_queries (owner, question, sources_count, top_relevance, duration_ms, mode, created_at) VALUES (?, ?, 5, ?, 10, 'oracle', ?)",
    )
    .run(owner, question, topRelevance, at.toISOString());
}

describe('O8 a telemetry row for every answered question', () => {
  it('O8: records an answer: owner, question, sources, best cosine, duration, mode and time', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES, modelLatencyMs: 800 });
    gemini.double.script('generateContent', ANSWER);
    const result = await kit.ask(VPN_QUESTION, { member: BEN });
    if (!result.ok) throw new Error(result.error.message);
    // The best cosine among the chunks retrieved, whatever their order: what the floor is held against.
    const best = Math.max(...(await kit.cosines(VPN_QUESTION)).values());
    expect(rows(kit)).toEqual([
      {
        owner: BEN,
        question: VPN_QUESTION,
        sources_count: result.value.sources.length,
        top_relevance: expect.closeTo(best, 6),
        duration_ms: 800,
        mode: 'oracle',
        created_at: new Date(KIT_START + 800).toISOString(),
      },
    ]);
  });

  it('O8: records the honest answer too, with its low relevance: the corpus-gap signal', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    const result = await kit.ask(UNRELATED_QUESTION);
    expect(result).toMatchObject({ ok: true, value: { kind: 'honest' } });
    const [row] = rows(kit);
    expect(row).toMatchObject({ owner: ANA, question: UNRELATED_QUESTION, sources_count: ORACLE.honestAnswerHints });
    expect(row!.top_relevance!).toBeLessThan(DOUBLE_FLOOR);
  });

  it('O8: a question answered without cosines (no key) is recorded with no relevance', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES, key: false });
    await kit.ask(EXPENSES_QUESTION);
    expect(rows(kit)).toMatchObject([{ question: EXPENSES_QUESTION, top_relevance: null, sources_count: ORACLE.retrievalChunks }]);
  });

  it('O8: a telemetry table that cannot be written does not fail the answer; the log says so', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    kit.db.exec('DROP TABLE oraculo_queries');
    gemini.double.script('generateContent', ANSWER);
    expect(await kit.ask(VPN_QUESTION)).toMatchObject({ ok: true, value: { kind: 'answer', answer: 'From the notes.' } });
    expect(await kit.ask(UNRELATED_QUESTION)).toMatchObject({ ok: true, value: { kind: 'honest' } });
    expect(kit.log.lines.filter((line) => line.includes('oracle telemetry: could not record the question'))).toHaveLength(2);
    expect(kit.log.lines.join('\n')).not.toContain(VPN_QUESTION);
  });
});

describe('O8 corpus gaps: the questions the base answers poorly', () => {
  it("O8: lists the member's questions under the floor or without a cosine, newest first, and only theirs", async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    insertAsked(kit, ANA, 'old gap', 0.1, 40);
    insertAsked(kit, ANA, 'well covered', 0.7, 3);
    insertAsked(kit, ANA, 'asked without a key', null, 2);
    insertAsked(kit, BEN, "Ben's gap", 0.1, 1);
    await kit.ask(UNRELATED_QUESTION);

    const gaps = kit.oracle.gaps(ANA);
    expect(corpusGapsSchema.parse(gaps)).toEqual(gaps);
    expect(gaps.floor).toEqual({ value: DOUBLE_FLOOR, source: 'settings' });
    expect(gaps.questions.map((question) => question.question)).toEqual([UNRELATED_QUESTION, 'asked without a key', 'old gap']);
    expect(gaps.questions[1]).toEqual({
      question: 'asked without a key',
      topRelevance: null,
      sourcesCount: 5,
      createdAt: expect.any(String),
    });
    expect(kit.oracle.gaps(BEN).questions.map((question) => question.question)).toEqual(["Ben's gap"]);
  });

  it('O8: lists at most the latest 50', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    for (let index = 0; index < ORACLE.gapsListMax + 5; index++) insertAsked(kit, ANA, `gap ${index}`, 0.1, 0, index % 10);
    expect(kit.oracle.gaps(ANA).questions).toHaveLength(ORACLE.gapsListMax);
  });

  it('O8: charts the last 30 days of the local calendar: questions, mean top relevance, and how many fell under the floor', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    insertAsked(kit, ANA, 'today, weak', 0.2, 0, 8);
    insertAsked(kit, ANA, 'today, fine', 0.6, 0, 9);
    insertAsked(kit, ANA, 'today, lexical', null, 0, 9);
    insertAsked(kit, ANA, 'early this morning', 0.5, 0, 0);
    insertAsked(kit, ANA, 'late last night', 0.3, 1, 23);
    insertAsked(kit, ANA, 'a month ago', 0.1, ORACLE.gapsChartDays);
    insertAsked(kit, BEN, "Ben's today", 0.1, 0);

    const { days } = kit.oracle.gaps(ANA);
    expect(days).toHaveLength(ORACLE.gapsChartDays);
    expect(days.at(-1)).toEqual({ day: '2026-08-12', questions: 4, meanTopRelevance: expect.closeTo((0.2 + 0.6 + 0.5) / 3, 6), belowFloor: 2 });
    expect(days.at(-2)).toEqual({ day: '2026-08-11', questions: 1, meanTopRelevance: 0.3, belowFloor: 1 });
    expect(days[0]).toEqual({ day: '2026-07-14', questions: 0, meanTopRelevance: null, belowFloor: 0 });
    expect(days.reduce((sum, day) => sum + day.questions, 0)).toBe(5);
  });

  it('O8: the floor is the current one: a recalibrated floor changes what counts as a gap', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES, floors: { 'gemini-embedding-001': 0.7 } });
    insertAsked(kit, ANA, 'fine before', 0.6, 0);
    expect(kit.oracle.gaps(ANA)).toMatchObject({ floor: { value: 0.7 }, questions: [{ question: 'fine before' }] });
  });

  it('O8: a telemetry table that cannot be read gives an empty view, and the log says so', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    kit.db.exec('DROP TABLE oraculo_queries');
    const gaps = kit.oracle.gaps(ANA);
    expect(gaps.questions).toEqual([]);
    expect(gaps.days).toHaveLength(ORACLE.gapsChartDays);
    expect(gaps.days.every((day) => day.questions === 0)).toBe(true);
    expect(kit.log.lines.join('\n')).toContain('oracle telemetry: could not read the corpus gaps');
  });

  it('O8: questions move the chart as days pass', async () => {
    const kit = await createOracleKit(gemini.double, { notes: TEAM_NOTES });
    await kit.ask(UNRELATED_QUESTION);
    kit.clock.advance(DAY_MS);
    const { days } = kit.oracle.gaps(ANA);
    expect(days.at(-1)).toMatchObject({ day: '2026-08-13', questions: 0 });
    expect(days.at(-2)).toMatchObject({ day: '2026-08-12', questions: 1, belowFloor: 1 });
  });
});
