import { session, type Session, type WebContents } from 'electron';
import { originOf } from '../app/app-origin';
import { parseExternalUrl } from '../app/external-url';
import type { Logger } from '../log/logger';

/**
 * The sign-in window's own persistent partition. Cloudflare's and the identity provider's cookies live here and
 * nowhere else: the app's page never shares a session with remote content.
 */
export const SIGN_IN_PARTITION = 'persist:cfaccess';

/** Call after the app is ready. Electron hands back the same Session for the same partition every time. */
export function signInSession(): Session {
  return session.fromPartition(SIGN_IN_PARTITION);
}

/**
 * The identity provider may live on any https host (Google, Okta, Azure AD... behind the team domain), so the
 * sign-in flow may go anywhere over https without credentials in the URL, and nowhere over anything else.
 */
export function allowsSignInNavigation(url: string): boolean {
  return parseExternalUrl(url) !== null;
}

/** The guard for every page in the sign-in partition, in place of the app's stay-inside-the-app guard. */
export function guardSignInContents(contents: WebContents, log: Logger): void {
  const stayOnHttps = (event: { url: string; preventDefault(): void }) => {
    if (allowsSignInNavigation(event.url)) return;
    event.preventDefault();
    // Origins only: URLs in this flow can carry tokens and codes in their query.
    log.warn('sign-in navigation blocked', { origin: originOf(event.url) });
  };
  contents.on('will-navigate', stayOnHttps);
  contents.on('will-redirect', stayOnHttps);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    // Providers that sign in through a pop-up are not supported; the log says which one asked.
    log.warn('sign-in pop-up denied', { origin: originOf(url) });
    return { action: 'deny' };
  });
}

/** A sign-in page needs no camera, microphone, location, notification, device or download. */
export function guardSignInSession(signIn: Session): void {
  signIn.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  signIn.setPermissionCheckHandler(() => false);
  signIn.setDevicePermissionHandler(() => false);
  signIn.on('will-download', (event) => event.preventDefault());
}
