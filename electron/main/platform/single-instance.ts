import { app } from 'electron';

/**
 * One Staff Desk per session: a second launch hands over to the running one (which comes forward) and quits.
 * Returns false in that second launch, which must then start nothing else.
 */
export function claimSingleInstance(onSecondLaunch: () => void): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', () => onSecondLaunch());
  return true;
}
