import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TRANSLATE } from '../../../shared/limits';
import { APP_ORIGIN } from '../app/app-origin';
import { createMemoryLogger } from '../log/logger';
import type { MemberGesture } from './member-gesture';

interface FakeFrame {
  parent: FakeFrame | null;
}

const electron = vi.hoisted(() => {
  const frames = new Map<object, object>();
  return {
    frames,
    webContents: { fromFrame: vi.fn((frame: object) => frames.get(frame)) },
    desktopCapturer: {
      getSources: vi.fn(async (_options: unknown): Promise<Array<{ id: string; name: string; display_id: string }>> => []),
    },
    screen: { getPrimaryDisplay: vi.fn(() => ({ id: 2779098405 })) },
  };
});
vi.mock('electron', () => ({ webContents: electron.webContents, desktopCapturer: electron.desktopCapturer, screen: electron.screen }));

const { answerDisplayMedia, hasLoopbackAudio } = await import('./display-media');
const { createMemberGesture } = await import('./member-gesture');

/** The app's main window: the one page that may record. */
const APP_WINDOW = {};
const INDICATOR = {};
const appFrame: FakeFrame = { parent: null };
const indicatorFrame: FakeFrame = { parent: null };
const frameInsideTheApp: FakeFrame = { parent: appFrame };

const SIDE_SCREEN = { id: 'screen:1:0', name: 'Screen 2', display_id: '3' };
const PRIMARY_SCREEN = { id: 'screen:0:0', name: 'Screen 1', display_id: '2779098405' };

let log = createMemoryLogger();
/** Main's clock, which the tests move. */
let now = 0;
let gesture: MemberGesture;
beforeEach(() => {
  now = 1_000_000;
  gesture = createMemberGesture(() => now);
  vi.clearAllMocks();
  log = createMemoryLogger();
  electron.frames.clear();
  electron.frames.set(appFrame, APP_WINDOW);
  electron.frames.set(frameInsideTheApp, APP_WINDOW);
  electron.frames.set(indicatorFrame, INDICATOR);
  electron.desktopCapturer.getSources.mockResolvedValue([SIDE_SCREEN, PRIMARY_SCREEN]);
});

type Handler = (request: object, callback: (streams: unknown) => void) => void;

const WINDOWS_11 = ['win32', '10.0.22631'] as const;
const UBUNTU = ['linux', '6.8.0-45-generic'] as const;

/** The handler installed on a session as the app would on that system. */
function handlerOn([platform, release]: readonly [NodeJS.Platform, string]): Handler {
  let handler: Handler | undefined;
  const session = { setDisplayMediaRequestHandler: vi.fn((installed: Handler) => (handler = installed)) };
  const loopbackAudio = hasLoopbackAudio(platform, release);
  answerDisplayMedia(session as never, { origins: [APP_ORIGIN], mayRecord: (contents) => contents === APP_WINDOW, loopbackAudio, gesture, log });
  return handler!;
}

/** What the page's getDisplayMedia is answered: the streams granted, or null (refused). */
function ask(
  handler: Handler,
  request: Partial<{ frame: FakeFrame | null; securityOrigin: string; audioRequested: boolean; videoRequested: boolean; userGesture: boolean }> = {},
) {
  return new Promise((resolve) => {
    handler({ frame: appFrame, securityOrigin: APP_ORIGIN, audioRequested: true, videoRequested: true, userGesture: true, ...request }, resolve);
  });
}

describe("T2: the computer's audio for live captions (getDisplayMedia)", () => {
  it('refuses any other window of ours, a frame inside the page, another origin and a frame already gone', async () => {
    const handler = handlerOn(WINDOWS_11);
    await expect(ask(handler, { frame: indicatorFrame })).resolves.toBeNull();
    await expect(ask(handler, { frame: frameInsideTheApp })).resolves.toBeNull();
    await expect(ask(handler, { securityOrigin: 'https://evil.example' })).resolves.toBeNull();
    await expect(ask(handler, { frame: null })).resolves.toBeNull();
    expect(log.lines.join('\n')).toContain('not_the_app_window');
  });

  it('refuses a capture not asked for its sound: the app shares no screen', async () => {
    await expect(ask(handlerOn(WINDOWS_11), { audioRequested: false })).resolves.toBeNull();
  });

  it('refuses on a system without loopback (Linux), where the monitor source is an input device instead', async () => {
    await expect(ask(handlerOn(UBUNTU))).resolves.toBeNull();
    expect(log.lines.join('\n')).toContain('no_loopback_on_this_system');
  });
});

describe("SEC-2: the computer's audio comes with the page's own picture, never the screen's", () => {
  it("on Windows gives the app window the system's sound as loopback, with its own frame as the picture", async () => {
    await expect(ask(handlerOn(WINDOWS_11))).resolves.toEqual({ video: appFrame, audio: 'loopback' });
    // No screen is listed at all, let alone handed over.
    expect(electron.desktopCapturer.getSources).not.toHaveBeenCalled();
    expect(electron.screen.getPrimaryDisplay).not.toHaveBeenCalled();
  });

  it('refuses a request the member did not just make: a page script calling getDisplayMedia on its own', async () => {
    await expect(ask(handlerOn(WINDOWS_11), { userGesture: false })).resolves.toBeNull();
    expect(log.lines.join('\n')).toContain('no_user_gesture');
  });

  it("takes a Start from the tray or a shortcut for the page's gesture, for a few seconds only", async () => {
    const handler = handlerOn(WINDOWS_11);
    gesture.acted();
    now += TRANSLATE.computerAudioGestureMs - 1;
    await expect(ask(handler, { userGesture: false })).resolves.toEqual({ video: appFrame, audio: 'loopback' });
    now += 1;
    await expect(ask(handler, { userGesture: false })).resolves.toBeNull();
  });
});

describe('which systems give the computer’s audio as loopback', () => {
  it('Windows, and macOS from 13 (Darwin 22) on; not older macOS, not Linux', () => {
    expect(hasLoopbackAudio(...WINDOWS_11)).toBe(true);
    expect(hasLoopbackAudio('darwin', '22.1.0')).toBe(true);
    expect(hasLoopbackAudio('darwin', '24.6.0')).toBe(true);
    expect(hasLoopbackAudio('darwin', '21.6.0')).toBe(false);
    expect(hasLoopbackAudio(...UBUNTU)).toBe(false);
  });
});
