import { app, shell, type Session, type WebContents } from 'electron';
import { parseExternalUrl } from '../app/external-url';
import type { Logger } from '../log/logger';
import { isTrustedUrl, originOf } from '../app/app-origin';
import { answerDisplayMedia } from './display-media';
import { guardSignInContents, guardSignInSession } from './login-partition';
import { isActivatingInput, type MemberGesture } from './member-gesture';
import { allowsPermission } from './permission-policy';

export interface WebGuardDeps {
  /** The app's own origins (app://staff-desk, plus the dev server's in development). */
  origins: readonly string[];
  /** The sign-in window's session: its pages follow the identity provider's flow under their own guard. */
  signInSession: Session;
  /**
   * Whether this page may have the microphone: the app's main window only. Another window of ours on the same
   * origin (the on-top microphone indicator) asks for nothing, and would be refused if it did.
   */
  mayRecord: (contents: WebContents) => boolean;
  /** Whether this system gives the computer's audio as a loopback track (display-media.ts hasLoopbackAudio). */
  loopbackAudio: boolean;
  /** Told of each click or key press in the app's main window; asked before the computer's audio is granted. */
  gesture: MemberGesture;
  log: Logger;
}

/**
 * Applies the navigation, pop-up, webview and permission guards to every webContents the app ever creates,
 * so a window added later cannot forget them. Call before the first window opens. Pages in the sign-in partition
 * are the one exception to staying inside the app: they get the identity provider's https-only guard instead,
 * and their session grants no permission at all (nor the computer's audio: it has no display-media handler).
 */
export function installWebGuards(deps: WebGuardDeps): void {
  guardSignInSession(deps.signInSession);
  const guardedSessions = new WeakSet<Session>([deps.signInSession]);
  app.on('web-contents-created', (_event, contents) => {
    if (contents.session === deps.signInSession) guardSignInContents(contents, deps.log);
    else guardContents(contents, deps);
    if (guardedSessions.has(contents.session)) return;
    guardedSessions.add(contents.session);
    guardSession(contents.session, deps);
  });
}

function guardContents(contents: WebContents, { origins, mayRecord, gesture, log }: WebGuardDeps): void {
  // Asked when the input comes: the main window's contents exist before main knows them as its window's.
  contents.on('input-event', (_event, input) => {
    if (isActivatingInput(input.type) && mayRecord(contents)) gesture.acted();
  });
  const stayInApp = (event: { url: string; preventDefault(): void }) => {
    if (isTrustedUrl(event.url, origins)) return;
    event.preventDefault();
    log.warn('navigation away from the app blocked', { origin: originOf(event.url) });
  };
  contents.on('will-navigate', stayInApp);
  contents.on('will-redirect', stayInApp);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const external = parseExternalUrl(url);
    if (external) {
      shell.openExternal(external).catch((error: unknown) => log.warn('could not open external link', { error }));
    }
    return { action: 'deny' };
  });
}

function guardSession(session: Session, deps: WebGuardDeps): void {
  const { origins, mayRecord, gesture } = deps;
  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? (details.mediaTypes ?? []) : [];
    const ask = { permission, requester: details.requestingUrl, isMainFrame: details.isMainFrame, mediaTypes, memberActed: gesture.recent() };
    callback(mayRecord(contents) && allowsPermission(ask, origins));
  });
  session.setPermissionCheckHandler((contents, permission, requestingOrigin, details) =>
    contents !== null &&
    mayRecord(contents) &&
    allowsPermission(
      {
        permission,
        requester: requestingOrigin,
        isMainFrame: details.isMainFrame,
        mediaTypes: details.mediaType ? [details.mediaType] : [],
        memberActed: gesture.recent(),
      },
      origins,
    ),
  );
  session.setDevicePermissionHandler(() => false);
  answerDisplayMedia(session, deps);
}
