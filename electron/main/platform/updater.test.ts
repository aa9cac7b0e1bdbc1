import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPDATES } from '../../../shared/limits';
import { createMemoryLogger } from '../log/logger';

const updater = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  class FakeAutoUpdater extends EventEmitter {
    logger: unknown = 'electron-updater console logger';
    checkForUpdates = vi.fn(async () => null);
    setFeedURL = vi.fn();
    // The unsafe value of each switch, so a test sees the app set every one itself.
    allowDowngrade = true;
    forceDevUpdateConfig = true;
    disableWebInstaller = false;
    autoDownload = false;
    autoInstallOnAppQuit = false;
  }
  return { autoUpdater: new FakeAutoUpdater() };
});
vi.mock('electron-updater', () => ({ default: updater }));

const { FEED_FILE, planUpdates, startUpdates } = await import('./updater');
const { autoUpdater } = updater;

const HTTPS_FEED = 'provider: generic\nurl: https://updates.example.com/staff-desk\n';
let resourcesPath: string;

function withFeed(text = HTTPS_FEED): void {
  writeFileSync(path.join(resourcesPath, FEED_FILE), text);
}

/**
 * The app's start on `platform` (macOS unless said): plan from the package's feed file, then start, updates allowed
 * by the machine's policy unless said.
 */
function start(options: { platform?: NodeJS.Platform; isPackaged?: boolean; allowed?: boolean } = {}) {
  const log = createMemoryLogger();
  const plan = planUpdates({ isPackaged: options.isPackaged ?? true, platform: options.platform ?? 'darwin', resourcesPath });
  const updates = startUpdates(plan, log, options.allowed);
  return { plan, log, updates };
}

beforeEach(() => {
  resourcesPath = mkdtempSync(path.join(tmpdir(), 'staff-desk-resources-'));
  autoUpdater.removeAllListeners();
  autoUpdater.checkForUpdates.mockReset().mockResolvedValue(null);
  autoUpdater.setFeedURL.mockReset();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  rmSync(resourcesPath, { recursive: true, force: true });
});

describe('updates', () => {
  it('a package built without a feed never checks', async () => {
    const { plan, log } = start();
    await vi.advanceTimersByTimeAsync(UPDATES.checkEveryMs * 2);
    expect(autoUpdater.checkForUpdates).not.toHaveBeenCalled();
    expect(plan.mode).toBe('noFeed');
    expect(log.lines.some((line) => line.includes('updates are off'))).toBe(true);
  });

  it('development never checks, even beside a feed file', async () => {
    withFeed();
    const { plan } = start({ isPackaged: false });
    await vi.advanceTimersByTimeAsync(UPDATES.checkEveryMs);
    expect(autoUpdater.checkForUpdates).not.toHaveBeenCalled();
    expect(plan.mode).toBe('development');
  });

  it('a package built with a feed checks at start and again every interval', async () => {
    withFeed();
    const { plan } = start();
    expect(plan.mode).toBe('automatic');
    await vi.advanceTimersByTimeAsync(0);
    expect(autoUpdater.checkForUpdates).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(UPDATES.checkEveryMs);
    expect(autoUpdater.checkForUpdates).toHaveBeenCalledTimes(2);
    // Our log carries what matters; electron-updater's console logger is switched off.
    expect(autoUpdater.logger).toBeNull();
  });

  it('a failed check is logged once, and the app and the next check go on', async () => {
    withFeed();
    const offline = new Error('net::ERR_INTERNET_DISCONNECTED');
    autoUpdater.checkForUpdates.mockImplementationOnce(async () => {
      // What electron-updater does: emit 'error', then reject with the same error.
      autoUpdater.emit('error', offline);
      throw offline;
    });
    const { log } = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(log.lines.filter((line) => line.includes('ERR_INTERNET_DISCONNECTED'))).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(UPDATES.checkEveryMs);
    expect(autoUpdater.checkForUpdates).toHaveBeenCalledTimes(2);
  });

  it('a failed download (an error event alone) is logged, not thrown', () => {
    withFeed();
    const { log } = start();
    expect(() => autoUpdater.emit('error', new Error('sha512 checksum mismatch'))).not.toThrow();
    expect(log.lines.some((line) => line.includes('sha512 checksum mismatch'))).toBe(true);
  });

  it('a downloaded update is logged with its version', () => {
    withFeed();
    const { log } = start();
    autoUpdater.emit('update-downloaded', { version: '0.2.0' });
    expect(log.lines.some((line) => line.includes('0.2.0'))).toBe(true);
  });
});

