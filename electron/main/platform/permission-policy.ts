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
  /** Whether the member just acted (member-gesture.ts): a click or key press in the window, or captions' Start. */
  memberActed: boolean;
}

/**
 * The page may use the microphone (push-to-talk, live translation) and the computer's audio (live captions of a
 * meeting), and fill the screen (captions on a shared screen), and nothing else: no camera, no screen for its own
 * sake, notifications, location, devices or clipboard, and only the app's own main frame may ask.
 */
export function allowsPermission(ask: PermissionAsk, origins: readonly string[]): boolean {
  if (!ask.isMainFrame || !isTrustedUrl(ask.requester, origins)) return false;
  if (ask.permission === 'media') return ask.mediaTypes.length > 0 && ask.mediaTypes.every((type) => type === 'audio');
  if (ask.permission === 'display-capture') return allowsComputerAudio(ask);
  // Captions on a shared screen (issue 26): the page's own compact view may fill the screen, and leave it on Escape.
  if (ask.permission === 'fullscreen') return true;
  return false;
}

/**
 * getDisplayMedia cannot leave the picture out: the display-media handler gives the page its own window with the
 * computer's audio, and the page drops it. A capture not asked for its audio is screen sharing, which the app has no
 * use for. The same permission also opens getUserMedia's legacy desktop source, which grants a screen without the
 * display-media handler ever seeing it: so it is granted only just after the member acted, which a page's script
 * alone cannot bring about.
 */
function allowsComputerAudio(ask: PermissionAsk): boolean {
  return ask.memberActed && ask.mediaTypes.includes('audio') && ask.mediaTypes.every((type) => type === 'audio' || type === 'video');
}
