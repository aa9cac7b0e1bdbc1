import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { pageProblems } from './support/browser';
import { startSignedInSession } from './support/session';
import { ui } from './support/ui-text';

const KEY = 'AIzaSy-e2e-shortcuts-key-0123456789';

const shortcutsSection = (page: Page) => page.getByRole('region', { name: ui.settings.shortcuts.heading });
const isFocused = (field: Locator) => field.evaluate((element) => element.ownerDocument.activeElement === element);

/** Settings, at its Shortcuts section. */
async function openShortcuts(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('tab', { name: ui.panes.secretary.title }).waitFor();
  await page.keyboard.press('Control+Comma');
  await page.getByRole('link', { name: ui.settings.shortcuts.heading, exact: true }).click();
  await shortcutsSection(page).getByRole('heading', { name: ui.settings.shortcuts.heading }).waitFor();
}

it('UQ9: the shortcut field keeps focus and listening after a save, says Saved beside it, and announces refusals', async () => {
  const { harness, page, consoleErrors } = await startSignedInSession({ key: KEY });
  await openShortcuts(page, harness.url);
  const quickAsk = shortcutsSection(page).getByRole('textbox', { name: ui.settings.shortcuts.quickAsk.label, exact: true });
  const pushToTalk = shortcutsSection(page).getByRole('textbox', { name: ui.settings.shortcuts.pushToTalk.label, exact: true });

  await quickAsk.click();
  await page.keyboard.press('Control+Alt+K');
  const saved = (keys: string) => ui.settings.shortcuts.saved.replace('{{name}}', ui.settings.shortcuts.quickAsk.label).replace('{{keys}}', keys);
  // Beside the field that changed, in a live region: not at the foot of the section, nor beside another field.
  const quickAskField = quickAsk.locator('xpath=..');
  await quickAskField.getByRole('status').getByText(saved('Ctrl+Alt+K')).waitFor();
  expect(await pushToTalk.locator('xpath=..').getByText(saved('Ctrl+Alt+K')).count()).toBe(0);
  expect(await quickAsk.inputValue()).toBe('Ctrl+Alt+K');

  // Still focused, still listening: the next keys make the next shortcut, with no click in between.
  expect(await isFocused(quickAsk)).toBe(true);
  await page.keyboard.press('Control+Alt+J');
  await quickAskField.getByRole('status').getByText(saved('Ctrl+Alt+J')).waitFor();
  expect(await quickAsk.inputValue()).toBe('Ctrl+Alt+J');
  expect(await isFocused(quickAsk)).toBe(true);

  // A key no shortcut may take is refused out loud, as an alert, and the saved shortcut stays.
  await page.keyboard.press('KeyQ');
  const refusal = quickAskField.getByRole('alert');
  await refusal.waitFor();
  expect(await refusal.textContent()).toMatch(/^Hold /);
  expect(await quickAsk.getAttribute('aria-invalid')).toBe('true');
  await page.keyboard.press('Escape');
  expect(await quickAsk.inputValue()).toBe('Ctrl+Alt+J');
  expect(pageProblems(consoleErrors)).toEqual([]);
});
