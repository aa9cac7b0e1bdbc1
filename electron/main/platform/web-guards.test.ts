import type { HandlerDetails } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TRANSLATE } from '../../../shared/limits';
import { createMemoryLogger } from '../log/logger';
import { APP_ORIGIN } from '../app/app-origin';

type Handler = (...args: never[]) => unknown;

const electron = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  return {
    app: new EventEmitter(),
    shell: { openExternal: vi.fn(async (_url: string) => {}) },
    EventEmitter,
  };
});
vi.mock('electron', () => ({ app: electron.app, shell: electron.shell }));

const { installWebGuards } = await import('./web-guards');
const { createMemberGesture } = await import('./member-gesture');

function fakeSession() {
  const handlers: Record<string, Handler> = {};
  const record = (name: string) => (handler: Handler) => {
    handlers[name] = handler;
  };
  return Object.assign(new electron.EventEmitter(), {
    handlers,
    setPermissionRequestHandler: vi.fn(record('request')),
    setPermissionCheckHandler: vi.fn(record('check')),
    setDevicePermissionHandler: vi.fn(record('device')),
    setDisplayMediaRequestHandler: vi.fn(record('displayMedia')),
  });
}

function fakeContents(session = fakeSession()) {
  const contents = Object.assign(new electron.EventEmitter(), {
    session,
    openHandler: undefined as ((details: Pick<HandlerDetails, 'url'>) => { action: string }) | undefined,
    setWindowOpenHandler(handler: (details: Pick<HandlerDetails, 'url'>) => { action: string }) {
      contents.openHandler = handler;
    },
  });
  electron.app.emit('web-contents-created', {}, contents);
  return contents;
}

function navigation(url: string) {
  return { url, preventDefault: vi.fn() };
}

/** The webContents of the app's main window, the one page that may record. */
const APP_WINDOW = {};
/** The main window's contents as main knows them: the fake above, or one a test created and made the window. */
let appWindow: object = APP_WINDOW;
/** Main's clock, which the tests move. */
let now = 0;

function requestPermission(session: ReturnType<typeof fakeSession>, permission: string, details: object, contents: object = APP_WINDOW) {
  const callback = vi.fn();
  (session.handlers.request as (...args: unknown[]) => void)(contents, permission, callback, details);
  expect(callback).toHaveBeenCalledOnce();
  return callback.mock.calls[0]![0] as boolean;
}

function checkPermission(session: ReturnType<typeof fakeSession>, permission: string, origin: string, details: object, contents: object = APP_WINDOW) {
  return (session.handlers.check as (...args: unknown[]) => boolean)(contents, permission, origin, details);
}

const log = createMemoryLogger();
let signInSession = fakeSession();

beforeEach(() => {
  electron.app.removeAllListeners();
  vi.clearAllMocks();
  signInSession = fakeSession();
  appWindow = APP_WINDOW;
  now = 1_000_000;
  install([APP_ORIGIN]);
});

function install(origins: string[]) {
  installWebGuards({
    origins,
    signInSession: signInSession as never,
    mayRecord: (contents) => contents === appWindow,
    loopbackAudio: true,
    gesture: createMemberGesture(() => now),
    log,
  });
}

/** What main hears of a click, key press or mere hover in a window. */
function input(contents: InstanceType<typeof electron.EventEmitter>, type: string) {
  contents.emit('input-event', {}, { type });
}

describe('web guards: the computer’s audio', () => {
  it("SEC-2: grants the computer's audio only just after a click or key press in the app's window", () => {
    const contents = fakeContents();
    appWindow = contents;
    const computerAudio = { requestingUrl: 'app://staff-desk/', isMainFrame: true, mediaTypes: ['video', 'audio'] };
    // A script alone: no act of the member's (what getUserMedia's legacy desktop source would otherwise get).
    expect(requestPermission(contents.session, 'display-capture', computerAudio, contents)).toBe(false);
    for (const type of ['mouseMove', 'mouseEnter', 'mouseWheel', 'keyUp']) input(contents, type);
    expect(requestPermission(contents.session, 'display-capture', computerAudio, contents)).toBe(false);

    for (const type of ['mouseDown', 'keyDown']) {
      input(contents, type);
      expect(requestPermission(contents.session, 'display-capture', computerAudio, contents), type).toBe(true);
      now += TRANSLATE.computerAudioGestureMs;
      expect(requestPermission(contents.session, 'display-capture', computerAudio, contents), type).toBe(false);
    }
  });

  it('SEC-2: a click in another window of ours (the quick-ask window) does not count', () => {
    const appContents = fakeContents();
    appWindow = appContents;
    input(fakeContents(), 'mouseDown');
    const computerAudio = { requestingUrl: 'app://staff-desk/', isMainFrame: true, mediaTypes: ['video', 'audio'] };
    expect(requestPermission(appContents.session, 'display-capture', computerAudio, appContents)).toBe(false);
  });
});

