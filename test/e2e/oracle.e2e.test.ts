import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DEFAULT_MODELS } from '../../shared/settings';
import { jsonReply } from '../doubles/gemini-double';
import { LOG_FILE } from '../harness/start-harness';
import { askByKeyboard, pageProblems, tabTo } from './support/browser';
import { startSignedInSession } from './support/session';
import { ui } from './support/ui-text';

const KEY = 'AIzaSy-e2e-oracle-0123456789abcdef';
/**
 * The Gemini double's embeddings are hashed bags of words, so its cosines are lower than a real model's: on the
 * shipped guide a question in the guide's words scores about 0.5 and one about cake about 0.15. The floor is
 * calibrated for it in Settings, as a team would for its own model (O9).
 */
const DOUBLE_FLOOR = 0.3;
const KEY_QUESTION = 'How do I save my Gemini API key?';
const CAKE_QUESTION = 'Recipe for chocolate cake with strawberries';
const ANSWER = 'Open **Settings**, paste the key under Gemini API key and press Save; it goes to the system keychain.';

const pane = (page: Page) => page.getByRole('tabpanel');

it('asks the shipped guide through the harness: an answer with its sources, then an honest answer without a model call', async () => {
  const { gemini, harness, page, consoleErrors } = await startSignedInSession({
    key: KEY,
    settings: { knowledgeBase: { floors: { [DEFAULT_MODELS.embedding]: DOUBLE_FLOOR } } },
  });
  gemini.script('generateContent', jsonReply({ answer: ANSWER }));

  await page.goto(harness.url);
  await page.getByRole('tab', { name: ui.panes.secretary.title }).waitFor();
  // The panes' shortcut: Ctrl+2 is the Oracle.
  await page.keyboard.press('Control+2');
  expect(await page.getByRole('tab', { name: ui.panes.oracle.title }).getAttribute('aria-selected')).toBe('true');
  // The shipped guide is read and embedded at start; the index line says how much, with no keyword-only label.
  const status = pane(page).getByRole('region', { name: ui.oracle.status.heading });
  await status.getByText(/^\d+ notes$/).waitFor();
  await status.getByText(ui.oracle.status.indexedJustNow).waitFor({ timeout: 30_000 });
  expect(await status.getByText(ui.oracle.status.lexical).count()).toBe(0);

  await askByKeyboard(page, KEY_QUESTION);
  const log = pane(page).getByRole('log', { name: ui.oracle.chat.log });
  await log.getByText('it goes to the system keychain').waitFor();
  // Sanitized Markdown: the bold is an element, not asterisks.
  expect(await log.locator('strong', { hasText: 'Settings' }).count()).toBe(1);
  const sources = log.getByRole('list', { name: ui.oracle.sources.answer });
  await sources.getByRole('button', { name: /Gemini API key/ }).first().waitFor();
  expect(await sources.getByRole('meter').count()).toBeGreaterThan(0);

  const [synthesis] = gemini.requestsFor('generateContent');
  expect(JSON.stringify(synthesis?.body)).toContain(KEY_QUESTION);

  // Opening a source goes through main, which resolves it inside the folder (the harness only records it).
  await tabTo(page, sources.getByRole('button').first());
  await page.keyboard.press('Enter');
  await expect.poll(() => readFileSync(join(harness.dataDir, LOG_FILE), 'utf8')).toMatch(/note open requested.*resources\/knowledge-base\/en\//);

  // A new topic: without history the floor applies (O5 keeps it off for follow-ups).
  const generateCalls = gemini.requestsFor('generateContent').length;
  await tabTo(page, pane(page).getByRole('button', { name: ui.chat.newConversation }));
  await page.keyboard.press('Enter');
  await page.keyboard.type(CAKE_QUESTION);
  await page.keyboard.press('Enter');
  await log.getByText(ui.oracle.answer.honest).waitFor();
  await log.getByRole('list', { name: ui.oracle.sources.hints }).waitFor();
  // O4: no model was asked for the honest answer; only the question was embedded.
  expect(gemini.requestsFor('generateContent')).toHaveLength(generateCalls);

  // The weak question is the member's corpus gap.
  await tabTo(page, pane(page).getByRole('group', { name: ui.oracle.views.label }).getByRole('button', { name: ui.oracle.views.gaps }));
  await page.keyboard.press('Enter');
  await pane(page).getByRole('list', { name: ui.oracle.gaps.list }).getByText(CAKE_QUESTION).waitFor();
  expect(pageProblems(consoleErrors)).toEqual([]);
});
