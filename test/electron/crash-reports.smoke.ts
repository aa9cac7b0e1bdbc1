import { describe, expect, it } from 'vitest';
import { electronBinary, launchApp } from './support/launch-app';

/** Copy diagnostics as the member does it (Settings > About, the tray), read back from the system clipboard. */
async function diagnostics(electron: Awaited<ReturnType<typeof launchApp>>['electron'], window: Awaited<ReturnType<typeof launchApp>>['window']) {
  const copied = await window.evaluate(() => (globalThis as unknown as { api: { diagnostics: { copy(): Promise<{ ok: boolean }> } } }).api.diagnostics.copy());
  expect(copied.ok).toBe(true);
  return electron.evaluate(({ clipboard }) => clipboard.readText());
}

describe.skipIf(!electronBinary)('RD3 crash reports in real Electron', () => {
  it('keeps a crashed page in its data folder, sends nothing by itself, and lists the crash in the diagnostics', async () => {
    const { electron, window, dataFolder } = await launchApp();
    const reporter = await electron.evaluate(({ app, crashReporter }) => ({ uploads: crashReporter.getUploadToServer(), folder: app.getPath('crashDumps') }));
    expect(reporter.uploads).toBe(false);
    expect(reporter.folder.startsWith(dataFolder)).toBe(true);
    expect(await diagnostics(electron, window)).toMatch(/processes gone since the app started = none/);

    // The quick-ask page, kept loaded while hidden, dies as a crashed renderer would.
    await electron.evaluate(({ webContents }) => {
      webContents.getAllWebContents().find((contents) => contents.getURL().endsWith('/quick-ask.html'))?.forcefullyCrashRenderer();
    });
    await expect.poll(async () => diagnostics(electron, window), { timeout: 20_000 }).toMatch(/renderer process (crashed|killed)/);
    const report = await diagnostics(electron, window);
    expect(report).toMatch(/sending = off, kept on this computer/);
  });
});
