import { parseArgs } from 'node:util';
import { createLogger, createRedactor } from '../electron/main/log/logger';
import { tune, type EvalReport, type EvalScores } from '../electron/main/knowledge/retrieval-eval';
import type { RankingWeights } from '../electron/main/knowledge/retrieve';
import { GUIDE_FOLDER, GUIDE_QUESTIONS, prepareGuideEvaluation } from '../test/support/oracle/guide-eval';

/**
 * `npm run oracle:eval -- [--folder DIR] [--questions FILE] [--tune]` (issue 15): runs a labelled question set
 * (by default the shipped guide's, test/fixtures/oracle-eval/guide-questions.json) through the real retrieval with
 * the test embeddings, and prints hit@1, hit@5 and MRR of the ranking and of what the Oracle lists (under the floor
 * calibrated for those embeddings on the folder), next to the naive baseline's. `--tune` also tries the
 * weightings of TUNING_GRID and prints the best few: the numbers for ORACLE.fusionK, fusionWeights and
 * fieldWeights. stdout carries the report; errors go to stderr. Exit codes: 0 done, 1 failed, 2 a usage problem.
 */
const USAGE = 'usage: npm run oracle:eval -- [--folder DIR] [--questions FILE] [--tune]';
const TUNED_SHOWN = 5;

async function main(): Promise<number> {
  let values: { folder?: string; questions?: string; tune?: boolean };
  try {
    ({ values } = parseArgs({ options: { folder: { type: 'string' }, questions: { type: 'string' }, tune: { type: 'boolean' } }, strict: true }));
  } catch (error) {
    console.error((error as Error).message, `\n${USAGE}`);
    return 2;
  }
  const log = createLogger([{ write: (line) => process.stderr.write(`${line}\n`) }], createRedactor());
  const folder = values.folder ?? GUIDE_FOLDER;
  const evaluation = await prepareGuideEvaluation(log, { folder, questions: values.questions ?? GUIDE_QUESTIONS });
  if (!evaluation.ok) {
    console.error(evaluation.error.message);
    return 1;
  }
  try {
    const { prepared, problems, notes, chunks } = evaluation.value;
    for (const problem of problems) console.error(`Question set: ${problem}`);
    const report = prepared.evaluate();
    const lines = [`Retrieval evaluation: ${folder} (${notes} notes, ${chunks} chunks), ${report.questions} questions`, '', ...table(report)];
    if (report.misses.length > 0) lines.push('', 'Not first:', ...report.misses.map((miss) => `  ${miss.question} -> ${miss.note}; found ${miss.found.slice(0, 3).join(', ')}`));
    if (values.tune) {
      lines.push('', 'Best weightings (k, vector/lexical, links; title and aliases/heading/body):');
      for (const { weights, report: tuned } of tune(prepared).slice(0, TUNED_SHOWN)) lines.push(`  ${weightsText(weights)}  ${scoresText(tuned.ranking)}`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
    return problems.length > 0 ? 1 : 0;
  } finally {
    await evaluation.value.close();
  }
}

function table(report: EvalReport): string[] {
  const row = (label: string, scores: EvalScores) => `${label.padEnd(10)} ${scoresText(scores)}`;
  return [
    row('ranking', report.ranking),
    `${row('listed', report.listed)}  (what the Oracle lists, floor ${report.floor.toFixed(2)})`,
    row('baseline', report.baseline),
  ];
}

function scoresText(scores: EvalScores): string {
  return `hit@1 ${scores.hit1.toFixed(3)}  hit@5 ${scores.hit5.toFixed(3)}  MRR ${scores.mrr.toFixed(3)}`;
}

function weightsText(weights: RankingWeights): string {
  const { k, vector, lexical, links, fields } = weights;
  return `k ${k}, ${vector}/${lexical}, ${links}; ${fields.title}/${fields.heading}/${fields.body}`;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('The evaluation failed:', error);
    process.exit(1);
  },
);
