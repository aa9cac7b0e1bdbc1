import type { Locator, Page } from 'playwright-core';
import { expect, it, onTestFinished } from 'vitest';
import { startCfAccessDouble } from '../doubles/cf-access-double';
import { pageProblems, tabTo } from './support/browser';
import { E2E_MEMBER, startSession, startSignedInSession } from './support/session';
import { ui } from './support/ui-text';

const KEY = 'AIzaSy-e2e-shell-layout-0123456789';

const pane = (page: Page) => page.getByRole('tabpanel');
const main = (page: Page) => page.getByRole('main');
const paneTitle = (page: Page) => page.getByRole('heading', { level: 1 });
const sectionHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });
const checklist = (page: Page) => page.getByRole('region', { name: ui.firstRun.heading });

async function openShell(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('tab', { name: ui.panes.secretary.title }).waitFor();
}

/** Signed in through a Cloudflare Access double, without a Gemini key. */
async function startSignedInWithoutKey() {
  const cf = await startCfAccessDouble();
  onTestFinished(() => cf.close());
  return startSession({
    validKeys: [],
    config: { cfAccess: { teamUrl: cf.teamUrl, aud: cf.aud }, cfToken: await cf.issue(E2E_MEMBER), settings: { digest: { enabled: false } } },
  });
}

const scrollTop = (page: Page) => main(page).evaluate((element) => element.scrollTop);

/** Where `target` sits in <main>'s view: its top's distance from the view's top, and whether it is wholly inside. */
function placeInMain(target: Locator) {
  return target.evaluate((element) => {
    const view = element.ownerDocument.getElementById('content')!.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return { fromTop: Math.round(box.top - view.top), inside: box.top >= view.top && box.bottom <= view.bottom };
  });
}

const hasFocus = (target: Locator) => target.evaluate((element) => element.ownerDocument.activeElement === element);

/**
 * A section asked for lands with its heading at the top of the view, and focused; the sections above it load
 * their data after it landed, so this waits until they are done and checks it stayed there.
 */
async function expectLandedAt(page: Page, heading: Locator) {
  await expect.poll(() => hasFocus(heading)).toBe(true);
  await page.getByText(ui.settings.about.dataPath, { exact: true }).waitFor();
  await expect.poll(async () => (await page.locator('[aria-busy="true"]').count()) === 0).toBe(true);
  const place = await placeInMain(heading);
  expect(place.inside).toBe(true);
  expect(place.fromTop).toBeLessThan(80);
  expect(await hasFocus(heading)).toBe(true);
}

it('a pane opens at its top, whatever the last one scrolled to, and chat panes leave <main> unscrolled', async () => {
  const { harness, page, consoleErrors } = await startSignedInSession({ key: KEY });
  await page.setViewportSize({ width: 900, height: 650 });
  await openShell(page, harness.url);

  await page.keyboard.press('Control+Comma');
  await sectionHeading(page, ui.settings.about.heading).waitFor();
  await main(page).evaluate((element) => element.scrollBy(0, 780));
  expect(await scrollTop(page)).toBeGreaterThan(700);

  // The Assistant is taller than the window on its own: before, it opened 780 px down with its title hidden.
  await page.keyboard.press('Control+3');
  await expect.poll(() => paneTitle(page).textContent()).toBe(ui.panes.assistant.title);
  expect(await scrollTop(page)).toBe(0);
  expect((await placeInMain(paneTitle(page))).inside).toBe(true);
  // A chat pane fills the height: <main> itself never scrolls there.
  expect(await main(page).evaluate((element) => element.scrollHeight <= element.clientHeight)).toBe(true);

  await page.keyboard.press('Control+Comma');
  await sectionHeading(page, ui.settings.about.heading).waitFor();
  expect(await scrollTop(page)).toBe(0);
  await main(page).evaluate((element) => element.scrollBy(0, 780));
  // By the tab itself this time, with the pointer.
  await page.getByRole('tab', { name: ui.panes.translate.title }).click();
  await expect.poll(() => paneTitle(page).textContent()).toBe(ui.panes.translate.title);
  expect(await scrollTop(page)).toBe(0);
  expect((await placeInMain(paneTitle(page))).inside).toBe(true);
  expect(pageProblems(consoleErrors)).toEqual([]);
});

it('"Set up staff sign-in" lands on the sign-in section, and Sign in is offered there once it is saved', async () => {
  const { harness, page, consoleErrors } = await startSession({ validKeys: [] });
  await openShell(page, harness.url);

  await pane(page).getByText(ui.auth.setUpFirst, { exact: true }).waitFor();
  expect(await pane(page).getByText(ui.auth.signInFirst).count()).toBe(0);
  await tabTo(page, pane(page).getByRole('button', { name: ui.auth.setUp }));
  await page.keyboard.press('Enter');
  await expectLandedAt(page, sectionHeading(page, ui.settings.access.heading));

  const section = page.getByRole('region', { name: ui.settings.access.heading });
  expect(await section.getByRole('button', { name: ui.auth.signIn, exact: true }).count()).toBe(0);
  for (const [label, value] of [
    [ui.settings.access.teamUrl, 'staffdesk.cloudflareaccess.com'],
    [ui.settings.access.appUrl, 'desk.example.com'],
    [ui.settings.access.aud, 'ab'.repeat(32)],
  ] as const) {
    await tabTo(page, section.getByRole('textbox', { name: label }));
    await page.keyboard.type(value);
  }
  await page.keyboard.press('Enter');
  await section.getByText(ui.settings.access.signInNow, { exact: true }).waitFor();
  expect(await section.getByRole('button', { name: ui.auth.signIn, exact: true }).isEnabled()).toBe(true);
  expect(pageProblems(consoleErrors)).toEqual([]);
});

