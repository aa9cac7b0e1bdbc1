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

/**
 * The harness has no sign-in window: main answers 'auth:login' at once, as if the member closed one. Its answer is
 * held here until the test closes the "window", so that the page spends the time with the window open as it does
 * in the app (its Sign in button disabled over several frames, which is what drops the keyboard).
 */
async function holdSignInAnswers(page: Page): Promise<{ close: () => void }> {
  const held: Array<() => void> = [];
  let closed = false;
  await page.routeWebSocket(/./, (socket) => {
    const server = socket.connectToServer();
    const logins = new Set<unknown>();
    socket.onMessage((message) => {
      if (typeof message === 'string') {
        const call = JSON.parse(message) as { id?: unknown; channel?: unknown };
        if (call.channel === 'auth:login') logins.add(call.id);
      }
      server.send(message);
    });
    server.onMessage((message) => {
      const id = typeof message === 'string' ? (JSON.parse(message) as { id?: unknown }).id : undefined;
      if (!closed && id !== undefined && logins.has(id)) held.push(() => socket.send(message));
      else socket.send(message);
    });
  });
  return {
    close: () => {
      closed = true;
      for (const answer of held.splice(0)) answer();
    },
  };
}

/** Signed out, with sign-in set up: Sign in pressed from the keyboard, the window left open a while, then closed. */
async function closeTheSignInWindow() {
  const cf = await startCfAccess();
  const session = await startSession({ validKeys: [], config: { cfAccess: { teamUrl: cf.teamUrl, aud: cf.aud } } });
  const { harness, page } = session;
  const window = await holdSignInAnswers(page);
  await openShell(page, harness.url);
  const signIn = pane(page).getByRole('button', { name: ui.auth.signIn, exact: true });
  await tabTo(page, signIn);
  await page.keyboard.press('Enter');
  await pane(page).getByText(ui.auth.finishInWindow).waitFor();
  expect(await pane(page).getByRole('button', { name: ui.auth.signingIn }).isDisabled()).toBe(true);
  window.close();
  await pane(page).getByText(ui.auth.cancelled).waitFor();
  return { ...session, signIn };
}

it('UQ5: a closed sign-in window gives the keyboard back to the Sign in button that was pressed', async () => {
  const { signIn, consoleErrors } = await closeTheSignInWindow();
  await expect.poll(() => signIn.evaluate((button) => button === button.ownerDocument.activeElement)).toBe(true);
  expect(await signIn.isEnabled()).toBe(true);
  expect(pageProblems(consoleErrors)).toEqual([]);
});

it('UQ4: "you are still signed out" is said in a neutral notice, not in the green of a success', async () => {
  const { page } = await closeTheSignInWindow();
  const notice = pane(page).locator('.notice', { hasText: ui.auth.cancelled });
  const colours = await notice.evaluate((element) => {
    const view = element.ownerDocument.defaultView!;
    const success = element.ownerDocument.createElement('div');
    success.style.background = 'var(--success-soft)';
    success.style.borderColor = 'var(--success)';
    element.ownerDocument.body.append(success);
    const [shown, green] = [view.getComputedStyle(element), view.getComputedStyle(success)];
    const said = { background: shown.backgroundColor, border: shown.borderInlineStartColor, greenBackground: green.backgroundColor, greenBorder: green.borderInlineStartColor };
    success.remove();
    return said;
  });
  expect(colours.background).not.toBe(colours.greenBackground);
  expect(colours.border).not.toBe(colours.greenBorder);
  await saveScreenshot(page, 'UQ4 neutral notice');
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