describe('web guards: navigation and pop-ups', () => {
  it('keeps navigation and redirects inside the app', () => {
    const contents = fakeContents();
    for (const event of ['will-navigate', 'will-redirect']) {
      const inside = navigation('app://staff-desk/#/oracle');
      contents.emit(event, inside);
      expect(inside.preventDefault).not.toHaveBeenCalled();
      for (const url of ['https://example.com/', 'file:///etc/passwd', 'app://other/', 'javascript:alert(1)']) {
        const away = navigation(url);
        contents.emit(event, away);
        expect(away.preventDefault, `${event} ${url}`).toHaveBeenCalled();
      }
    }
  });

  it('never opens a window; https links go to the system browser', () => {
    const contents = fakeContents();
    expect(contents.openHandler!({ url: 'https://docs.example.com/guide?x=1' })).toEqual({ action: 'deny' });
    expect(electron.shell.openExternal).toHaveBeenCalledWith('https://docs.example.com/guide?x=1');
  });

  it('hands no other kind of link to the system', () => {
    const contents = fakeContents();
    for (const url of [
      'http://example.com/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'app://staff-desk/',
      'smb://server/share',
      'https://user:pass@example.com/',
    ]) {
      expect(contents.openHandler!({ url })).toEqual({ action: 'deny' });
    }
    expect(electron.shell.openExternal).not.toHaveBeenCalled();
  });

  it('refuses to attach webviews', () => {
    const contents = fakeContents();
    const event = navigation('');
    contents.emit('will-attach-webview', event, {}, {});
    expect(event.preventDefault).toHaveBeenCalled();
  });
});

describe('web guards: permissions', () => {
  it('grants the microphone to the app page', () => {
    const { session } = fakeContents();
    const details = { requestingUrl: 'app://staff-desk/', isMainFrame: true, mediaTypes: ['audio'] };
    expect(requestPermission(session, 'media', details)).toBe(true);
    expect(checkPermission(session, 'media', APP_ORIGIN, { isMainFrame: true, mediaType: 'audio' })).toBe(true);
  });

  it('denies the camera, notifications, geolocation and a foreign microphone', () => {
    const { session } = fakeContents();
    const app = { requestingUrl: 'app://staff-desk/', isMainFrame: true };
    expect(requestPermission(session, 'media', { ...app, mediaTypes: ['video'] })).toBe(false);
    expect(requestPermission(session, 'media', { ...app, mediaTypes: ['audio', 'video'] })).toBe(false);
    expect(requestPermission(session, 'notifications', app)).toBe(false);
    expect(requestPermission(session, 'geolocation', app)).toBe(false);
    const foreign = { requestingUrl: 'https://evil.example/', isMainFrame: true, mediaTypes: ['audio'] };
    expect(requestPermission(session, 'media', foreign)).toBe(false);

    expect(checkPermission(session, 'media', APP_ORIGIN, { isMainFrame: true, mediaType: 'video' })).toBe(false);
    expect(checkPermission(session, 'notifications', APP_ORIGIN, { isMainFrame: true })).toBe(false);
    expect(checkPermission(session, 'geolocation', APP_ORIGIN, { isMainFrame: true })).toBe(false);
    expect(checkPermission(session, 'media', 'https://evil.example', { isMainFrame: true, mediaType: 'audio' })).toBe(false);
  });

  it('denies the microphone to any other window of ours on the same origin (the on-top indicator)', () => {
    const { session } = fakeContents();
    const indicator = {};
    const details = { requestingUrl: 'app://staff-desk/indicator.html', isMainFrame: true, mediaTypes: ['audio'] };
    expect(requestPermission(session, 'media', details, indicator)).toBe(false);
    expect(checkPermission(session, 'media', APP_ORIGIN, { isMainFrame: true, mediaType: 'audio' }, indicator)).toBe(false);
    expect(checkPermission(session, 'media', APP_ORIGIN, { isMainFrame: true, mediaType: 'audio' }, null as never)).toBe(false);
  });

  it("grants the computer's audio (T2) to the app page only, never a screen capture for its own sake", () => {
    const contents = fakeContents();
    appWindow = contents;
    const { session } = contents;
    input(contents, 'mouseDown');
    const computerAudio = { requestingUrl: 'app://staff-desk/', isMainFrame: true, mediaTypes: ['video', 'audio'] };
    expect(requestPermission(session, 'display-capture', computerAudio, contents)).toBe(true);
    expect(requestPermission(session, 'display-capture', { ...computerAudio, mediaTypes: ['video'] }, contents)).toBe(false);
    expect(requestPermission(session, 'display-capture', computerAudio, {})).toBe(false);
    // The capture itself is answered by the display-media handler every app session gets.
    expect(session.setDisplayMediaRequestHandler).toHaveBeenCalledOnce();
  });

  it('UQ7: lets the app window go full screen, but not a foreign page, a frame inside ours, or another window of ours', () => {
    const { session } = fakeContents();
    const app = { requestingUrl: 'app://staff-desk/', isMainFrame: true };
    expect(requestPermission(session, 'fullscreen', app)).toBe(true);
    expect(checkPermission(session, 'fullscreen', APP_ORIGIN, { isMainFrame: true })).toBe(true);
    expect(requestPermission(session, 'fullscreen', { ...app, requestingUrl: 'https://evil.example/' })).toBe(false);
    expect(requestPermission(session, 'fullscreen', { ...app, isMainFrame: false })).toBe(false);
    expect(requestPermission(session, 'fullscreen', app, {})).toBe(false);
    expect(checkPermission(session, 'fullscreen', 'https://evil.example', { isMainFrame: true })).toBe(false);
  });

  it('denies USB, serial and HID devices', () => {
    const { session } = fakeContents();
    expect((session.handlers.device as (details: object) => boolean)({ deviceType: 'usb', origin: APP_ORIGIN })).toBe(false);
  });

  it('trusts the dev server origin when the app runs from it', () => {
    electron.app.removeAllListeners();
    install([APP_ORIGIN, 'http://localhost:5173']);
    const contents = fakeContents();
    const inside = navigation('http://localhost:5173/');
    contents.emit('will-navigate', inside);
    expect(inside.preventDefault).not.toHaveBeenCalled();
    const details = { requestingUrl: 'http://localhost:5173/', isMainFrame: true, mediaTypes: ['audio'] };
    expect(requestPermission(contents.session, 'media', details)).toBe(true);
  });

  it('sets up each session once, however many windows share it', () => {
    const session = fakeSession();
    fakeContents(session);
    fakeContents(session);
    expect(session.setPermissionRequestHandler).toHaveBeenCalledOnce();
  });
});

