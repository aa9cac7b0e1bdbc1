import type { ElectronApplication, Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { CONTINUE_LABEL, startCfAccessDouble } from '../doubles/cf-access-double';
import { startGeminiDouble, stream, textChunk } from '../doubles/gemini-double';
import { ui } from '../e2e/support/ui-text';
import { electronBinary, launchApp, saveArtifact } from './support/launch-app';

const MEMBER = { email: 'ana.perez@example.com', name: 'Ana Pérez' };
const KEY = 'AIzaSy-smoke-0123456789abcdefghij';
const ANSWER = 'Open Settings, paste the key and press Save.';

/** The sign-in window's page, once it is on the Access double's page (it opens on about:blank). */
async function signInPage(electron: ElectronApplication, teamUrl: string): Promise<Page> {
  await expect.poll(() => electron.windows().some((page) => page.url().startsWith(teamUrl)), { timeout: 30_000 }).toBe(true);
  return electron.windows().find((page) => page.url().startsWith(teamUrl))!;
}

describe.skipIf(!electronBinary)('RD1 signed in through the real sign-in window, against the protocol doubles', () => {
  it('signs in through Cloudflare Access in its own window, keeps the Gemini key in the keychain, and the Assistant answers', async () => {
    const cf = await startCfAccessDouble({ member: MEMBER });
    onTestFinished(() => cf.close());
    const gemini = await startGeminiDouble({ validKeys: [KEY] });
    onTestFinished(() => gemini.close());
    gemini.script('streamGenerateContent', stream([textChunk('Open Settings, '), textChunk('paste the key and press Save.', { finishReason: 'STOP' })]));
    const { electron, window } = await launchApp({
      upstreams: { gemini: { baseUrl: gemini.baseUrl }, cfAccess: { teamUrl: cf.teamUrl, aud: cf.aud } },
    });
    const pane = window.getByRole('tabpanel');
    const account = window.getByRole('region', { name: ui.auth.account });

    // The gate: Sign in opens Cloudflare's page in a window of its own, a remote page with none of Node's names.
    await pane.getByText(ui.auth.signInFirst, { exact: true }).waitFor();
    await pane.getByRole('button', { name: ui.auth.signIn, exact: true }).click();
    const signIn = await signInPage(electron, cf.teamUrl);
    expect(await signIn.evaluate(() => ['require', 'process', 'api'].filter((name) => name in globalThis))).toEqual([]);
    // The member signs in there; the cookie Access sets closes the window, and main verifies the token it carried.
    await signIn
      .getByRole('button', { name: CONTINUE_LABEL })
      .click()
      // The window may be gone before the click has returned: that is the app doing its job.
      .catch((error: unknown) => {
        if (!signIn.isClosed()) throw error;
      });
    await account.getByText(ui.auth.signedInAs.replace('{{member}}', MEMBER.name), { exact: true }).waitFor({ timeout: 30_000 });
    await account.getByText(MEMBER.email, { exact: true }).waitFor();
    await expect.poll(() => electron.windows().some((page) => page.url().startsWith(cf.teamUrl))).toBe(false);

    // The key goes into the system keychain (the run's own entries) after Gemini accepted it.
    await window.getByRole('tab', { name: ui.panes.settings.title }).click();
    const keySection = window.getByRole('region', { name: ui.settings.apiKey.heading });
    await keySection.getByLabel(ui.settings.apiKey.label, { exact: true }).fill(KEY);
    await keySection.getByRole('button', { name: ui.settings.apiKey.save }).click();
    await keySection.getByText(ui.settings.apiKey.state.works, { exact: true }).waitFor({ timeout: 30_000 });

    // The Assistant's answer streams in from Gemini, asked with the key main read back from the keychain.
    await window.getByRole('tab', { name: ui.panes.assistant.title }).click();
    await pane.getByRole('textbox').fill('How do I save my Gemini API key?');
    await pane.getByRole('textbox').press('Enter');
    await pane.getByRole('log', { name: ui.assistant.chat.log }).getByText(ANSWER).waitFor({ timeout: 30_000 });
    const asked = gemini.requestsFor('streamGenerateContent').map((request) => request.apiKey);
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked)).toEqual(new Set([KEY]));
    saveArtifact(`assistant-${process.platform}.png`, await window.screenshot());
  });
});
