import type { Browser, Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { startCfAccessDouble } from '../../doubles/cf-access-double';
import { startGeminiDouble, type GeminiDouble } from '../../doubles/gemini-double';
import { launchChromium, newPage, saveScreenshot } from './browser';
import { harnessConfig, startHarnessProcess, tempDir, type HarnessProcess } from './harness-process';

/** One test's world: a Gemini double, a harness child process pointed at it, and a fresh browser page. */
export interface Session {
  gemini: GeminiDouble;
  harness: HarnessProcess;
  page: Page;
  /** Console errors and uncaught exceptions of the page. */
  consoleErrors: string[];
  /** Every frame the page received on its harness sockets, across reloads. */
  socketFrames: string[];
}

export interface SessionOptions {
  /** Keys the Gemini double accepts. */
  validKeys: string[];
  /** More harness config (secretValues, settings...). */
  config?: Record<string, unknown>;
  /** A WAV for the page's microphone (ChromiumOptions.fakeMicrophone). */
  fakeMicrophone?: string;
}

/**
 * Starts everything for one test and registers its teardown: a screenshot of the page as the test left it
 * (test-artifacts/e2e/<test name>.png), then the browser, the harness, the double and the data folder.
 * The browser is launched here, inside the test, so that a missing Chromium fails each test (a failing
 * beforeAll would only mark them skipped).
 */
export async function startSession(options: SessionOptions): Promise<Session> {
  const data = tempDir('staff-desk-e2e-data-');
  // Filled in as each part starts, so a test that fails half-way still tears down what it got.
  const started: { browser?: Browser; gemini?: GeminiDouble; harness?: HarnessProcess; page?: Page } = {};
  onTestFinished(async ({ task }) => {
    try {
      if (started.page) await saveScreenshot(started.page, task.name);
      await started.browser?.close();
      await started.harness?.stop();
      await started.gemini?.close();
    } finally {
      data.remove();
    }
  });

  const browser = (started.browser = await launchChromium({ fakeMicrophone: options.fakeMicrophone }));
  const gemini = (started.gemini = await startGeminiDouble({ validKeys: options.validKeys }));
  const harness = (started.harness = await startHarnessProcess(harnessConfig(gemini.baseUrl, data.dir, options.config)));
  const { page, consoleErrors } = await newPage(browser);
  started.page = page;
  const socketFrames: string[] = [];
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => socketFrames.push(payload.toString()));
  });
  return { gemini, harness, page, consoleErrors, socketFrames };
}

/** The staff member the signed-in sessions are for. */
export const E2E_MEMBER = { email: 'ana.perez@example.com', name: 'Ana Pérez' };

/**
 * A session whose harness starts signed in as E2E_MEMBER (a token from a Cloudflare Access double, verified like a
 * real one) with `key` as the Gemini key, and the scheduled mailbox pass off so that it never runs mid-test.
 */
export async function startSignedInSession(options: {
  key: string;
  settings?: Record<string, unknown>;
  fakeMicrophone?: string;
  /** More harness config (a policyFile...). */
  config?: Record<string, unknown>;
}): Promise<Session> {
  const cf = await startCfAccessDouble();
  onTestFinished(() => cf.close());
  return startSession({
    validKeys: [options.key],
    fakeMicrophone: options.fakeMicrophone,
    config: {
      cfAccess: { teamUrl: cf.teamUrl, aud: cf.aud },
      cfToken: await cf.issue(E2E_MEMBER),
      secretValues: { 'gemini.apiKey': options.key },
      settings: { digest: { enabled: false }, ...options.settings },
      ...options.config,
    },
  });
}
