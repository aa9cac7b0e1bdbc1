import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { ROOT } from './harness-process';

export const CHROMIUM_PATH = '/usr/bin/chromium';
const SCREENSHOT_DIR = join(ROOT, 'test-artifacts', 'e2e');
/** More presses than the page has stops, so a focus that never arrives fails instead of cycling forever. */
const MAX_TAB_PRESSES = 40;

export interface ChromiumOptions {
  /**
   * Absolute path of a WAV the page's microphone plays once (speech-audio.ts): getUserMedia is granted without a
   * prompt and opens Chromium's fake device, and audio plays without a user gesture (docs/audio.md).
   */
  fakeMicrophone?: string;
}

/** Debian's Chromium, headless. Missing, it fails the test with what to install: browser tests never skip. */
export async function launchChromium(options: ChromiumOptions = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `The browser tests need Chromium at ${CHROMIUM_PATH}, and it is not there. Install it with ` +
        '`apt-get install chromium fonts-liberation` (Debian), then run the tests again.',
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(options.fakeMicrophone === undefined
        ? []
        : [
            '--use-fake-ui-for-media-stream',
            '--use-fake-device-for-media-stream',
            // Without %noloop the file plays again and again.
            `--use-file-for-fake-audio-capture=${options.fakeMicrophone}%noloop`,
            '--autoplay-policy=no-user-gesture-required',
          ]),
    ],
  });
}

/** A page in a fresh context (its own cookies and storage), in English, with what the console reported. */
export async function newPage(browser: Browser): Promise<{ page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1100, height: 760 } });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { page, consoleErrors };
}

/** test-artifacts/e2e/<test name>.png */
export async function saveScreenshot(page: Page, testName: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = testName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${file}.png`), fullPage: true });
}

/** Presses Tab until `target` has the focus, as a keyboard user reaches a control. */
export async function tabTo(page: Page, target: Locator): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses <= MAX_TAB_PRESSES; presses++) {
    if (await target.evaluate((element) => element.ownerDocument.activeElement === element)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()} in ${MAX_TAB_PRESSES} presses.`);
}

/** Errors and uncaught exceptions of the page, less Chromium's own request for /favicon.ico, which the harness lacks. */
export function pageProblems(consoleErrors: readonly string[]): string[] {
  return consoleErrors.filter((line) => !/^Failed to load resource: .* 404/.test(line));
}

/**
 * Asks `question` in the open pane's chat as a keyboard user does: Tab to the question box, type, Enter. The box is
 * found by its role, not its label, so this works in every interface language.
 */
export async function askByKeyboard(page: Page, question: string): Promise<void> {
  await tabTo(page, page.getByRole('tabpanel').getByRole('textbox'));
  await page.keyboard.type(question);
  await page.keyboard.press('Enter');
}
