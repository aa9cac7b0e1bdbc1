import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { googleError, invalidKey, status } from '../doubles/gemini-double';
import { pageProblems, tabTo } from './support/browser';
import { startSession, startSignedInSession } from './support/session';
import { ui } from './support/ui-text';

const GOOD_KEY = 'AIzaSy-e2e-checked-key-0123456789';
const BAD_KEY = 'AIzaSy-e2e-refused-key-9876543210';
const MADE_UP_MODEL = 'gemini-9-ultra';

const geminiSection = (page: Page) => page.getByRole('region', { name: ui.settings.apiKey.heading });
const modelsSection = (page: Page) => page.getByRole('region', { name: ui.settings.models.heading });
/** The key's state line ("Working", "Not working"...), whose dot is drawn by its class. */
const keyState = (page: Page, words: string) => geminiSection(page).getByText(words, { exact: true });

/** A harness whose Gemini key is GOOD_KEY, given in its config (so never checked yet), with Settings open. */
async function settingsWithKey() {
  const session = await startSession({ validKeys: [GOOD_KEY], config: { secretValues: { 'gemini.apiKey': GOOD_KEY } } });
  await openSettings(session.page, session.harness.url);
  return session;
}

async function openSettings(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('tab', { name: ui.panes.secretary.title }).waitFor();
  await page.keyboard.press('Control+Comma');
  await geminiSection(page).getByRole('heading', { name: ui.settings.apiKey.heading }).waitFor();
}

async function press(page: Page, name: string) {
  await tabTo(page, geminiSection(page).getByRole('button', { name, exact: true }));
  await page.keyboard.press('Enter');
}

/** Whether the state line's dot is the green "works" one. */
const isGreen = (page: Page, words: string) => keyState(page, words).evaluate((line) => line.classList.contains('key-state-on'));

it('after a failed Check key the dot is no longer green, and the result and its reason survive a reload', async () => {
  const { gemini, harness, page, consoleErrors } = await settingsWithKey();
  await press(page, ui.settings.apiKey.check);
  await keyState(page, ui.settings.apiKey.state.works).waitFor();
  expect(await isGreen(page, ui.settings.apiKey.state.works)).toBe(true);

  // Google revokes the key; the member checks it again.
  gemini.script('generateContent', invalidKey());
  await press(page, ui.settings.apiKey.check);
  await geminiSection(page).getByText(ui.errors.reason.invalid_key).waitFor();
  await keyState(page, ui.settings.apiKey.state.failed).waitFor();
  expect(await isGreen(page, ui.settings.apiKey.state.failed)).toBe(false);
  expect(await keyState(page, ui.settings.apiKey.state.works).count()).toBe(0);

  await page.reload();
  await openSettings(page, harness.url);
  await keyState(page, ui.settings.apiKey.state.failed).waitFor();
  await geminiSection(page).getByText(ui.errors.reason.invalid_key).waitFor();
  expect(await geminiSection(page).getByText(ui.settings.apiKey.configured, { exact: true }).count()).toBe(0);
  expect(pageProblems(consoleErrors)).toEqual([]);
});

it('Replace with a key Google refuses saves nothing: the form stays open and the old key keeps working', async () => {
  const { gemini, harness, page, consoleErrors } = await settingsWithKey();
  await press(page, ui.settings.apiKey.replace);
  await page.keyboard.type(BAD_KEY);
  await page.keyboard.press('Enter');

  await geminiSection(page).getByText(ui.errors.reason.invalid_key).waitFor();
  // Main tried the typed key on the models endpoint, and stored nothing.
  expect(gemini.requestsFor('getModel').map(({ apiKey }) => apiKey)).toEqual([BAD_KEY]);
  const field = geminiSection(page).getByLabel(ui.settings.apiKey.label, { exact: true });
  expect(await field.evaluate((element) => element.ownerDocument.activeElement === element)).toBe(true);
  expect(await geminiSection(page).getByText(ui.settings.apiKey.saved).count()).toBe(0);

  await page.reload();
  await openSettings(page, harness.url);
  await press(page, ui.settings.apiKey.check);
  await geminiSection(page).getByText(ui.settings.apiKey.works, { exact: true }).waitFor();
  expect(gemini.requestsFor('generateContent').map(({ apiKey }) => apiKey)).toEqual([GOOD_KEY]);
  expect(pageProblems(consoleErrors)).toEqual([]);
});

it('a made-up model id is refused by name, and the model saved before stays', async () => {
  // The models are a signed-in member's to change (SEC-5).
  const { gemini, harness, page, consoleErrors } = await startSignedInSession({ key: GOOD_KEY });
  await openSettings(page, harness.url);
  gemini.scriptFor(
    MADE_UP_MODEL,
    'getModel',
    status(404, googleError(404, `models/${MADE_UP_MODEL} is not found for API version v1beta, or is not supported for generateContent.`)),
  );
  const oracle = modelsSection(page).getByRole('textbox', { name: ui.settings.models.roles.oracle, exact: true });
  const before = await oracle.inputValue();
  await tabTo(page, oracle);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(MADE_UP_MODEL);
  await page.keyboard.press('Enter');

  const refusal = ui.settings.models.unavailable.replace('{{id}}', MADE_UP_MODEL);
  await modelsSection(page).getByText(refusal).waitFor();
  expect(await oracle.getAttribute('aria-invalid')).toBe('true');
  expect(await modelsSection(page).getByText(ui.settings.models.saved).count()).toBe(0);

  await page.reload();
  await openSettings(page, harness.url);
  await expect.poll(() => oracle.inputValue()).toBe(before);
  expect(pageProblems(consoleErrors)).toEqual([]);
});
