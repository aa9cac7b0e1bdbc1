import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { expect, onTestFinished } from 'vitest';
import { SMOKE_PROBE_KEY } from '../../../electron/main/platform/smoke-probe';
import { SMOKE_RUN_ENV, SMOKE_UPSTREAMS_ENV } from '../../../electron/main/platform/smoke-run';

export const ROOT = join(import.meta.dirname, '..', '..', '..');
/** Written by the suite for the workflow to keep per system: the start's figures, a picture of the window. */
export const ARTIFACTS = join(ROOT, 'test-artifacts', 'electron');

/** The Electron binary scripts/test-electron.mjs found, or '' when there is none (every test is then skipped). */
export const electronBinary = process.env.STAFF_DESK_ELECTRON_BINARY ?? '';

export function throwawayFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(() => rmSync(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }));
  return folder;
}

export interface LaunchedApp {
  electron: ElectronApplication;
  /** The main window's page. */
  window: Page;
  dataFolder: string;
}

function isMainPage(page: Page): boolean {
  const url = page.url();
  return url.startsWith('app://staff-desk/') && !url.includes('quick-ask.html') && !url.includes('indicator.html');
}

export interface LaunchOptions {
  /**
   * The protocol doubles the app talks to, as STAFF_DESK_SMOKE_UPSTREAMS reads them (electron/main/app/
   * upstream-overrides.ts); without them it talks to no service at all in these tests.
   */
  upstreams?: { gemini?: { baseUrl: string }; zoho?: { accountsUrl: string; mailUrl: string }; cfAccess?: { teamUrl: string; aud: string } };
}

/**
 * The built app (out/) in real Electron, a smoke run (electron/main/platform/smoke-run.ts): in a throwaway data
 * folder and keychain entries of its own, so nothing of a member's is read or changed, in English, with the smoke
 * probe on. Closed when the test ends, leaving no secret behind.
 */
export async function launchApp(options: LaunchOptions = {}): Promise<LaunchedApp> {
  const dataFolder = throwawayFolder('staff-desk-smoke-');
  const electron = await _electron.launch({
    executablePath: electronBinary,
    args: [ROOT, `--user-data-dir=${dataFolder}`, '--lang=en-US'],
    env: {
      ...process.env,
      // The built renderer over app://, never a dev server this shell may name.
      ELECTRON_RENDERER_URL: '',
      [SMOKE_RUN_ENV]: '1',
      [SMOKE_UPSTREAMS_ENV]: options.upstreams ? JSON.stringify(options.upstreams) : '',
      LANG: 'en_US.UTF-8',
      LANGUAGE: 'en',
    },
    timeout: 60_000,
  });
  onTestFinished(async () => {
    // A key typed into Settings stays in the system keychain otherwise (the run's own entries, but still).
    await probe(electron, 'forgetSecrets').catch(() => undefined);
    await electron.close().catch(() => undefined);
  });
  // A window's page is announced before it has navigated: wait until one is on the app's page.
  await electron.firstWindow();
  await expect.poll(() => electron.windows().some(isMainPage), { timeout: 30_000 }).toBe(true);
  const window = electron.windows().find(isMainPage)!;
  await window.waitForLoadState('domcontentloaded');
  return { electron, window, dataFolder };
}

/** Calls the smoke probe in main (see SmokeProbe); `method` is one of its names. */
export function probe<T>(electron: ElectronApplication, method: string, arg?: string): Promise<T> {
  return electron.evaluate(
    async (_modules, [key, name, value]) => {
      const found = (globalThis as unknown as Record<string, Record<string, (input?: string) => unknown>>)[key];
      if (!found) throw new Error('The smoke probe is not there: was the app started with STAFF_DESK_SMOKE_PROBE=1, unpackaged?');
      return (await found[name]!(value)) as T;
    },
    [SMOKE_PROBE_KEY, method, arg] as const,
  );
}

export function saveArtifact(name: string, content: string | Buffer): void {
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(join(ARTIFACTS, name), content);
}
