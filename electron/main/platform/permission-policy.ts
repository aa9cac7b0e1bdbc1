import { isTrustedUrl } from '../app/app-origin';

/** A permission request or check, as both of Electron's session handlers describe it. */
export interface PermissionAsk {
  permission: string;
  /** The requesting frame's URL or origin. */
  requester: string;
  isMainFrame: boolean;
  /** For 'media': which devices ('audio' is the microphone, 'video' the camera). */
  mediaTypes: readonly string[];
}

/**
 * The page may use the microphone (push-to-talk, live translation) and nothing else: no camera, screen,
 * notifications, location, devices or clipboard, and only the app's own main frame may ask.
 */
export function allowsPermission(ask: PermissionAsk, origins: readonly string[]): boolean {
  return (
    ask.permission === 'media' &&
    ask.mediaTypes.length > 0 &&
    ask.mediaTypes.every((type) => type === 'audio') &&
    ask.isMainFrame &&
    isTrustedUrl(ask.requester, origins)
  );
}
