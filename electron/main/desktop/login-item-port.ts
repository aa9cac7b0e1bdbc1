import type { Result } from '../../../shared/result';

/**
 * Starting the app when the member signs in to the computer, as the operating system keeps it (the app keeps no
 * copy, so what Settings shows is what the system will do). The app started that way comes up hidden in the tray.
 */
export interface LoginItemPort {
  openAtLogin(): boolean;
  /** Answers with what the system now says; an error the member can act on (a folder that cannot be written). */
  setOpenAtLogin(open: boolean): Result<boolean>;
}
