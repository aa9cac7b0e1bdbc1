import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DEFAULT_MODELS } from '../../shared/settings';
import { jsonReply, liveScript, type GeminiStep } from '../doubles/gemini-double';
import { askByKeyboard, pageProblems } from './support/browser';
import { startSignedInSession } from './support/session';
import { earlySpeechAudio, stretchesOfSpeech, type MeetingAudio } from './support/speech-audio';
import { startOf, ui } from './support/ui-text';

const KEY = 'AIzaSy-e2e-meeting-notes-0123456789abcdef';
/** The Gemini double's hashed embeddings score lower than a real model's (test/e2e/oracle.e2e.test.ts). */
const DOUBLE_FLOOR = 0.3;
const TITLE = 'Release planning with the support team';
const DECISION = 'The release date moves to March 3 so support can prepare the rollout.';
const QUESTION = 'What did we decide about the release date?';

const pane = (page: Page) => page.getByRole('tabpanel');

/** Live translation hears the meeting one stretch at a time: its words, and a translation marked as such. */
function liveTranslationOf(meeting: MeetingAudio): GeminiStep {
  const utterances = stretchesOfSpeech(meeting).map(({ startMs, endMs }) => {
    const heard = meeting.truth.filter((utterance) => utterance.startMs >= startMs && utterance.endMs <= endMs).map((utterance) => utterance.text);
    return { heard: heard.join(' '), translation: `Translated: ${heard.join(' ')}`, speechMs: endMs - startMs };
  });
  return liveScript({ turns: [], translation: { utterances } });
}

it('MN: captions from the microphone, Stop, Save meeting notes with an edited title; the Oracle then lists that note first', async () => {
  const meeting = earlySpeechAudio();
  const { gemini, harness, page, consoleErrors } = await startSignedInSession({
    key: KEY,
    fakeMicrophone: meeting.file,
    settings: { knowledgeBase: { floors: { [DEFAULT_MODELS.embedding]: DOUBLE_FLOOR } } },
  });
  gemini.scriptFor(DEFAULT_MODELS.liveTranslate, 'live', liveTranslationOf(meeting));
  gemini.script(
    'generateContent',
    // The meeting's summary, then the Oracle's answer from the notes it lists.
    jsonReply({ title: 'Weekly sync', summary: 'The team planned the release.', decisions: [DECISION], actions: [], openQuestions: [] }),
    jsonReply({ answer: 'The release date moves to March 3.' }),
  );

  await page.goto(harness.url);
  await page.getByRole('tab', { name: ui.panes.secretary.title }).waitFor();
  await page.keyboard.press('Control+5');
  await pane(page).getByRole('button', { name: ui.translate.views.live }).click();
  await pane(page).getByRole('button', { name: ui.translate.live.start }).click();
  const done = pane(page).getByRole('region', { name: ui.translate.live.captions }).locator('.caption-done');
  await expect.poll(() => done.count(), { timeout: meeting.durationMs + 30_000 }).toBe(stretchesOfSpeech(meeting).length);
  // While captions run there is nothing to save yet.
  expect(await pane(page).getByRole('button', { name: ui.translate.meetingNotes.open }).count()).toBe(0);
  await pane(page).getByRole('button', { name: ui.translate.live.stop }).click();

  await pane(page).getByRole('button', { name: ui.translate.meetingNotes.open }).first().click();
  const dialog = page.getByRole('dialog', { name: ui.translate.meetingNotes.heading });
  const title = dialog.getByRole('textbox', { name: ui.translate.meetingNotes.title });
  await title.waitFor({ timeout: 30_000 });
  expect(await title.inputValue()).toBe('Weekly sync');
  const text = await dialog.getByRole('textbox', { name: ui.translate.meetingNotes.text }).inputValue();
  expect(text).toContain(DECISION);
  expect(text).toContain(meeting.truth[0]!.text);
  // Nothing of the meeting is on disk before Save.
  expect(notesIn(harness.dataDir)).toEqual([]);
  // What the model read: the captions' words, inside the untrusted-data fence.
  const summary = JSON.stringify(gemini.requestsFor('generateContent')[0]?.body);
  expect(summary).toContain(meeting.truth[0]!.text);

  await title.fill(TITLE);
  await dialog.getByRole('button', { name: ui.translate.meetingNotes.save }).click();
  await dialog.getByText(startOf(ui.translate.meetingNotes.saved)).waitFor({ timeout: 30_000 });
  const [saved] = notesIn(harness.dataDir);
  expect(saved).toBeDefined();
  // Where it went, as oracle:openNote takes it.
  await dialog.getByText(`meetings/${saved}`, { exact: false }).waitFor();
  const note = readFileSync(join(harness.dataDir, 'meetings', saved!), 'utf8');
  expect(note).toMatch(/^---\n[\s\S]*type: meeting[\s\S]*\n---\n/);
  expect(note).toContain(`# ${TITLE}`);
  await dialog.getByRole('button', { name: ui.translate.meetingNotes.close }).click();

  // A minute later, a question about a decision finds the note first among the sources.
  await page.keyboard.press('Control+2');
  await askByKeyboard(page, QUESTION);
  const log = pane(page).getByRole('log', { name: ui.oracle.chat.log });
  await log.getByText('The release date moves to March 3.').waitFor({ timeout: 30_000 });
  const sources = log.getByRole('list', { name: ui.oracle.sources.answer });
  await expect.poll(() => sources.getByRole('button').first().textContent()).toContain(TITLE);
  expect(pageProblems(consoleErrors)).toEqual([]);
});

/** The meeting notes the harness's app saved beside the shipped guide (its data folder's meetings/). */
function notesIn(dataDir: string): string[] {
  try {
    return readdirSync(join(dataDir, 'meetings')).filter((name) => name.endsWith('.md'));
  } catch {
    return [];
  }
}
