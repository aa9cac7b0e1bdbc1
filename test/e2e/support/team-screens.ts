/**
 * Issues 28 and 29 for the screenshots: what a managed install shows (the Settings sections a policy locks, the Team
 * profile section, Crash reports with the team's server, About with diagnostics) and a dropped profile's preview, at
 * each size, scheme and language, measured for what a member would notice.
 */
import type { Locator, Page } from 'playwright-core';
import { TEAM_PROFILE_FORMAT, TEAM_PROFILE_VERSION } from '../../../shared/team-profile';
import { dropFile } from './drop-file';
import { drawn, type Screen } from './screens';
import { uiIn } from './ui-text';

type TeamScreen = Omit<Screen, 'pane'>;

/** The Settings sections issues 28 and 29 changed, in the order a member meets them. */
export const TEAM_SECTIONS = ['models', 'voice', 'team', 'crashReports', 'about'] as const;
export type TeamSection = (typeof TEAM_SECTIONS)[number];

/**
 * A machine policy that holds two models, names the team's crash server (sending stays the member's choice) and
 * switches spoken answers off: locks in Models, Crash reports and Voice.
 */
export const SCREEN_POLICY = {
  version: 1,
  settings: {
    models: { oracle: 'gemini-3.8-flash', embedding: 'gemini-embedding-001' },
    digest: { time: '07:30' },
    crashReports: { url: 'https://crashes.acme.example/api/submit' },
  },
  features: { spokenAnswers: false },
};

/** The admin's profile: a change per kind of field, one the policy holds, a secret and a long prompt. */
export const SCREEN_PROFILE = JSON.stringify({
  format: TEAM_PROFILE_FORMAT,
  version: TEAM_PROFILE_VERSION,
  name: 'Support desk',
  zoho: { dataCentre: 'eu', clientId: '1000.SCREENSHOTCLIENT0123' },
  models: { assistant: 'gemini-3.8-pro', oracle: 'gemini-3.8-pro' },
  assistant: {
    scope:
      'You help the members of the Acme support team with the platform, its services and tools, and the procedures of IT, finance and onboarding. Name the note or the mail an answer relies on.',
  },
  digest: { time: '08:15', weekdaysOnly: false },
  knowledgeBase: { hint: '/srv/acme/team-notes' },
  captions: { to: 'es', from: 'en' },
});

const pane = (page: Page) => page.getByRole('tabpanel');

/** `team-about-900x650-dark-ar.png`, `team-dialog-1280x800-light-en.png` */
export function teamFileName(part: TeamSection | 'dialog', screen: TeamScreen): string {
  return `team-${part}-${screen.width}x${screen.height}-${screen.scheme}-${screen.lang}.png`;
}

/** Settings at the section, at the screen's size and scheme, in the UI language already chosen. */
export async function showTeamSection(page: Page, section: TeamSection, screen: TeamScreen): Promise<Locator> {
  const words = uiIn[screen.lang].settings.nav;
  await page.setViewportSize({ width: screen.width, height: screen.height });
  await page.emulateMedia({ colorScheme: screen.scheme });
  await page.keyboard.press('Control+6');
  await pane(page).getByRole('navigation', { name: words.label }).getByRole('link', { name: words[section], exact: true }).click();
  const heading = pane(page).locator(`section[aria-labelledby] h2`).filter({ hasText: sectionHeading(screen, section) }).first();
  await heading.waitFor();
  await heading.hover();
  await drawn(heading);
  return heading;
}

function sectionHeading(screen: TeamScreen, section: TeamSection): string {
  const words = uiIn[screen.lang];
  if (section === 'team') return words.team.section.heading;
  if (section === 'about') return words.settings.about.heading;
  if (section === 'models') return words.settings.models.heading;
  if (section === 'crashReports') return words.settings.crashReports.heading;
  return words.settings.voice.heading;
}

/** The profile dropped on the window, and its preview shown. */
export async function showProfileDialog(page: Page, screen: TeamScreen): Promise<Locator> {
  await page.setViewportSize({ width: screen.width, height: screen.height });
  await page.emulateMedia({ colorScheme: screen.scheme });
  await dropFile(page, 'support-desk.json', SCREEN_PROFILE);
  const dialog = page.getByRole('dialog', { name: uiIn[screen.lang].team.dialog.heading.replace('{{name}}', 'Support desk') });
  await dialog.waitFor();
  await drawn(dialog);
  return dialog;
}

/** Cancel, as the member leaves a preview without applying it. */
export async function leaveProfileDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

/**
 * In words, what is wrong with what is shown (none when fine): the heading or dialog outside the window, the dialog's
 * Apply out of reach, a page wider than the window, text running the wrong way, or a lock the policy sets not said.
 */
export async function teamProblems(page: Page, shown: Locator, screen: TeamScreen, part: TeamSection | 'dialog'): Promise<string[]> {
  const words = uiIn[screen.lang];
  const [box, layout] = await Promise.all([
    shown.boundingBox(),
    shown.evaluate((element) => ({ scrollWidth: element.ownerDocument.documentElement.scrollWidth, dir: element.ownerDocument.documentElement.dir })),
  ]);
  const problems: string[] = [];
  const inside = (part: { x: number; y: number; width: number; height: number } | null) =>
    part !== null && part.x >= 0 && part.y >= 0 && part.x + part.width <= screen.width && part.y + part.height <= screen.height;
  if (!inside(box)) problems.push(part === 'dialog' ? 'the dialog does not fit the window' : 'the section heading is not in view');
  if (part === 'dialog') {
    const apply = await shown.getByRole('button', { name: words.team.dialog.apply }).boundingBox();
    if (!inside(apply)) problems.push('Apply is outside the window');
    if ((await shown.getByText(words.team.dialog.locked).count()) === 0) problems.push('the change the policy holds is not said');
  }
  if (part === 'models' && (await pane(page).getByText(words.managed.setByOrganization).count()) < 2) problems.push('the two locked models do not say so');
  if (part === 'crashReports' && (await pane(page).getByText(words.managed.setByOrganization).count()) < 1) problems.push("the team's crash server does not say it is set by the organization");
  if (layout.scrollWidth > screen.width) problems.push(`the page is ${layout.scrollWidth}px wide`);
  if (layout.dir !== (screen.lang === 'ar' ? 'rtl' : 'ltr')) problems.push(`the page runs ${layout.dir}`);
  return problems;
}