describe('TP3 the machine policy switches updates off', () => {
  it('TP3 an update downloaded before the policy switched updates off is not installed when the app quits', async () => {
    withFeed();
    const { updates, log } = start();
    await vi.advanceTimersByTimeAsync(0);
    autoUpdater.emit('update-downloaded', { version: '0.2.0' });
    expect(autoUpdater.autoInstallOnAppQuit).toBe(true);

    updates!.allow(false);
    // What electron-updater reads at quit, and after a check, to decide whether to install and to download.
    expect(autoUpdater.autoInstallOnAppQuit).toBe(false);
    expect(autoUpdater.autoDownload).toBe(false);
    await vi.advanceTimersByTimeAsync(UPDATES.checkEveryMs * 2);
    expect(autoUpdater.checkForUpdates).toHaveBeenCalledOnce();
    expect(log.lines.some((line) => line.includes('updates switched off by the policy'))).toBe(true);
  });

  it('TP3 switched on again, the feed is checked at once and an update installs at quit again', async () => {
    withFeed();
    const { updates } = start({ allowed: false });
    await vi.advanceTimersByTimeAsync(UPDATES.checkEveryMs);
    expect(autoUpdater.checkForUpdates).not.toHaveBeenCalled();
    expect(autoUpdater.autoInstallOnAppQuit).toBe(false);

    updates!.allow(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(autoUpdater.checkForUpdates).toHaveBeenCalledOnce();
    expect(autoUpdater.autoInstallOnAppQuit).toBe(true);
    expect(autoUpdater.autoDownload).toBe(true);
    // The same word again changes nothing: no second check.
    updates!.allow(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(autoUpdater.checkForUpdates).toHaveBeenCalledOnce();
  });

  it('a build that does not update itself has nothing to follow', () => {
    expect(start({ platform: 'linux' }).updates).toBeNull();
  });
});

describe('SEC-1: updates only from a feed the app can trust', () => {
  it('SEC-1: electron-updater is given exactly the checked https feed, and never installs an older version', () => {
    withFeed();
    start();
    expect(autoUpdater.setFeedURL).toHaveBeenCalledWith(
      expect.objectContaining({ provider: 'generic', url: 'https://updates.example.com/staff-desk' }),
    );
    expect(autoUpdater.allowDowngrade).toBe(false);
    // Only the package's own app-update.yml, never a dev-app-update.yml; whole signed installers, never a web one.
    expect(autoUpdater.forceDevUpdateConfig).toBe(false);
    expect(autoUpdater.disableWebInstaller).toBe(true);
    // Downloaded in the background, installed when the member quits.
    expect(autoUpdater.autoDownload).toBe(true);
    expect(autoUpdater.autoInstallOnAppQuit).toBe(true);
  });

  it.each([
    ['an http feed', 'provider: generic\nurl: http://updates.example.com/staff-desk\n', 'not https'],
    ['a feed with no scheme', 'provider: generic\nurl: updates.example.com/staff-desk\n', 'not https'],
    ['another provider', 'provider: github\nowner: staff-desk\nrepo: staff-desk\n', 'provider is \\"github\\"'],
    ['an s3 bucket over http', 'provider: s3\nbucket: updates\nendpoint: http://minio.local\n', 'provider is \\"s3\\"'],
    ['a file that is not YAML', 'provider: [generic\n', 'not valid YAML'],
    ['a file that names no feed', 'just a line\n', 'names no feed'],
  ])('SEC-1: %s keeps updates off, and the log says why', async (_case, text, why) => {
    withFeed(text);
    const { plan, log } = start();
    await vi.advanceTimersByTimeAsync(UPDATES.checkEveryMs);
    expect(plan.mode).toBe('feedRefused');
    expect(autoUpdater.setFeedURL).not.toHaveBeenCalled();
    expect(autoUpdater.checkForUpdates).not.toHaveBeenCalled();
    expect(log.lines.some((line) => line.includes('update feed is refused') && line.includes(why))).toBe(true);
  });

  it('SEC-1: on Windows, a package that names no publisher (built unsigned) does not update itself', async () => {
    withFeed();
    const { plan, log } = start({ platform: 'win32' });
    await vi.advanceTimersByTimeAsync(0);
    expect(plan.mode).toBe('feedRefused');
    expect(autoUpdater.checkForUpdates).not.toHaveBeenCalled();
    expect(log.lines.some((line) => line.includes('names no publisher'))).toBe(true);
  });

  it('SEC-1: on Windows, a signed package (its publisher named in the feed) updates itself', async () => {
    withFeed(`${HTTPS_FEED}publisherName:\n  - Staff Desk Ltd\n`);
    const { plan } = start({ platform: 'win32' });
    await vi.advanceTimersByTimeAsync(0);
    expect(plan.mode).toBe('automatic');
    expect(autoUpdater.checkForUpdates).toHaveBeenCalledOnce();
  });

  it('SEC-1: on Linux the app never updates itself, even with an https feed', async () => {
    withFeed();
    const { plan, log } = start({ platform: 'linux' });
    await vi.advanceTimersByTimeAsync(UPDATES.checkEveryMs);
    expect(plan.mode).toBe('linux');
    expect(autoUpdater.checkForUpdates).not.toHaveBeenCalled();
    expect(log.lines.some((line) => line.includes('updates are off') && line.includes('AppImage'))).toBe(true);
  });
});
