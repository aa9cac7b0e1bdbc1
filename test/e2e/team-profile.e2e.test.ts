import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it, onTestFinished } from 'vitest';
import { TEAM_PROFILE_FORMAT, TEAM_PROFILE_VERSION } from '../../shared/team-profile';
import { startCfAccessDouble } from '../doubles/cf-access-double';
import { pageProblems, tabTo } from './support/browser';
import { dropFile } from './support/drop-file';
import { tempDir } from './support/harness-process';
import { startSession } from './support/session';
import { ui } from './support/ui-text';

/** Issue 28: a member's first start on a machine IT manages, with the profile the team's admin handed out. */

const KEY = 'AIzaSy-e2e-team-profile-0123456789abcdef';
/** The admin's profile names another application's tag: the machine's policy holds the real one. */
const PROFILE_AUD = 'b'.repeat(64);

function profileText(): string {
  return JSON.stringify({
    format: TEAM_PROFILE_FORMAT,
    version: TEAM_PROFILE_VERSION,
    name: 'Support desk',
    access: { teamUrl: 'https://acme.cloudflareaccess.com', appUrl: 'https://desk.acme.example/', aud: PROFILE_AUD },
    zoho: { dataCentre: 'eu', clientId: '1000.E2ETEAMCLIENT0123456789' },
    models: { assistant: 'gemini-3.8-pro' },
    assistant: { scope: 'You help the members of the Acme support team.' },
    digest: { time: '07:30' },
    knowledgeBase: { hint: '/srv/acme/team-notes' },
    captions: { to: 'es' },
  });
}

it('TP: a fresh install imports the team profile by dropping it; only sign-in, the key and the mailbox are left, and a field the policy holds is locked', async () => {
  const cf = await startCfAccessDouble();
  onTestFinished(() => cf.close());
  const policy = tempDir('staff-desk-e2e-policy-');
  onTestFinished(policy.remove);
  const policyFile = join(policy.dir, 'policy.json');
  writeFileSync(policyFile, JSON.stringify({ version: 1, settings: { access: { aud: cf.aud } } }));

  const { harness, page, consoleErrors } = await startSession({
    validKeys: [KEY],
    config: { cfAccess: { teamUrl: cf.teamUrl, aud: cf.aud }, policyFile },
  });
  await page.goto(harness.url);
  await page.getByRole('button', { name: ui.team.gate.import }).waitFor();

  await dropFile(page, 'support-desk.json', profileText());
  const dialog = page.getByRole('dialog', { name: ui.team.dialog.heading.replace('{{name}}', 'Support desk') });
  await dialog.waitFor();
  // Item by item, before anything changes; the tag the policy holds is said to stay as it is.
  const items = dialog.getByRole('listitem');
  expect(await items.filter({ hasText: ui.team.fields.access.aud }).getByText(ui.team.dialog.locked).count()).toBe(1);
  expect(await items.filter({ hasText: ui.team.fields.zoho.clientId }).textContent()).toContain(ui.team.value.setByProfile);
  expect(await items.filter({ hasText: ui.team.fields.zoho.clientId }).textContent()).not.toContain('E2ETEAMCLIENT');
  expect(await items.filter({ hasText: ui.team.fields.digest.time }).textContent()).toContain('07:30');

  await dialog.getByRole('button', { name: ui.team.dialog.apply }).click();
  await dialog.getByText(/^Team profile applied: \d+ settings changed\.$/).waitFor();
  await dialog.getByRole('button', { name: ui.team.dialog.close }).click();
  await dialog.waitFor({ state: 'hidden' });

  // The first run's checklist asks only what is the member's own.
  const checklist = page.getByRole('region', { name: ui.firstRun.heading });
  await expect.poll(() => checklist.getByRole('button').allTextContents()).toEqual(
    expect.arrayContaining([ui.firstRun.steps.signIn, ui.firstRun.steps.geminiKey, ui.firstRun.steps.mailbox]),
  );
  expect(await checklist.getByRole('button', { name: ui.firstRun.steps.knowledge }).count()).toBe(0);

  // Settings show the profile's sign-in, with the policy's tag locked in place.
  await tabTo(page, checklist.getByRole('button', { name: ui.firstRun.steps.signIn }));
  await page.keyboard.press('Enter');
  const aud = page.getByRole('textbox', { name: ui.settings.access.aud });
  await expect.poll(() => aud.inputValue()).toBe(cf.aud);
  expect(await page.getByRole('textbox', { name: ui.settings.access.teamUrl }).inputValue()).toBe('https://acme.cloudflareaccess.com');
  const described = (await aud.getAttribute('aria-describedby'))?.split(' ').filter(Boolean) ?? [];
  const notes = await Promise.all(described.map((id) => page.locator(`[id="${id}"]`).textContent()));
  expect(notes.join(' ')).toContain(ui.managed.setByOrganization);
  expect(await aud.isEditable()).toBe(false);
  await aud.focus();
  await page.keyboard.type('0000');
  expect(await aud.inputValue()).toBe(cf.aud);
  expect(pageProblems(consoleErrors)).toEqual([]);
});
