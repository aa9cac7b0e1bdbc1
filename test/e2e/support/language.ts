import type { Page } from 'playwright-core';
import { LANGS_BY_NAME, type Lang } from '../../../shared/lang';
import { tabTo } from './browser';
import { ui } from './ui-text';

/**
 * Chooses `lang` in Settings by keyboard, as a member does, from the English UI following the system language:
 * Ctrl+6, the Language section from the section list, Tab to the list, then down past "System" to it. Resolves
 * once the window speaks it.
 */
export async function chooseLanguage(page: Page, lang: Lang): Promise<void> {
  await page.keyboard.press('Control+6');
  await tabTo(page, page.getByRole('navigation', { name: ui.settings.nav.label }).getByRole('link', { name: ui.settings.nav.language }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('combobox', { name: ui.settings.language.label }));
  for (let step = 0; step <= LANGS_BY_NAME.indexOf(lang); step++) await page.keyboard.press('ArrowDown');
  await page.locator(`html[lang="${lang}"]`).waitFor({ state: 'attached' });
}

/**
 * Switches the window to `lang` from whatever language it speaks now: Settings (Ctrl+6), then the one list whose
 * options are languages named in themselves (the captions' lists offer languages too, named in the UI's). Resolves
 * once the window speaks it.
 */
export async function switchLanguage(page: Page, lang: Lang): Promise<void> {
  await page.keyboard.press('Control+6');
  const list = page.getByRole('tabpanel').getByRole('combobox').filter({ has: page.locator(`option[lang="${lang}"]`) });
  await list.selectOption(lang);
  await page.locator(`html[lang="${lang}"]`).waitFor({ state: 'attached' });
}
