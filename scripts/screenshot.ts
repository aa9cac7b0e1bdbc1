import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildRenderer } from '../test/harness/renderer-build';
import { openScreenDesk, README_SCREEN, saveScreen, screenProblems, showScreen } from '../test/e2e/support/screens';

/**
 * `npm run screenshot`: builds the app and writes docs/screenshot.png, the README's picture of the app as it is
 * now, from the same doubles and state as the browser test that photographs every pane
 * (test/e2e/screenshots.e2e.test.ts). Needs Chromium at /usr/bin/chromium. Exit code 1 when it could not be taken.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUTPUT = join(ROOT, 'docs', 'screenshot.png');

async function main(): Promise<number> {
  // The page as the code is now, not a build left over from before a change.
  const built = await buildRenderer(ROOT);
  if (!built.ok) {
    console.error(built.message);
    return 1;
  }
  const teardowns: Array<() => Promise<void>> = [];
  try {
    const { page } = await openScreenDesk((teardown) => teardowns.push(teardown));
    await showScreen(page, README_SCREEN);
    // Scrolled up to the pass, as a member does in the morning: the picture shows what needs them and the answer below.
    await page.getByRole('log').evaluate((log) => {
      log.scrollTop = 0;
    });
    await saveScreen(page, OUTPUT);
    // Written anyway, as the app looks: the browser test is where such problems fail.
    for (const problem of await screenProblems(page, README_SCREEN)) console.error(`warning: ${problem}`);
    console.log(OUTPUT);
    return 0;
  } catch (error) {
    console.error(`The screenshot could not be taken: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    for (const teardown of teardowns.reverse()) await teardown();
  }
}

process.exitCode = await main();
