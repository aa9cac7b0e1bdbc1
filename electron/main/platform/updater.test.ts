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
  }
  return { autoUpdater: new FakeAutoUpdater() };
});
vi.mock('electron-updater', () => ({ default: updater }));

const { FEED_FILE, startUpdates } = await import('./updater');
const { autoUpdater } = updater;

let resourcesPath: string;

function withFeed(): void {
  writeFileSync(path.join(resourcesPath, FEED_FILE), 'provider: generic\nurl: https://updates.example.com/staff-desk\n');
}

beforeEach(() => {
  resourcesPath = mkdtempSync(path.join(tmpdir(), 'staff-desk-resources-'));
  autoUpdater.removeAllListeners();
  autoUpdater.checkForUpdates.mockReset().mockResolvedValue(null);
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  rmSync(resourcesPath, { recursive: true, force: true });
});

describe('updates', () => {
  it('a package built without a feed never checks', async () => {
    const log = createMemoryLogger();
    startUpdates({ isPackaged: true, resourcesPath, log });
    await vi.advanceTimersByTimeAsync(UPDATES.checkEveryMs * 2);
    expect(autoUpdater.checkForUpdates).not.toHaveBeenCalled();
    expect(log.lines.some((line) => line.includes('updates are off'))).toBe(true);
  });

  it('development never checks, even beside a feed file', async () => {
    withFeed();
    startUpdates({ isPackaged: false, resourcesPath, log: createMemoryLogger() });
    await vi.advanceTimersByTimeAsync(UPDATES.checkEveryMs);
    expect(autoUpdater.checkForUpdates).not.toHaveBeenCalled();
  });

  it('a package built with a feed checks at start and again every interval', async () => {
    withFeed();
    startUpdates({ isPackaged: true, resourcesPath, log: createMemoryLogger() });
    await vi.advanceTimersByTimeAsync(0);
    expect(autoUpdater.checkForUpdates).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(UPDATES.checkEveryMs);
    expect(autoUpdater.checkForUpdates).toHaveBeenCalledTimes(2);
    // Our log carries what matters; electron-updater's console logger is switched off.
    expect(autoUpdater.logger).toBeNull();
  });

  it('a failed check is logged once, and the app and the next check go on', async () => {
    withFeed();
    const log = createMemoryLogger();
    const offline = new Error('net::ERR_INTERNET_DISCONNECTED');
    autoUpdater.checkForUpdates.mockImplementationOnce(async () => {
      // What electron-updater does: emit 'error', then reject with the same error.
      autoUpdater.emit('error', offline);
      throw offline;
    });
    startUpdates({ isPackaged: true, resourcesPath, log });
    await vi.advanceTimersByTimeAsync(0);
    expect(log.lines.filter((line) => line.includes('ERR_INTERNET_DISCONNECTED'))).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(UPDATES.checkEveryMs);
    expect(autoUpdater.checkForUpdates).toHaveBeenCalledTimes(2);
  });

  it('a failed download (an error event alone) is logged, not thrown', () => {
    withFeed();
    const log = createMemoryLogger();
    startUpdates({ isPackaged: true, resourcesPath, log });
    expect(() => autoUpdater.emit('error', new Error('sha512 checksum mismatch'))).not.toThrow();
    expect(log.lines.some((line) => line.includes('sha512 checksum mismatch'))).toBe(true);
  });

  it('a downloaded update is logged with its version', () => {
    withFeed();
    const log = createMemoryLogger();
    startUpdates({ isPackaged: true, resourcesPath, log });
    autoUpdater.emit('update-downloaded', { version: '0.2.0' });
    expect(log.lines.some((line) => line.includes('0.2.0'))).toBe(true);
  });
});
