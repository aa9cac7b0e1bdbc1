import { expect, it } from 'vitest';
import { LIVE } from '../../shared/limits';
import { pageProblems } from './support/browser';
import { buildPageProbe } from './support/page-probe';
import { startSession } from './support/session';

/** What renderer/src/testing/audio-probe.ts answers (the page's types are not this project's). */
interface Rendered {
  leadSamples: number;
  wrong: number;
  inOrder: number;
  after: number;
}
interface Heard {
  pushedAt: number;
  firstSampleAt: number | null;
  heardAt: number | null;
  afterStopDbfs: number;
  outcome: string;
}

/** Quieter than this is silence: the tone is at -9 dBFS. */
const SILENCE_DBFS = -60;

async function probePage() {
  const session = await startSession({ validKeys: [] });
  const probe = await buildPageProbe('renderer/src/testing/audio-probe.ts');
  await session.page.goto(session.harness.url);
  return { ...session, probe };
}

it('LV3: chunks of any size, split samples included, are rendered by Chromium back to back: every sample, in order, after the start lead', async () => {
  const { page, probe, consoleErrors } = await probePage();
  const samples = 2 * LIVE.outputSampleRateHz;

  const rendered = await page.evaluate<Rendered>(`${probe}.then((probe) => probe.renderPcmAnswer(${samples}, [1, 479, 4800, 37, 9600, 1283]))`);

  expect(rendered).toEqual({ leadSamples: 0.02 * LIVE.outputSampleRateHz, wrong: 0, inOrder: samples, after: 0 });
  expect(pageProblems(consoleErrors)).toEqual([]);
});

it('LV3: a streamed answer is heard at the output and ends; stopped mid-answer, the output is silent at once though a second was queued', async () => {
  const { page, probe, consoleErrors } = await probePage();

  const played = await page.evaluate<Heard>(`${probe}.then((probe) => probe.playPcmAnswer(null))`);
  const stopped = await page.evaluate<Heard>(`${probe}.then((probe) => probe.playPcmAnswer(300))`);

  expect(played.outcome).toBe('ended');
  expect(played.heardAt).toBeGreaterThanOrEqual(played.pushedAt);
  expect(played.firstSampleAt).toBeGreaterThanOrEqual(played.pushedAt);
  expect(stopped.outcome).toBe('stopped');
  expect(stopped.heardAt).not.toBeNull();
  expect(stopped.afterStopDbfs).toBeLessThan(SILENCE_DBFS);
  expect(pageProblems(consoleErrors)).toEqual([]);
});
