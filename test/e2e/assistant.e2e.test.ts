import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DEGRADED_ANSWER } from '../../shared/assistant';
import { ASSISTANT_ATTEMPTS } from '../../electron/main/gemini/retry-policy';
import { functionCallReply, status, stream, textChunk } from '../doubles/gemini-double';
import { LOG_FILE } from '../harness/start-harness';
import { askByKeyboard, pageProblems, tabTo } from './support/browser';
import { chooseLanguage } from './support/language';
import { startSignedInSession } from './support/session';
import { ui } from './support/ui-text';

const KEY = 'AIzaSy-e2e-assistant-0123456789abcdef';
const QUESTION = 'How do I save my Gemini API key?';
const ARABIC_ANSWER = 'افتح الإعدادات، ثم الصق المفتاح واضغط حفظ.';

const pane = (page: Page) => page.getByRole('tabpanel');
// By its role alone: its name follows the interface language, which the test switches to Arabic.
/** The conversation, whatever the language names it: the hidden log after it only announces finished answers. */
const log = (page: Page) => pane(page).getByRole('log').first();

it('asks the assistant by keyboard: its steps appear, the answer streams in, a source opens; in Arabic it reads right to left; a 503 gives the marked fallback', async () => {
  const { gemini, harness, page, consoleErrors } = await startSignedInSession({ key: KEY });
  gemini.script(
    'streamGenerateContent',
    functionCallReply('search_knowledge', { query: 'Gemini API key' }),
    stream([textChunk('Open **Settings**, '), textChunk('paste the key '), textChunk('and press Save.', { finishReason: 'STOP' })], { chunkDelayMs: 400 }),
  );

  await page.goto(harness.url);
  await page.getByRole('tab', { name: ui.panes.secretary.title }).waitFor();
  // Ctrl+3 is the Assistant.
  await page.keyboard.press('Control+3');
  expect(await page.getByRole('tab', { name: ui.panes.assistant.title }).getAttribute('aria-selected')).toBe('true');

  await askByKeyboard(page, QUESTION);
  expect(await pane(page).getByRole('log', { name: ui.assistant.chat.log }).count()).toBe(1);
  // The step is shown as soon as the app has run it, before the answer.
  const steps = log(page).getByRole('list', { name: ui.assistant.steps.heading });
  await steps.getByText('Searched the notes for “Gemini API key”').waitFor();
  // The answer arrives piece by piece: its first words are on screen while it is still being written.
  await log(page).getByText('Open', { exact: false }).first().waitFor();
  await log(page).getByText(ui.assistant.chat.writing).waitFor();
  await log(page).getByText(/and press Save\./).waitFor();
  expect(await log(page).getByText(ui.assistant.chat.writing).count()).toBe(0);
  // The answer's Markdown is rendered (the step's details, rendered too, may quote the same words).
  expect(await log(page).locator(':not(.assistant-step-text) > .answer-text strong', { hasText: 'Settings' }).count()).toBe(1);

  // The passages it searched are the answer's sources, and open the note.
  const sources = log(page).getByRole('list', { name: ui.assistant.answer.notes });
  await tabTo(page, sources.getByRole('button').first());
  await page.keyboard.press('Enter');
  await expect.poll(() => readFileSync(join(harness.dataDir, LOG_FILE), 'utf8')).toMatch(/note open requested.*resources\/knowledge-base\//);
  const [first] = gemini.requestsFor('streamGenerateContent');
  expect(JSON.stringify(first?.body)).toContain('answer ONLY in English');

  // Arabic, chosen in Settings by keyboard: the whole app and the answer read right to left.
  await chooseLanguage(page, 'ar');
  await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl');
  await page.keyboard.press('Control+3');
  gemini.script('streamGenerateContent', stream([textChunk(ARABIC_ANSWER, { finishReason: 'STOP' })]));
  await askByKeyboard(page, 'And the Zoho client?');
  const arabic = log(page).getByText(ARABIC_ANSWER);
  await arabic.waitFor();
  expect(await arabic.evaluate((element) => element.ownerDocument.defaultView!.getComputedStyle(element).direction)).toBe('rtl');
  const asked = gemini.requestsFor('streamGenerateContent').at(-1);
  expect(JSON.stringify(asked?.body)).toContain('answer ONLY in Arabic');

  // Gemini down: after the retries, the fallback in the member's language, marked as one.
  gemini.script('streamGenerateContent', ...Array.from({ length: ASSISTANT_ATTEMPTS }, () => status(503)));
  await askByKeyboard(page, 'One more question');
  await log(page).getByText(DEGRADED_ANSWER.ar).waitFor({ timeout: 30_000 });
  await log(page).locator('.bubble-badge-warning').waitFor();
  expect(pageProblems(consoleErrors)).toEqual([]);
});
