import { isTrustedUrl } from '../app/app-origin';

/** A permission request or check, as both of Electron's session handlers describe it. */
export interface PermissionAsk {
  permission: string;
  /** The requesting frame's URL or origin. */
  requester: string;
  isMainFrame: boolean;
  /**
   * Which devices: for 'media', 'audio' is the microphone and 'video' the camera; for 'display-capture', 'video' is
   * the screen and 'audio' the computer's sound.
   */
  mediaTypes: readonly string[];
}

/**
 * The page may use the microphone (push-to-talk, live translation) and the computer's audio (live captions of a
 * meeting), and nothing else: no camera, no screen for its own sake, notifications, location, devices or clipboard,
 * and only the app's own main frame may ask.
 */
export function allowsPermission(ask: PermissionAsk, origins: readonly string[]): boolean {
  if (!ask.isMainFrame || !isTrustedUrl(ask.requester, origins)) return false;
  if (ask.permission === 'media') return ask.mediaTypes.length > 0 && ask.mediaTypes.every((type) => type === 'audio');
  // getDisplayMedia cannot leave the screen out; the display-media handler gives it with the audio and the page
  // drops it. A capture not asked for its audio is screen sharing, which the app has no use for.
  if (ask.permission === 'display-capture') {
    return ask.mediaTypes.includes('audio') && ask.mediaTypes.every((type) => type === 'audio' || type === 'video');
  }
  return false;
}
