import { expect, it, onTestFinished } from 'vitest';
import { hang, jsonReply } from '../doubles/gemini-double';
import { answerTo, SEEDED_QUESTIONS } from '../doubles/zoho-double';
import { readListedResult } from '../support/secretary/secretary-prompt';
import { launchChromium, newPage, pageProblems } from './support/browser';
import { startSecretaryWorld } from './support/secretary-world';
import { ui } from './support/ui-text';

const QUESTION = SEEDED_QUESTIONS.find((seeded) => seeded.question === 'When is the next maintenance window?')!;
const LOOKUP_TIMEOUT_MS = 30_000;

it("UQ9: the Secretary's lookups appear as they happen: search and read on screen while the answer is still coming", async () => {
  const world = await startSecretaryWorld();
  const { harness } = await world.startHarness();
  const browser = await launchChromium();
  onTestFinished(() => browser.close());
  const { page, consoleErrors } = await newPage(browser);
  await page.goto(harness.url);

  const notice = answerTo(world.zoho.mailbox, QUESTION);
  // The model searches, reads the notice, and then never answers: whatever the pane shows came before any answer.
  world.gemini.script(
    'generateContent',
    jsonReply({ action: 'buscar', subject: 'maintenance' }),
    readListedResult((results) => results.find((result) => result.messageId === notice.messageId)),
    hang(),
  );
  const pane = page.getByRole('tabpanel');
  const box = pane.getByRole('textbox', { name: ui.chat.label });
  await box.fill(QUESTION.question);
  await box.press('Enter');

  const lookups = pane.getByRole('list', { name: ui.secretary.chat.lookups });
  await lookups.getByText(ui.assistant.steps.readMail).waitFor({ timeout: LOOKUP_TIMEOUT_MS });
  await expect(lookups.getByRole('listitem').allTextContents()).resolves.toEqual([
    expect.stringContaining('Searched your mail: subject “maintenance”'),
    expect.stringContaining(`${ui.assistant.steps.readMail} · ${ui.assistant.steps.readStatus.read}`),
  ]);
  expect(await pane.getByText(ui.secretary.chat.thinking).isVisible()).toBe(true);

  // Cancel stops main's call (the model request hangs until then) and the lookups stay with the cancelled question.
  await pane.getByRole('button', { name: ui.common.cancel }).click();
  await pane.getByRole('log', { name: ui.secretary.chat.log }).getByText(ui.chat.cancelled).waitFor();
  expect(await lookups.getByRole('listitem').count()).toBe(2);
  expect(pageProblems(consoleErrors)).toEqual([]);
});
