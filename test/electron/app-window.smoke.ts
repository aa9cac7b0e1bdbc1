import { describe, expect, it } from 'vitest';
import { ui } from '../e2e/support/ui-text';
import { electronBinary, launchApp, saveArtifact } from './support/launch-app';

/** What a page can reach of the app's runtime: in a sandboxed, isolated page, none of Node's names. */
const NODE_NAMES = ['require', 'process', 'module', 'Buffer', 'global', 'ipcRenderer'] as const;

describe.skipIf(!electronBinary)('RD1 the real app window', () => {
  it('opens on the sign-in gate, its pages isolated from Node and sandboxed', async () => {
    const { electron, window } = await launchApp();
    await window.getByRole('region', { name: ui.auth.account }).getByText(ui.auth.signedOut, { exact: true }).waitFor();

    const reachable = await window.evaluate((names) => names.filter((name) => name in globalThis), NODE_NAMES);
    expect(reachable).toEqual([]);
    // Every window the app has opened by now (its own, and the quick-ask one kept hidden), and whether the system
    // reports its page's process sandboxed (macOS and Windows say; Linux does not).
    const windows = await electron.evaluate(({ app, BrowserWindow }) => {
      const metrics = app.getAppMetrics();
      return BrowserWindow.getAllWindows().map((shown) => ({
        url: shown.webContents.getURL(),
        sandboxed: metrics.find((metric) => metric.pid === shown.webContents.getOSProcessId())?.sandboxed ?? null,
      }));
    });
    expect(windows.map((shown) => new URL(shown.url).pathname).sort()).toEqual(['/', '/quick-ask.html']);
    for (const shown of windows) expect(shown.sandboxed, shown.url).not.toBe(false);
    saveArtifact(`gate-${process.platform}.png`, await window.screenshot());
  });

  it("answers through the preload's window.api, which is all the page is given", async () => {
    const { window, dataFolder } = await launchApp();
    const info = await window.evaluate(() => {
      const { api } = globalThis as unknown as { api: { app: { info(): Promise<unknown> } } };
      return api.app.info();
    });
    expect(info).toMatchObject({ ok: true, value: { platform: process.platform, dataPath: dataFolder, updates: process.platform === 'linux' ? 'linux' : 'development' } });
    const exposed = await window.evaluate(() => Object.keys((globalThis as unknown as { api: object }).api));
    expect(exposed).toEqual(expect.arrayContaining(['app', 'auth', 'settings', 'on']));
  });

  it('serves the renderer over app:// and refuses any way out of its folder', async () => {
    const { window } = await launchApp();
    const statuses = await window.evaluate(async (urls) => {
      const answers: Array<{ url: string; status: number; body: string }> = [];
      for (const url of urls) {
        const response = await fetch(url);
        answers.push({ url, status: response.status, body: (await response.text()).slice(0, 200) });
      }
      return answers;
    }, ['app://staff-desk/index.html', 'app://staff-desk/..%2f..%2fpackage.json', 'app://staff-desk/%2e%2e/%2e%2e/package.json', 'app://staff-desk/..%5cmain%5cindex.js']);
    expect(statuses[0]).toMatchObject({ status: 200, body: expect.stringContaining('<!doctype html>') });
    for (const refused of statuses.slice(1)) {
      expect(refused.status, refused.url).toBeGreaterThanOrEqual(400);
      expect(refused.body, refused.url).not.toMatch(/"name":\s*"staff-desk"|import /);
    }
  });
});
