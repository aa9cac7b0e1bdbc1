import type { Locator, Page } from 'playwright-core';
import { expect, it, onTestFinished } from 'vitest';
import { jsonReply } from '../doubles/gemini-double';
import { status, type SeededMessage } from '../doubles/zoho-double';
import { deliver, markRead, MORNING_ARRIVALS } from '../support/digest/mailbox-changes';
import { launchChromium, newPage, pageProblems, tabTo } from './support/browser';
import { OWNER_MEMBER, startSecretaryWorld, type SecretaryWorld } from './support/secretary-world';
import { ui } from './support/ui-text';

/*
 * Issue 11, defects 1, 8 and 13, in Chromium through the harness: "What needs you" keeps its items from one pass to
 * the next until the mail is read or the item dismissed; a failed scheduled pass says so; a revoked mailbox is one
 * state with one sentence and one action, in the gate and on "Run pass now".
 */

const WAIT_MS = 30_000;
const MINUTE_MS = 60_000;
const digestText = ui.secretary.digest;
const REVOKED = ui.errors.reason.zoho_reconnect_needed;

const secretary = (page: Page) => page.getByRole('tabpanel');
const passRegion = (page: Page) => secretary(page).getByRole('region', { name: digestText.heading });
const needsYou = (page: Page) => passRegion(page).getByRole('list', { name: digestText.items });
const dismissButton = (page: Page, message: SeededMessage) =>
  passRegion(page).getByRole('button', { name: digestText.dismiss.replace('{{subject}}', message.subject).replace('{{from}}', message.sender) });

/** The harness signed in as the mailbox's owner (`settings` added), and Chromium on the Secretary pane. */
async function openDesk(world: SecretaryWorld, settings: Record<string, unknown> = {}) {
  const { harness } = await world.startHarness(OWNER_MEMBER, settings);
  const browser = await launchChromium();
  onTestFinished(() => browser.close());
  const { page, consoleErrors } = await newPage(browser);
  await page.goto(harness.url);
  await page.keyboard.press('Control+1');
  return { page, consoleErrors };
}

/**
 * "Run pass now" (or "Run again") from the keyboard, then waits until the pass has ended, well or not: once it
 * has listed the inbox (so it has started), until the pane can run one again.
 */
async function runPass(world: SecretaryWorld, page: Page, label: string = digestText.run) {
  const listings = world.zoho.requestsFor('view').length;
  await tabTo(page, passRegion(page).getByRole('button', { name: label, exact: true }));
  await page.keyboard.press('Enter');
  await expect.poll(() => world.zoho.requestsFor('view').length, { timeout: WAIT_MS }).toBeGreaterThan(listings);
  await passRegion(page).and(page.locator('[aria-busy="false"]')).waitFor({ timeout: WAIT_MS });
}

async function itemSubjects(list: Locator): Promise<string[]> {
  return list.locator('.mail-subject').allTextContents();
}

/** The model's reply naming `messages` as what needs the member. */
function needs(messages: readonly SeededMessage[]) {
  return jsonReply({
    resumen: `${messages.length} new messages need you.`,
    ruido_count: 0,
    items: messages.map((message) => ({ messageId: message.messageId, why: `${message.sender} waits for you.` })),
  });
}

it('a second "Run pass now" keeps the open items; a pass drops only what was read', async () => {
  const world = await startSecretaryWorld();
  const arrived = deliver(world.zoho, MORNING_ARRIVALS, Date.now() - 10 * MINUTE_MS);
  world.gemini.script('generateContent', needs(arrived));
  const { page, consoleErrors } = await openDesk(world);

  await runPass(world, page);
  await needsYou(page).waitFor();
  expect(await itemSubjects(needsYou(page))).toEqual(arrived.map((message) => message.subject));

  // Nothing new, nothing read: the same three, and no model call for them.
  await runPass(world, page);
  await passRegion(page).getByText('No new unread mail.').waitFor({ timeout: WAIT_MS });
  expect(await itemSubjects(needsYou(page))).toEqual(arrived.map((message) => message.subject));
  expect(world.gemini.requestsFor('generateContent')).toHaveLength(1);

  // The first is read in Zoho: the next pass lets it go, and keeps the other two.
  markRead(world.zoho, arrived[0]!.messageId);
  await runPass(world, page);
  await needsYou(page).getByText(arrived[0]!.subject).waitFor({ state: 'detached', timeout: WAIT_MS });
  expect(await itemSubjects(needsYou(page))).toEqual(arrived.slice(1).map((message) => message.subject));
  expect(pageProblems(consoleErrors)).toEqual([]);
});

