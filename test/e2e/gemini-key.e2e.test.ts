import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { tabTo } from './support/browser';
import { startSession } from './support/session';
import { startOf, ui } from './support/ui-text';

const GOOD_KEY = 'AIzaSy-e2e-good-key-0123456789';
const BAD_KEY = 'AIzaSy-e2e-refused-key-9876543210';
const keyWorks = startOf(ui.settings.apiKey.works);

// Settings has other write-only secrets (the Zoho client): look inside the Gemini key's own section.
const geminiSection = (page: Page) => page.getByRole('region', { name: ui.settings.apiKey.heading });
const keyField = (page: Page) => geminiSection(page).getByLabel(ui.settings.apiKey.label, { exact: true });
const configured = (page: Page) => geminiSection(page).getByText(ui.settings.apiKey.configured, { exact: true });
const notConfigured = (page: Page) => geminiSection(page).getByText(ui.settings.apiKey.notConfigured, { exact: true });
const heading = (page: Page) => page.getByRole('heading', { name: ui.settings.apiKey.heading });

async function openSettings(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('tab', { name: ui.panes.secretary.title }).waitFor();
  await page.keyboard.press('Control+Comma');
  await heading(page).waitFor();
}

async function saveKey(page: Page, key: string) {
  await tabTo(page, keyField(page));
  await page.keyboard.type(key);
  await page.keyboard.press('Enter');
  // Saved: the form closes and the key shows as configured.
  await keyField(page).waitFor({ state: 'detached' });
  await configured(page).waitFor();
}

async function checkKey(page: Page) {
  await tabTo(page, geminiSection(page).getByRole('button', { name: ui.settings.apiKey.check }));
  await page.keyboard.press('Enter');
}

const csp = (errors: string[]) => errors.filter((line) => /content security policy/i.test(line));

it('saves, checks and replaces the Gemini key by keyboard alone, and it stays configured after a reload', async () => {
  const { gemini, harness, page, consoleErrors } = await startSession({ validKeys: [GOOD_KEY] });

  await openSettings(page, harness.url);
  await notConfigured(page).waitFor();
  await saveKey(page, GOOD_KEY);

  await checkKey(page);
  await page.getByText(keyWorks).waitFor();
  expect(gemini.requests.map((request) => request.apiKey)).toContain(GOOD_KEY);

  await tabTo(page, geminiSection(page).getByRole('button', { name: ui.settings.apiKey.replace }));
  await page.keyboard.press('Enter');
  await saveKey(page, BAD_KEY);
  await checkKey(page);
  await page.getByText(ui.errors.reason.invalid_key).waitFor();
  expect(gemini.requests.at(-1)?.apiKey).toBe(BAD_KEY);

  await page.reload();
  await heading(page).waitFor();
  await configured(page).waitFor();
  // The socket to ws://<page host>/ipc is allowed by the page's own policy (connect-src 'self').
  expect(csp(consoleErrors)).toEqual([]);
});

it('shows a key given in the harness config (secretValues) as configured at once, and it works', async () => {
  const { harness, page, consoleErrors } = await startSession({
    validKeys: [GOOD_KEY],
    config: { secretValues: { 'gemini.apiKey': GOOD_KEY } },
  });

  await openSettings(page, harness.url);
  await configured(page).waitFor();
  await checkKey(page);

  await page.getByText(keyWorks).waitFor();
  expect(await notConfigured(page).count()).toBe(0);
  expect(csp(consoleErrors)).toEqual([]);
});
