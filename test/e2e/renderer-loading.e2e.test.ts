import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { LANGS, type Lang } from '../../shared/lang';
import { VAD_ASSET_PATH, VAD_ASSETS } from '../../shared/vad-assets';
import type { Catalog } from '../../renderer/src/i18n/catalog';
import { chooseLanguage } from './support/language';
import { startSignedInSession } from './support/session';
import { meetingAudio } from './support/speech-audio';
import { ui, uiIn } from './support/ui-text';

const KEY = 'AIzaSy-e2e-loading-0123456789abcdef';

/** The path of every request the page has made so far. */
function recordRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

/** Whether a chunk of module `name` (`secretary-pane` for renderer/src/secretary/secretary-pane.tsx) was requested. */
const loadedChunk = (paths: readonly string[], name: string) => paths.some((path) => new RegExp(`/${name}-[\\w-]+\\.js$`).test(path));
const loadedVad = (paths: readonly string[]) => paths.filter((path) => path.startsWith(VAD_ASSET_PATH));
/** The languages whose catalogue chunk (renderer/src/i18n/locales/<lang>.ts) the page requested; English is bundled. */
const loadedLanguages = (paths: readonly string[]) => LANGS.filter((lang) => lang !== 'en' && loadedChunk(paths, lang));

/** Every text the sidebar's tabs have had, from before the page's first script: what the member could have seen. */
async function recordTabTexts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    // What the script uses of the page; this project's Node typings have no DOM.
    interface PageGlobals {
      tabTexts: string[];
      document: { querySelectorAll(selector: string): Iterable<{ textContent: string | null }> };
      MutationObserver: new (callback: () => void) => { observe(target: unknown, options: object): void };
    }
    const view = globalThis as unknown as PageGlobals;
    view.tabTexts = [];
    new view.MutationObserver(() => {
      for (const tab of view.document.querySelectorAll('[role="tab"]')) view.tabTexts.push(tab.textContent ?? '');
    }).observe(view.document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (globalThis as unknown as { tabTexts: string[] }).tabTexts);
}

const paneTitles = (catalog: Catalog) => Object.values(catalog.panes).map((pane) => pane.title);

it('the first paint loads the shell and the open pane only; the voice-activity model and wasm wait for live captions', async () => {
  const { page, harness } = await startSignedInSession({ key: KEY, fakeMicrophone: meetingAudio().file });
  const paths = recordRequests(page);
  await page.goto(harness.url);
  await page.getByRole('tabpanel').getByText(ui.panes.secretary.summary).waitFor();
  await page.waitForLoadState('networkidle');

  expect(loadedChunk(paths, 'secretary-pane')).toBe(true);
  for (const other of ['oracle-pane', 'assistant-pane', 'voice-pane', 'translate-pane', 'settings-pane', 'frame-processor', 'ort.wasm.min']) {
    expect(loadedChunk(paths, other), other).toBe(false);
  }
  expect(loadedVad(paths)).toEqual([]);

  // Opening the Translate pane loads its chunk, and still no detector.
  await page.keyboard.press('Control+5');
  await page.getByRole('tabpanel').getByRole('button', { name: ui.translate.views.live }).click();
  expect(loadedChunk(paths, 'translate-pane')).toBe(true);
  expect(loadedVad(paths)).toEqual([]);

  await page.getByRole('tabpanel').getByRole('button', { name: ui.translate.live.start }).click();
  await expect.poll(() => loadedChunk(paths, 'frame-processor') && loadedChunk(paths, 'ort.wasm.min')).toBe(true);
  const model: Array<keyof typeof VAD_ASSETS> = ['silero_vad_v5.onnx', 'ort-wasm-simd-threaded.wasm'];
  await expect
    .poll(() => loadedVad(paths).map((path) => path.slice(VAD_ASSET_PATH.length)), { timeout: 60_000 })
    .toEqual(expect.arrayContaining(model));
});

it('UQ11: a member who chose Arabic gets Arabic from the first paint: its catalogue alone is loaded, no English word first', async () => {
  const { page, harness } = await startSignedInSession({ key: KEY, settings: { language: 'ar' satisfies Lang } });
  const paths = recordRequests(page);
  const tabTexts = await recordTabTexts(page);
  await page.goto(harness.url);
  await page.getByRole('tab', { name: uiIn.ar.panes.secretary.title }).waitFor();
  await page.waitForLoadState('networkidle');

  expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
  const drawn = await tabTexts();
  expect(drawn.length).toBeGreaterThan(0);
  const english = paneTitles(ui);
  expect(drawn.filter((text) => english.some((title) => text.includes(title)))).toEqual([]);
  expect(loadedLanguages(paths)).toEqual(['ar']);
});

it('UQ11: an English member loads no other language until choosing one in Settings, which loads it', async () => {
  const { page, harness } = await startSignedInSession({ key: KEY });
  const paths = recordRequests(page);
  await page.goto(harness.url);
  await page.getByRole('tab', { name: ui.panes.secretary.title }).waitFor();
  await page.waitForLoadState('networkidle');
  expect(loadedLanguages(paths)).toEqual([]);

  await chooseLanguage(page, 'es');
  expect(loadedLanguages(paths)).toEqual(['es']);
  await page.getByRole('tab', { name: uiIn.es.panes.secretary.title }).waitFor();
});
