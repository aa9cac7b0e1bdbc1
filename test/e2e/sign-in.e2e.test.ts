import type { Page } from 'playwright-core';
import { expect, it, onTestFinished } from 'vitest';
import { startCfAccessDouble, type CfAccessDouble } from '../doubles/cf-access-double';
import { pageProblems, saveScreenshot, tabTo } from './support/browser';
import { startSession } from './support/session';
import { startOf, ui } from './support/ui-text';

const MEMBER = { email: 'ana.perez@example.com', name: 'Ana Pérez' };

async function startCfAccess(): Promise<CfAccessDouble> {
  const cf = await startCfAccessDouble();
  onTestFinished(() => cf.close());
  return cf;
}


const account = (page: Page) => page.getByRole('region', { name: ui.auth.account });
const pane = (page: Page) => page.getByRole('tabpanel');

async function openShell(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('tab', { name: ui.panes.secretary.title }).waitFor();
}

it('without a sign-in the shell offers Sign in and the Secretary asks for a sign-in first', async () => {
  const cf = await startCfAccess();
  const { harness, page, consoleErrors } = await startSession({
    validKeys: [],
    config: { cfAccess: { teamUrl: cf.teamUrl, aud: cf.aud } },
  });
  await openShell(page, harness.url);

  await account(page).getByText(ui.auth.signedOut, { exact: true }).waitFor();
  await pane(page).getByText(ui.auth.signInFirst, { exact: true }).waitFor();
  expect(await page.getByText(ui.secretary.mailbox.notConnected).count()).toBe(0);

  // The harness has no sign-in window: without a cfToken, signing in is a window the member closed.
  await tabTo(page, pane(page).getByRole('button', { name: ui.auth.signIn, exact: true }));
  await page.keyboard.press('Enter');
  await pane(page).getByText(ui.auth.cancelled).waitFor();
  expect(await account(page).getByText(ui.auth.signedOut, { exact: true }).isVisible()).toBe(true);
  expect(pageProblems(consoleErrors)).toEqual([]);
});

it('with a verified cfToken the shell names the member and until when, and the Secretary opens', async () => {
  const cf = await startCfAccess();
  const cfToken = await cf.issue(MEMBER);
  const { harness, page, consoleErrors } = await startSession({
    validKeys: [],
    config: { cfAccess: { teamUrl: cf.teamUrl, aud: cf.aud }, cfToken },
  });
  await openShell(page, harness.url);

  await account(page).getByText(ui.auth.signedInAs.replace('{{member}}', MEMBER.name), { exact: true }).waitFor();
  await account(page).getByText(MEMBER.email, { exact: true }).waitFor();
  await account(page).getByText(startOf(ui.auth.until)).waitFor();
  await pane(page).getByText(ui.secretary.mailbox.notConnected).waitFor();
  expect(await pane(page).getByText(ui.auth.signInFirst).count()).toBe(0);
  // The token was checked against the team's published keys, not taken on trust.
  expect(cf.jwksFetchCount()).toBeGreaterThan(0);
  await saveScreenshot(page, 'sign-in signed in shell');

  await tabTo(page, account(page).getByRole('button', { name: ui.auth.signOut }));
  await page.keyboard.press('Enter');
  await account(page).getByText(ui.auth.signedOut, { exact: true }).waitFor();
  await pane(page).getByText(ui.auth.signInFirst, { exact: true }).waitFor();
  expect(pageProblems(consoleErrors)).toEqual([]);
});
