import { desktopCapturer, screen, webContents, type DisplayMediaRequestHandlerHandlerRequest, type Session, type Streams, type WebContents } from 'electron';
import { isTrustedUrl } from '../app/app-origin';
import type { Logger } from '../log/logger';

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
  log: Logger;
}

/**
 * T2: "the computer's audio" for live captions of a meeting (what the other participants say). The page asks
 * getDisplayMedia for audio and video (video cannot be left out); it is given the primary screen, which it drops,
 * and the system's audio. Anything else is refused: no screen sharing, no other window, no system without loopback.
 */
export function answerDisplayMedia(session: Session, deps: DisplayMediaDeps): void {
  session.setDisplayMediaRequestHandler((request, callback) => {
    choose(request, deps).then(callback, (error: unknown) => {
      deps.log.warn('computer audio refused: the screens could not be listed', { error });
      callback(null);
    });
  });
}

async function choose(request: DisplayMediaRequestHandlerHandlerRequest, deps: DisplayMediaDeps): Promise<Streams | null> {
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

  // No thumbnails: the page never shows the screen, so there is nothing to draw them for.
  const screens = await desktopCapturer.getSources({ types: ['screen'], thumbnailSize: { width: 0, height: 0 } });
  const primary = String(screen.getPrimaryDisplay().id);
  const source = screens.find((candidate) => candidate.display_id === primary) ?? screens[0];
  if (!source) return refuse('no_screen');
  return { video: source, audio: 'loopback' };
}
