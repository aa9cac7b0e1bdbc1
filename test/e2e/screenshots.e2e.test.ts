import { join } from 'node:path';
import { expect, it, onTestFinished } from 'vitest';
import { pageProblems } from './support/browser';
import { captionMeeting, compactFileName, compactLayout, compactProblems, leaveCompactCaptions, showCompactCaptions } from './support/compact-screens';
import { ROOT } from './support/harness-process';
import {
  chooseLanguage,
  openScreenDesk,
  saveScreen,
  SCREEN_LANGS,
  SCREEN_PANES,
  SCREEN_SCHEMES,
  SCREEN_SIZES,
  screenFileName,
  screenProblems,
  showScreen,
  type Screen,
} from './support/screens';

/** Not committed (test-artifacts/ is ignored): the set is for looking at, the README keeps one picture. */
const SCREENS_DIR = join(ROOT, 'test-artifacts', 'screens');

it('every pane and the captions’ compact view, at 1280x800 and 900x650, light and dark, in English and Arabic: title in view, no sideways scroll, the scheme followed', async () => {
  const { page, consoleErrors, gemini } = await openScreenDesk(onTestFinished);
  console.info(`Screenshots of every pane: ${SCREENS_DIR}`);

  const problems: string[] = [];
  let shots = 0;
  for (const lang of SCREEN_LANGS) {
    if (lang !== 'en') await chooseLanguage(page, lang);
    for (const scheme of SCREEN_SCHEMES) {
      for (const size of SCREEN_SIZES) {
        for (const pane of SCREEN_PANES) {
          const screen: Screen = { pane, ...size, scheme, lang };
          await showScreen(page, screen);
          await saveScreen(page, join(SCREENS_DIR, screenFileName(screen)));
          shots += 1;
          // Every shot is taken and every problem listed before the test fails on them.
          for (const problem of await screenProblems(page, screen)) problems.push(`${screenFileName(screen)}: ${problem}`);
        }
      }
    }
  }

  // Captions on a shared screen (issue 26): the compact view over a captioned meeting, in every size, scheme and language.
  await chooseLanguage(page, 'en');
  await captionMeeting(page, gemini);
  let compactShots = 0;
  for (const lang of SCREEN_LANGS) {
    if (lang !== 'en') await chooseLanguage(page, lang);
    for (const scheme of SCREEN_SCHEMES) {
      for (const size of SCREEN_SIZES) {
        const screen = { ...size, scheme, lang };
        await showCompactCaptions(page, screen);
        await saveScreen(page, join(SCREENS_DIR, compactFileName(screen)));
        compactShots += 1;
        for (const problem of compactProblems(await compactLayout(page), screen)) problems.push(`${compactFileName(screen)}: ${problem}`);
        await leaveCompactCaptions(page);
      }
    }
  }
  expect(compactShots).toBe(SCREEN_LANGS.length * SCREEN_SCHEMES.length * SCREEN_SIZES.length);

  expect(shots).toBe(SCREEN_LANGS.length * SCREEN_SCHEMES.length * SCREEN_SIZES.length * SCREEN_PANES.length);
  expect(problems).toEqual([]);
  expect(pageProblems(consoleErrors)).toEqual([]);
});
