import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => ({
  app: {
    commandLine: { getSwitchValue: vi.fn((_name: string) => '') },
    setPath: vi.fn(),
    setAppLogsPath: vi.fn(),
  },
}));
vi.mock('electron', () => electron);

const { useDataFolderSwitch } = await import('./data-folder');

beforeEach(() => vi.clearAllMocks());

describe('RD1 --user-data-dir', () => {
  it("leaves the member's own folders alone when it is not given", () => {
    expect(useDataFolderSwitch()).toBeNull();
    expect(electron.app.setPath).not.toHaveBeenCalled();
    expect(electron.app.setAppLogsPath).not.toHaveBeenCalled();
  });

  it('keeps the database, the log and the crash dumps in the folder given, however it was written', () => {
    electron.app.commandLine.getSwitchValue.mockImplementation((name) => (name === 'user-data-dir' ? 'throwaway/desk' : ''));
    const folder = path.resolve('throwaway/desk');
    expect(useDataFolderSwitch()).toBe(folder);
    expect(electron.app.setPath).toHaveBeenCalledWith('userData', folder);
    expect(electron.app.setPath).toHaveBeenCalledWith('crashDumps', path.join(folder, 'Crashpad'));
    expect(electron.app.setAppLogsPath).toHaveBeenCalledWith(path.join(folder, 'logs'));
  });
});
