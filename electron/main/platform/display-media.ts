import { webContents, type DisplayMediaRequestHandlerHandlerRequest, type Session, type Streams, type WebContents } from 'electron';
import { isTrustedUrl } from '../app/app-origin';
import type { Logger } from '../log/logger';
import type { MemberGesture } from './member-gesture';

/** macOS 13, the first with an API for the system's audio (Electron's desktopCapturer caveats), is Darwin 22. */
const FIRST_DARWIN_WITH_SYSTEM_AUDIO = 22;

/**
 * Whether Electron can hand a page the computer's audio as the loopback track of getDisplayMedia: on Windows, and
 * on macOS 13 and later. Linux has no loopback there: its PulseAudio/PipeWire monitor source is an input device
 * the page picks like a microphone.
 */
export function hasLoopbackAudio(platform: NodeJS.Platform, osRelease: string): boolean {
  if (platform === 'win32') return true;
  return platform === 'darwin' && Number.parseInt(osRelease, 10) >= FIRST_DARWIN_WITH_SYSTEM_AUDIO;
}

export interface DisplayMediaDeps {
  /** The app's own origins. */
  origins: readonly string[];
  /** The app's main window only, as for the microphone. */
  mayRecord: (contents: WebContents) => boolean;
  /** hasLoopbackAudio on this system. */
  loopbackAudio: boolean;
  /** Stands in for the page's own gesture when captions were started from the tray or a global shortcut. */
  gesture: MemberGesture;
  log: Logger;
}

/**
 * T2: "the computer's audio" for live captions of a meeting (what the other participants say). The page asks
 * getDisplayMedia for audio and video (video cannot be left out), right after the member's Start. It is given the
 * system's audio and, as the picture, its own window: no pixel of the screen or of another app ever reaches it, and
 * no screen is even listed. Anything else is refused: no screen sharing, no other window or frame, no request the
 * member did not just make, no system without loopback.
 */
export function answerDisplayMedia(session: Session, deps: DisplayMediaDeps): void {
  // Answered at once: the frame checked is the frame granted, with no await between for it to go away in.
  session.setDisplayMediaRequestHandler((request, callback) => callback(choose(request, deps)));
}

function choose(request: DisplayMediaRequestHandlerHandlerRequest, deps: DisplayMediaDeps): Streams | null {
  const refuse = (why: string) => {
    deps.log.warn('computer audio refused', { why, origin: request.securityOrigin });
    return null;
  };
  if (!deps.loopbackAudio) return refuse('no_loopback_on_this_system');
  if (!request.audioRequested) return refuse('not_for_audio');
  const { frame } = request;
  const contents = frame ? webContents.fromFrame(frame) : undefined;
  const fromAppWindow =
    frame !== null && frame.parent === null && contents !== undefined && deps.mayRecord(contents) && isTrustedUrl(request.securityOrigin, deps.origins);
  if (!fromAppWindow) return refuse('not_the_app_window');
  // A page's script alone (a flaw, injected content) never starts a capture: the member's Start click does, or the
  // tray's or a shortcut's, which reach the page as a message with no gesture in it.
  if (!request.userGesture && !deps.gesture.recent()) return refuse('no_user_gesture');
  // Chromium shares the computer's audio only along with a picture: the page's own, which it drops.
  return { video: frame, audio: 'loopback' };
}
