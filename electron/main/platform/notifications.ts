import { Notification } from 'electron';
import type { Notify } from '../auth/login-port';
import type { Logger } from '../log/logger';

export interface NotifyDeps {
  /** Brings the main window forward: clicking a notice takes the member to the app. */
  reveal: () => void;
  log: Logger;
}

/** Desktop notifications, for news the member should hear while the window is hidden in the tray. */
export function createNotify(deps: NotifyDeps): Notify {
  // A notification that is garbage-collected loses its click handler (Windows): each is held until it is done.
  const live = new Set<Notification>();
  return ({ title, body }) => {
    if (!Notification.isSupported()) {
      deps.log.info('desktop notifications are not supported here; notice not shown', { title });
      return;
    }
    const notification = new Notification({ title, body });
    live.add(notification);
    const done = () => live.delete(notification);
    notification.on('click', () => {
      done();
      deps.reveal();
    });
    notification.on('close', done);
    notification.on('failed', done);
    notification.show();
  };
}