it('"Open Settings" beside an error lands on the section it names, scrolled to its heading and focused', async () => {
  const { harness, page, consoleErrors } = await startSignedInWithoutKey();
  await openShell(page, harness.url);

  // No Gemini key: the Assistant says so, with the way to the key.
  await page.keyboard.press('Control+3');
  await tabTo(page, pane(page).getByRole('textbox'));
  await page.keyboard.type('Hello?');
  await page.keyboard.press('Enter');
  await pane(page).getByRole('log', { name: ui.assistant.chat.log }).getByText(ui.errors.reason.missing_key).waitFor();
  await tabTo(page, pane(page).getByRole('button', { name: ui.chat.openSettings }));
  await page.keyboard.press('Enter');

  await expect.poll(() => paneTitle(page).textContent()).toBe(ui.panes.settings.title);
  await expectLandedAt(page, sectionHeading(page, ui.settings.apiKey.heading));
  const list = page.getByRole('navigation', { name: ui.settings.nav.label });
  expect(await list.getByRole('link', { name: ui.settings.nav.gemini }).getAttribute('aria-current')).toBe('location');
  expect(pageProblems(consoleErrors)).toEqual([]);
});

it('the first-run checklist shows what is done and leads to the step left, by keyboard', async () => {
  const { harness, page, consoleErrors } = await startSignedInSession({ key: KEY });
  await openShell(page, harness.url);
  await page.keyboard.press('Control+Comma');

  const list = checklist(page);
  await list.getByText(ui.firstRun.progress.replace('{{done}}', '2').replace('{{total}}', '4'), { exact: true }).waitFor();
  const state = async (step: keyof typeof ui.firstRun.steps) => {
    const id = await list.getByRole('button', { name: ui.firstRun.steps[step] }).getAttribute('aria-describedby');
    return page.locator(`[id="${id}"]`).textContent();
  };
  expect(await state('signIn')).toBe(ui.firstRun.done);
  expect(await state('geminiKey')).toBe(ui.firstRun.done);
  expect(await state('mailbox')).toBe(ui.firstRun.optional);
  expect(await state('knowledge')).toBe(ui.firstRun.optional);

  await tabTo(page, list.getByRole('button', { name: ui.firstRun.steps.knowledge }));
  await page.keyboard.press('Enter');
  await expectLandedAt(page, sectionHeading(page, ui.settings.knowledgeBase.heading));
  expect(pageProblems(consoleErrors)).toEqual([]);
});

it('at 900x650 the sidebar is a rail of icons that opens under keyboard focus and still switches panes', async () => {
  const { harness, page, consoleErrors } = await startSignedInSession({ key: KEY });
  await page.setViewportSize({ width: 1280, height: 800 });
  await openShell(page, harness.url);
  const sidebar = page.locator('.sidebar');
  const width = () => sidebar.evaluate((element) => element.getBoundingClientRect().width);
  const oracleTab = page.getByRole('tab', { name: ui.panes.oracle.title });
  const labelShown = (tab: Locator) => tab.locator('.pane-tab-label').evaluate((element) => element.getBoundingClientRect().width > 20);
  expect(await width()).toBeGreaterThan(200);
  expect(await labelShown(oracleTab)).toBe(true);

  await page.setViewportSize({ width: 900, height: 650 });
  await page.mouse.move(890, 640);
  await expect.poll(width).toBeLessThan(80);
  expect(await labelShown(oracleTab)).toBe(false);
  // Names kept for assistive technology, icons for the eye.
  for (const id of ['secretary', 'oracle', 'assistant', 'voice', 'translate', 'settings'] as const) {
    expect(await page.getByRole('tab', { name: ui.panes[id].title, exact: true }).count()).toBe(1);
  }

  await tabTo(page, page.getByRole('tab', { name: ui.panes.secretary.title }));
  await expect.poll(width).toBeGreaterThan(200);
  expect(await labelShown(oracleTab)).toBe(true);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect.poll(() => paneTitle(page).textContent()).toBe(ui.panes.oracle.title);
  expect(await oracleTab.getAttribute('aria-selected')).toBe('true');

  // Leaving the rail closes it again, over content that never moved.
  await page.keyboard.press('Control+Comma');
  await expect.poll(width).toBeLessThan(80);
  expect(await main(page).evaluate((element) => Math.round(element.getBoundingClientRect().left))).toBeLessThan(80);
  expect(pageProblems(consoleErrors)).toEqual([]);
});
