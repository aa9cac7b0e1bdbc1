import { app } from 'electron';

/**
 * One Staff Desk per session: a second launch hands over to the running one (which comes forward) and quits,
 * handing over its command line and the folder it was run in. Returns false in that second launch, which must then
 * start nothing else.
 */
export function claimSingleInstance(onSecondLaunch: (argv: string[], workingDirectory: string) => void): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', (_event, argv, workingDirectory) => onSecondLaunch(argv, workingDirectory));
  return true;
}