describe('web guards: the sign-in window', () => {
  const idpFlow = [
    'https://desk.example.com/',
    'https://acme.cloudflareaccess.com/cdn-cgi/access/login/desk.example.com',
    'https://accounts.google.com/o/oauth2/v2/auth?client_id=x',
    'https://login.microsoftonline.com/common/oauth2/authorize',
  ];

  it('lets the sign-in window follow the identity provider over https, and nowhere else', () => {
    const contents = fakeContents(signInSession);
    for (const event of ['will-navigate', 'will-redirect']) {
      for (const url of idpFlow) {
        const step = navigation(url);
        contents.emit(event, step);
        expect(step.preventDefault, `${event} ${url}`).not.toHaveBeenCalled();
      }
      const offFlow = ['http://accounts.google.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'app://staff-desk/'];
      for (const url of offFlow) {
        const step = navigation(url);
        contents.emit(event, step);
        expect(step.preventDefault, `${event} ${url}`).toHaveBeenCalled();
      }
    }
    expect(contents.openHandler!({ url: 'https://accounts.google.com/popup' })).toEqual({ action: 'deny' });
    expect(electron.shell.openExternal).not.toHaveBeenCalled();
  });

  it('keeps the app window inside the app while a sign-in window is open', () => {
    fakeContents(signInSession);
    const appContents = fakeContents();
    for (const url of idpFlow) {
      const away = navigation(url);
      appContents.emit('will-navigate', away);
      expect(away.preventDefault, url).toHaveBeenCalled();
    }
  });

  it('grants a sign-in page nothing, not even the microphone the app page may use', () => {
    fakeContents(signInSession);
    const microphone = { requestingUrl: 'app://staff-desk/', isMainFrame: true, mediaTypes: ['audio'] };
    expect(requestPermission(signInSession, 'media', microphone)).toBe(false);
    const idp = { requestingUrl: 'https://accounts.google.com/', isMainFrame: true, mediaTypes: ['audio'] };
    expect(requestPermission(signInSession, 'media', idp)).toBe(false);
    expect(checkPermission(signInSession, 'media', APP_ORIGIN, { isMainFrame: true, mediaType: 'audio' })).toBe(false);
    expect(requestPermission(signInSession, 'display-capture', { ...microphone, mediaTypes: ['video', 'audio'] })).toBe(false);
    expect(signInSession.setDisplayMediaRequestHandler).not.toHaveBeenCalled();
    // Guarded once at install: the app's microphone policy never replaces the sign-in one.
    expect(signInSession.setPermissionRequestHandler).toHaveBeenCalledOnce();
  });
});
