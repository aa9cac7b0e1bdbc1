import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { QUICK_ASK_SIZE } from '../../electron/main/platform/quick-ask-window-options';
import { functionCallReply, stream, textChunk } from '../doubles/gemini-double';
import { LOG_FILE } from '../harness/start-harness';
import { pageProblems } from './support/browser';
import { quickAskUrl } from './support/quick-ask';
import { startSignedInSession } from './support/session';
import { ui } from './support/ui-text';

const KEY = 'AIzaSy-e2e-quick-ask-0123456789abcdef';

const answer = (page: Page) => page.getByRole('region', { name: ui.quickAsk.answer });

it('quick ask: type a question, Enter, the Assistant’s answer streams in place with its step; Escape asks main to hide the window', async () => {
  const { gemini, harness, page, consoleErrors, socketFrames } = await startSignedInSession({ key: KEY });
  gemini.script(
    'streamGenerateContent',
    functionCallReply('get_server_time', {}),
    stream([textChunk('It is a quarter '), textChunk('past ten '), textChunk('in Ulaanbaatar.', { finishReason: 'STOP' })], { chunkDelayMs: 400 }),
  );
  const sent: string[] = [];
  page.on('websocket', (socket) => socket.on('framesent', ({ payload }) => sent.push(payload.toString())));
  await page.setViewportSize(QUICK_ASK_SIZE);
  await page.goto(quickAskUrl(harness.url));

  // The window opens to be typed in: the box has the keyboard without a click.
  const box = page.getByRole('textbox', { name: ui.quickAsk.placeholder.assistant });
  await expect.poll(() => box.evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);
  await expect.poll(() => box.isEnabled()).toBe(true);
  await page.keyboard.type('What time is it?');
  await page.keyboard.press('Enter');

  // The step shows as soon as the app ran it; the answer arrives piece by piece, in place, under the question.
  await answer(page).getByText('What time is it?').waitFor();
  await answer(page).getByRole('list', { name: ui.assistant.steps.heading }).waitFor();
  await answer(page).getByText(/It is a quarter/).waitFor();
  await answer(page).getByText(ui.assistant.chat.writing).waitFor();
  await answer(page).getByText(/past ten in Ulaanbaatar\./).waitFor();
  expect(await answer(page).getByText(ui.assistant.chat.writing).count()).toBe(0);
  expect(socketFrames.some((frame) => frame.includes('"assistant:done"'))).toBe(true);

  await page.keyboard.press('Escape');
  await expect.poll(() => sent.some((frame) => frame.includes('"desktop:hideQuickAsk"'))).toBe(true);
  await expect.poll(() => readFileSync(join(harness.dataDir, LOG_FILE), 'utf8')).toMatch(/quick ask hide requested/);
  expect(pageProblems(consoleErrors)).toEqual([]);
});
