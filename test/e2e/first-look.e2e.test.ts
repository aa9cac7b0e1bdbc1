import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { LANG_NATIVE_NAMES, LANGS_BY_NAME } from '../../shared/lang';
import { stream, textChunk } from '../doubles/gemini-double';
import { askByKeyboard, pageProblems, tabTo } from './support/browser';
import { startSignedInSession } from './support/session';
import { ui } from './support/ui-text';

/** The smaller things a new member met on a first look (issue 11, defects 12, 14 and 15), by keyboard. */

const KEY = 'AIzaSy-e2e-first-look-0123456789abcdef';
const pane = (page: Page) => page.getByRole('tabpanel');

async function openDesk() {
  const session = await startSignedInSession({ key: KEY });
  await session.page.goto(session.harness.url);
  await session.page.getByRole('tab', { name: ui.panes.secretary.title }).waitFor();
  return session;
}

it('Corpus gaps with no question asked says so, instead of "the notes had something relevant for everything you asked"', async () => {
  const { page, consoleErrors } = await openDesk();
  await page.keyboard.press('Control+2');
  await tabTo(page, pane(page).getByRole('button', { name: ui.oracle.views.gaps }));
  await page.keyboard.press('Enter');

  await pane(page).getByText(ui.oracle.gaps.noQuestions).waitFor();
  expect(await pane(page).getByText(ui.oracle.gaps.none).count()).toBe(0);
  expect(pageProblems(consoleErrors)).toEqual([]);
});

it('New conversation can be undone: the cleared conversation comes back whole', async () => {
  const { gemini, page, consoleErrors } = await openDesk();
  const answer = 'Open Settings, find Zoho Mail and press Connect.';
  gemini.script('streamGenerateContent', stream([textChunk(answer, { finishReason: 'STOP' })]));
  await page.keyboard.press('Control+3');
  await askByKeyboard(page, 'How do I connect my mailbox?');
  const log = pane(page).getByRole('log', { name: ui.assistant.chat.log });
  await log.getByText(answer).waitFor();

  await tabTo(page, pane(page).getByRole('button', { name: ui.chat.newConversation }));
  await page.keyboard.press('Enter');
  await pane(page).getByText(ui.chat.cleared).waitFor();
  expect(await log.getByText(answer).count()).toBe(0);

  await tabTo(page, pane(page).getByRole('button', { name: ui.chat.undo }));
  await page.keyboard.press('Enter');
  await log.getByText(answer).waitFor();
  await log.getByText('How do I connect my mailbox?').waitFor();
  expect(await pane(page).getByText(ui.chat.cleared).count()).toBe(0);
  expect(pageProblems(consoleErrors)).toEqual([]);
});

it('the language list names each language in its own words, in one stable order', async () => {
  const { page } = await openDesk();
  await page.keyboard.press('Control+6');
  const picker = page.getByRole('combobox', { name: ui.settings.language.label });
  // Settings loads on its first visit (a chunk of its own); allTextContents() does not wait for it.
  await picker.waitFor();
  const options = await picker.locator('option').allTextContents();
  // "System" first, then every language by its own name.
  expect(options.slice(1)).toEqual(LANGS_BY_NAME.map((lang) => LANG_NATIVE_NAMES[lang]));
  expect(options.slice(1, 3)).toEqual(['English', 'Español']);
});
