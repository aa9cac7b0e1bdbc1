import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it, onTestFinished } from 'vitest';
import { pageProblems } from './support/browser';
import { ROOT, tempDir } from './support/harness-process';
import { chooseLanguage, saveScreen, SCREEN_LANGS, SCREEN_SCHEMES, SCREEN_SIZES } from './support/screens';
import { startSignedInSession } from './support/session';
import {
  leaveProfileDialog,
  SCREEN_POLICY,
  showProfileDialog,
  showTeamSection,
  TEAM_SECTIONS,
  teamFileName,
  teamProblems,
} from './support/team-screens';

/** Beside the panes' screenshots (screenshots.e2e.test.ts), not committed: test-artifacts/ is ignored. */
const SCREENS_DIR = join(ROOT, 'test-artifacts', 'screens');
const KEY = 'AIzaSy-e2e-team-screens-0123456789abcdef';

it('a managed install (Models, Voice and Crash reports locked, Team profile, About) and a profile’s preview, at 1280x800 and 900x650, light and dark, in English and Arabic', async () => {
  const policy = tempDir('staff-desk-e2e-policy-');
  onTestFinished(policy.remove);
  const policyFile = join(policy.dir, 'policy.json');
  writeFileSync(policyFile, JSON.stringify(SCREEN_POLICY));
  const { page, harness, consoleErrors } = await startSignedInSession({ key: KEY, config: { policyFile } });
  await page.goto(harness.url);
  await page.getByRole('tabpanel').waitFor();

  const problems: string[] = [];
  let shots = 0;
  for (const lang of SCREEN_LANGS) {
    await chooseLanguage(page, lang);
    for (const scheme of SCREEN_SCHEMES) {
      for (const size of SCREEN_SIZES) {
        const screen = { ...size, scheme, lang };
        for (const section of TEAM_SECTIONS) {
          const shown = await showTeamSection(page, section, screen);
          await saveScreen(page, join(SCREENS_DIR, teamFileName(section, screen)));
          for (const problem of await teamProblems(page, shown, screen, section)) problems.push(`${teamFileName(section, screen)}: ${problem}`);
          shots += 1;
        }
        const dialog = await showProfileDialog(page, screen);
        await saveScreen(page, join(SCREENS_DIR, teamFileName('dialog', screen)));
        for (const problem of await teamProblems(page, dialog, screen, 'dialog')) problems.push(`${teamFileName('dialog', screen)}: ${problem}`);
        await leaveProfileDialog(page);
        shots += 1;
      }
    }
  }
  expect(shots).toBe(SCREEN_LANGS.length * SCREEN_SCHEMES.length * SCREEN_SIZES.length * (TEAM_SECTIONS.length + 1));
  expect(problems).toEqual([]);
  expect(pageProblems(consoleErrors)).toEqual([]);
});