it('Dismiss takes one item off for good: not back after another pass, nor after a reload', async () => {
  const world = await startSecretaryWorld();
  const arrived = deliver(world.zoho, MORNING_ARRIVALS.slice(0, 2), Date.now() - 10 * MINUTE_MS);
  const [lucia, hetzner] = arrived as [SeededMessage, SeededMessage];
  world.gemini.script('generateContent', needs(arrived));
  const { page } = await openDesk(world);
  await runPass(world, page);
  await needsYou(page).waitFor();

  await tabTo(page, dismissButton(page, lucia));
  await page.keyboard.press('Enter');
  await passRegion(page).getByText(digestText.dismissed.replace('{{subject}}', lucia.subject)).waitFor();
  expect(await itemSubjects(needsYou(page))).toEqual([hetzner.subject]);
  // The keyboard stays in the list, on the item now in its place.
  expect(await dismissButton(page, hetzner).evaluate((button) => button.ownerDocument.activeElement === button)).toBe(true);

  // Still unread in Zoho, yet neither the next pass nor a reload brings it back.
  await runPass(world, page);
  await passRegion(page).getByText('No new unread mail.').waitFor({ timeout: WAIT_MS });
  expect(await itemSubjects(needsYou(page))).toEqual([hetzner.subject]);
  await page.reload();
  await page.keyboard.press('Control+1');
  await needsYou(page).getByText(hetzner.subject).waitFor({ timeout: WAIT_MS });
  expect(await itemSubjects(needsYou(page))).toEqual([hetzner.subject]);
});

it('a scheduled pass that fails at start says so, when and why, with Run again', async () => {
  const world = await startSecretaryWorld();
  // The pass that is due at start (none has run yet) finds Zoho failing.
  world.zoho.script('view', status(500));
  const { page } = await openDesk(world, { digest: { enabled: true } });

  const failed = passRegion(page).getByText(digestText.failedScheduled);
  await failed.waitFor({ timeout: WAIT_MS });
  await passRegion(page).getByText(ui.errors.reason.zoho_error).waitFor();
  expect(await passRegion(page).getByText(digestText.none).count()).toBe(0);
  expect(await passRegion(page).locator('.digest-failure time').textContent()).toMatch(/just now|minute/);

  world.gemini.script('generateContent', jsonReply({ resumen: 'Nothing needs you.', ruido_count: 0, items: [] }));
  await runPass(world, page, digestText.runAgain);
  await failed.waitFor({ state: 'detached', timeout: WAIT_MS });
  await passRegion(page).getByRole('button', { name: digestText.run, exact: true }).waitFor();
});

it('a revoked mailbox met by "Run pass now" is said at once by the gate, with its action, above the stored pass, and so after a reload', async () => {
  const world = await startSecretaryWorld();
  const arrived = deliver(world.zoho, MORNING_ARRIVALS.slice(0, 1), Date.now() - 10 * MINUTE_MS);
  world.gemini.script('generateContent', needs(arrived));
  const { page } = await openDesk(world);
  await runPass(world, page);
  await needsYou(page).waitFor();

  world.zoho.revokeRefreshTokens();
  await runPass(world, page);
  // Main tells the page as soon as the pass meets the refusal (UQ9): the gate says it without a reload, once.
  const gate = secretary(page).locator('.callout').filter({ hasText: REVOKED });
  await gate.getByText(REVOKED).waitFor({ timeout: WAIT_MS });
  await gate.getByRole('button', { name: ui.chat.openSettings }).waitFor();
  expect(await secretary(page).getByText(REVOKED).count()).toBe(1);
  expect(await passRegion(page).getByText(ui.errors.reason.zoho_not_connected).count()).toBe(0);

  await page.reload();
  await page.keyboard.press('Control+1');
  await gate.getByText(REVOKED).waitFor({ timeout: WAIT_MS });
  expect(await secretary(page).getByText(ui.secretary.mailbox.notConnected).count()).toBe(0);
  // What the app stored of the mailbox is still the member's to read; the sentence is said once, by the gate.
  await needsYou(page).getByText(arrived[0]!.subject).waitFor({ timeout: WAIT_MS });
  expect(await secretary(page).getByText(REVOKED).count()).toBe(1);

  // The one action, from the keyboard: Settings, where the mailbox says the same and offers to connect again.
  await tabTo(page, gate.getByRole('button', { name: ui.chat.openSettings }));
  await page.keyboard.press('Enter');
  await page.getByRole('tab', { name: ui.panes.settings.title, selected: true }).waitFor();
  const mailbox = page.getByRole('tabpanel').getByRole('group', { name: ui.settings.zoho.mailbox.heading });
  await mailbox.getByText(REVOKED).waitFor({ timeout: WAIT_MS });
  await mailbox.getByRole('button', { name: ui.settings.zoho.mailbox.connect, exact: true }).waitFor();

  // A question about the mail says the same, before any model call is spent on it.
  const modelCalls = world.gemini.requestsFor('generateContent').length;
  await page.keyboard.press('Control+1');
  const box = secretary(page).getByRole('textbox', { name: ui.chat.label });
  await box.fill('¿Qué decía el último aviso de Hetzner?');
  await box.press('Enter');
  await secretary(page).getByRole('log', { name: ui.secretary.chat.log }).getByText(REVOKED).waitFor({ timeout: WAIT_MS });
  expect(world.gemini.requestsFor('generateContent')).toHaveLength(modelCalls);
});
