import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { VAD_ASSET_PATH, VAD_ASSETS } from '../../shared/vad-assets';
import { startSignedInSession } from './support/session';
import { meetingAudio } from './support/speech-audio';
import { ui } from './support/ui-text';

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
