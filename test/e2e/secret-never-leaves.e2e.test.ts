import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { contract } from '../../shared/ipc/contract';
import { LOG_FILE } from '../harness/start-harness';
import { openSocket } from '../harness/socket-client';
import { tabTo } from './support/browser';
import { startSession } from './support/session';
import { ui } from './support/ui-text';

const KEY = 'AIzaSy-e2e-never-leaves-0123456789abcdef';

it('a key typed in Settings and used appears in no log line, no data file and no socket reply', async () => {
  const { harness, page, socketFrames } = await startSession({ validKeys: [KEY] });
  await page.goto(harness.url);
  await page.getByRole('tab', { name: ui.panes.secretary.title }).waitFor();
  await page.keyboard.press('Control+Comma');
  await tabTo(page, page.getByLabel(ui.settings.apiKey.label, { exact: true }));
  await page.keyboard.type(KEY);
  await page.keyboard.press('Enter');
  // Main tried it with Google before storing it.
  await page.getByText(ui.settings.apiKey.state.works, { exact: true }).waitFor();
  // Saving leaves the keyboard on Replace; Check key is the button just before it.
  await page.keyboard.press('Shift+Tab');
  await tabTo(page, page.getByRole('button', { name: ui.settings.apiKey.check }));
  await page.keyboard.press('Enter');
  await page.getByText(ui.settings.apiKey.works, { exact: true }).waitFor();

  // A tool on the socket asks everything that needs no input.
  const client = await openSocket(harness.ws);
  const channels = Object.entries(contract).filter(([, def]) => def.input.safeParse({}).success);
  const replies = [];
  for (const [channel] of channels) replies.push(await client.call(channel));
  await client.close();
  expect(replies).toContainEqual({
    ok: true,
    value: { configured: expect.objectContaining({ 'gemini.apiKey': true }), geminiCheck: expect.objectContaining({ outcome: 'works' }) },
  });
  // Stopped, so the database has closed and checkpointed what it wrote.
  await harness.stop();

  const files = readdirSync(harness.dataDir);
  expect(files).toContain(LOG_FILE);
  expect(readFileSync(join(harness.dataDir, LOG_FILE), 'utf8')).toMatch(/harness started/);
  for (const file of files) {
    expect(readFileSync(join(harness.dataDir, file)).includes(Buffer.from(KEY, 'utf8')), file).toBe(false);
  }
  expect(socketFrames.length).toBeGreaterThan(0);
  expect(socketFrames.join('\n')).not.toContain(KEY);
  expect(client.frames.join('\n')).not.toContain(KEY);
  expect(JSON.stringify(replies)).not.toContain(KEY);
  expect(harness.stderr()).not.toContain(KEY);
});
