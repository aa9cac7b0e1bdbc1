import { describe, expect, it } from 'vitest';
import { STARTUP } from '../../shared/limits';
import type { StartupFigures } from '../../electron/main/startup/startup-marks';
import { electronBinary, launchApp, probe, saveArtifact } from './support/launch-app';

describe.skipIf(!electronBinary)('RD4 the start, measured in real Electron', () => {
  it("records the tray, the window and its first paint, then quick ask's way to the screen, for this system", async () => {
    const { electron } = await launchApp();
    const figures = () => probe<StartupFigures>(electron, 'startup');
    await expect.poll(async () => (await figures()).over, { timeout: 60_000 }).toBe(true);
    const start = await figures();
    expect(start.reached.map((figure) => figure.mark).sort()).toEqual(['firstPaint', 'trayReady', 'windowShown']);
    const at = Object.fromEntries(start.reached.map((figure) => [figure.mark, figure.ms]));
    // A frame is painted in a window already on screen.
    expect(at.firstPaint).toBeGreaterThanOrEqual(at.windowShown!);

    expect(await probe<boolean>(electron, 'clickTray', 'ask')).toBe(true);
    await expect.poll(async () => (await figures()).quickAsk, { timeout: 10_000 }).not.toBeNull();

    // Recorded, never asserted against the budgets: this machine's speed is no test's business (README, Startup budgets).
    const recorded = { platform: process.platform, arch: process.arch, budgets: STARTUP, ...(await figures()) };
    saveArtifact(`startup-${process.platform}.json`, `${JSON.stringify(recorded, null, 2)}\n`);
  });
});
