import { app } from 'electron';
import path from 'node:path';

/**
 * `--user-data-dir=FOLDER` (Chromium's own name for it): everything the app keeps (its database, log, sign-in
 * cookies and crash dumps) goes in FOLDER instead of the member's profile. Support uses it for a clean second
 * install beside the member's, and the real-Electron smoke suite for a throwaway one (RD1). It must run before the
 * app is ready and before the single-instance lock, which is held per folder.
 */
export function useDataFolderSwitch(): string | null {
  const given = app.commandLine.getSwitchValue('user-data-dir');
  if (given === '') return null;
  const folder = path.resolve(given);
  app.setPath('userData', folder);
  app.setPath('crashDumps', path.join(folder, 'Crashpad'));
  app.setAppLogsPath(path.join(folder, 'logs'));
  return folder;
}
