import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { parseSrt } from '../../shared/caption-export';
import { delay, type GeminiStep, type ReplyContext } from '../doubles/gemini-double';
import { TRANSCRIPTS_DIR } from '../harness/start-harness';
import { pageProblems } from './support/browser';
import { captureTrackStates, recordCaptureTracks } from './support/capture-tracks';
import { startSignedInSession } from './support/session';
import { meetingAudio, stretchesOfSpeech } from './support/speech-audio';
import { ui } from './support/ui-text';

const KEY = 'AIzaSy-e2e-captions-0123456789abcdef';
/** Longer than the next segment takes to be answered: the first reply arrives after the second. */
const FIRST_REPLY_LATE_MS = 6_000;

const pane = (page: Page) => page.getByRole('tabpanel');
const captions = (page: Page) => pane(page).getByRole('region', { name: ui.translate.live.captions });

/**
 * The double as speech to text and translator at once: a request with audio in it is a segment to transcribe (its
 * words: how long it is), any other one a transcript to translate (the words back, marked as translated).
 */
function captionReply(): GeminiStep {
  return {
    kind: 'respond',
    status: 200,
    body: (context: ReplyContext) => {
      const request = JSON.stringify(context.body);
      const audio = /"inlineData":\{"mimeType":"[^"]+","data":"([^"]+)"/.exec(request);
      const said = /Segment of \d+ bytes/.exec(request)?.[0];
      const text = audio ? `Segment of ${audio[1]!.length} bytes` : `Translated: ${said ?? 'nothing'}`;
      return { candidates: [{ content: { parts: [{ text }], role: 'model' }, finishReason: 'STOP', index: 0 }] };
    },
  };
}

async function openLiveCaptions(page: Page, url: string) {
  await recordCaptureTracks(page);
  await page.goto(url);
  await page.getByRole('tab', { name: ui.panes.secretary.title }).waitFor();
  await page.keyboard.press('Control+5');
  await pane(page).getByRole('button', { name: ui.translate.views.live }).click();
}

it('T2: live captions, one line per stretch of speech, in speaking order though the first reply comes last; the silence sends nothing; Stop releases the microphone; the SRT export reads back', async () => {
  const meeting = meetingAudio();
  const { gemini, harness, page, consoleErrors } = await startSignedInSession({ key: KEY, fakeMicrophone: meeting.file });
  gemini.script('generateContent', delay(FIRST_REPLY_LATE_MS, captionReply()), ...Array.from({ length: 30 }, () => captionReply()));
  await openLiveCaptions(page, harness.url);
  await pane(page).getByRole('button', { name: ui.translate.live.start }).click();
  await pane(page).getByText(ui.translate.live.mode.pauses).waitFor({ timeout: 60_000 });

  // What the truth file predicts: the 0.3 s gap joins the first two sentences in one line.
  const groups = stretchesOfSpeech(meeting);
  const done = captions(page).locator('.caption-done');
  await expect.poll(() => done.count(), { timeout: meeting.durationMs + 30_000 }).toBe(groups.length);
  expect(await captureTrackStates(page)).toContain('live');
  await pane(page).getByRole('button', { name: ui.translate.live.stop }).click();
  await pane(page).getByText(ui.translate.live.status.stopped).waitFor();
  await expect.poll(() => captureTrackStates(page)).toEqual(expect.arrayContaining(['ended']));
  expect(await captureTrackStates(page)).not.toContain('live');

  // The 10 s of silence and the tail sent nothing: one transcription and one translation a line.
  const transcriptions = gemini.requestsFor('generateContent').filter((request) => JSON.stringify(request.body).includes('"inlineData"'));
  expect(transcriptions).toHaveLength(groups.length);
  // Speaking order on screen, whatever order the replies came in.
  const starts = await captions(page).locator('.caption-line time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime')));
  const seconds = starts.map((start) => Number(/PT(\d+)S/.exec(start ?? '')?.[1]));
  expect(seconds).toEqual([...seconds].sort((a, b) => a - b));
  for (const [index, group] of groups.entries()) {
    expect(Math.abs(seconds[index]! * 1000 - group.startMs), `line ${index + 1}`).toBeLessThan(1500);
  }

  await pane(page).getByRole('button', { name: ui.translate.live.exportSrt }).click();
  await expect.poll(() => readdirSync(join(harness.dataDir, TRANSCRIPTS_DIR)).length).toBe(1);
  const [file] = readdirSync(join(harness.dataDir, TRANSCRIPTS_DIR));
  const cues = parseSrt(readFileSync(join(harness.dataDir, TRANSCRIPTS_DIR, file!), 'utf8'));
  expect(cues.map((cue) => cue.index)).toEqual(groups.map((_, index) => index + 1));
  expect(cues.every((cue, index) => index === 0 || cue.startMs >= cues[index - 1]!.endMs)).toBe(true);
  expect(cues.every((cue) => cue.lines.length === 2 && cue.lines[1]!.startsWith('Translated: Segment of'))).toBe(true);
  expect(pageProblems(consoleErrors)).toEqual([]);
});

it('T2: without voice detection (its files unavailable) the seeds’ fixed segments still caption, and Stop releases the microphone', async () => {
  const meeting = meetingAudio();
  const { gemini, harness, page, consoleErrors } = await startSignedInSession({ key: KEY, fakeMicrophone: meeting.file });
  gemini.script('generateContent', ...Array.from({ length: 30 }, () => captionReply()));
  await page.route('**/vad/**', (route) => route.abort());
  await openLiveCaptions(page, harness.url);
  await pane(page).getByRole('button', { name: ui.translate.live.start }).click();
  await pane(page).getByText(/^Fixed \d+-second segments/).waitFor({ timeout: 60_000 });
  await captions(page).locator('.caption-done').first().waitFor({ timeout: 30_000 });
  await pane(page).getByRole('button', { name: ui.translate.live.stop }).click();
  await pane(page).getByText(ui.translate.live.status.stopped).waitFor();
  await expect.poll(() => captureTrackStates(page)).toEqual(expect.arrayContaining(['ended']));
  expect(await captureTrackStates(page)).not.toContain('live');
  // The failed asset loads are the test's doing, not the page's.
  expect(pageProblems(consoleErrors).filter((problem) => !/vad|onnx|wasm|Failed to load|ERR_FAILED/i.test(problem))).toEqual([]);
});
