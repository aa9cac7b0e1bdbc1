import { beforeEach, describe, expect, it, vi } from 'vitest';

const electron = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  const app = Object.assign(new EventEmitter(), {
    requestSingleInstanceLock: vi.fn(() => true),
    quit: vi.fn(),
  });
  return { app };
});
vi.mock('electron', () => electron);

const { claimSingleInstance } = await import('./single-instance');

beforeEach(() => {
  electron.app.removeAllListeners();
  vi.clearAllMocks();
});

describe('single instance', () => {
  it('the first launch keeps running and brings its window forward when launched again', () => {
    electron.app.requestSingleInstanceLock.mockReturnValue(true);
    const reveal = vi.fn();
    expect(claimSingleInstance(reveal)).toBe(true);
    expect(electron.app.quit).not.toHaveBeenCalled();
    expect(reveal).not.toHaveBeenCalled();
    electron.app.emit('second-instance', {}, ['staff-desk', '--profile=team.json'], '/home/me');
    expect(reveal).toHaveBeenCalledExactlyOnceWith(['staff-desk', '--profile=team.json'], '/home/me');
  });

  it('a second launch quits at once and starts nothing', () => {
    electron.app.requestSingleInstanceLock.mockReturnValue(false);
    const reveal = vi.fn();
    expect(claimSingleInstance(reveal)).toBe(false);
    expect(electron.app.quit).toHaveBeenCalledOnce();
    expect(electron.app.listenerCount('second-instance')).toBe(0);
  });
});
