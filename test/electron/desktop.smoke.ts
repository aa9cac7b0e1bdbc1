import type { ElectronApplication } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHORTCUTS } from '../../shared/shortcuts';
import { ui } from '../e2e/support/ui-text';
import type { TrayItem } from '../../electron/main/platform/smoke-probe';
import { electronBinary, launchApp, probe } from './support/launch-app';

function quickAskVisible(electron: ElectronApplication): Promise<boolean> {
  return electron.evaluate(({ BrowserWindow }) =>
    BrowserWindow.getAllWindows().some((shown) => shown.webContents.getURL().endsWith('/quick-ask.html') && shown.isVisible()),
  );
}

describe.skipIf(!electronBinary)('RD1 the real desktop: tray, quick ask, global keys, keychain', () => {
  it('puts its icon in the tray with the whole menu', async () => {
    const { electron } = await launchApp();
    const items = await probe<TrayItem[]>(electron, 'trayItems');
    const expected = ['open', 'ask', 'pushToTalk', 'liveCaptions', 'settings', 'quit'];
    // Copy diagnostics is in the Help menu on macOS, in the tray elsewhere.
    if (process.platform !== 'darwin') expected.push('copyDiagnostics');
    expect(items.map((item) => item.id).sort()).toEqual(expected.sort());
    expect(items.every((item) => item.label.trim() !== '' && item.enabled)).toBe(true);
  });

  it("opens quick ask from the tray's Ask…, and Escape hides it again", async () => {
    const { electron } = await launchApp();
    expect(await quickAskVisible(electron)).toBe(false);
    expect(await probe<boolean>(electron, 'clickTray', 'ask')).toBe(true);
    await expect.poll(() => quickAskVisible(electron), { timeout: 10_000 }).toBe(true);

    const page = electron.windows().find((candidate) => candidate.url().endsWith('/quick-ask.html'))!;
    await page.getByText(ui.quickAsk.signInFirst).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => quickAskVisible(electron), { timeout: 10_000 }).toBe(false);
  });

  it('holds its global shortcuts, system-wide', async () => {
    const { electron } = await launchApp();
    const registered = (accelerator: string) => electron.evaluate(({ globalShortcut }, keys) => globalShortcut.isRegistered(keys), accelerator);
    await expect.poll(() => registered(DEFAULT_SHORTCUTS.quickAsk), { timeout: 10_000 }).toBe(true);
    expect(await registered(DEFAULT_SHORTCUTS.pushToTalk)).toBe(true);
  });

  it('keeps a secret in the system keychain through keytar built for Electron, and removes it', async () => {
    const { electron } = await launchApp();
    expect(await probe(electron, 'keychainRoundTrip')).toEqual({ stored: true, readBack: true, removed: true });
  });
});
