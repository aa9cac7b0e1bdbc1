import type { BrowserWindowConstructorOptions } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '../../../shared/lang';
import { AUTH } from '../../../shared/limits';
import { createMemoryLogger } from '../log/logger';
import { expectElectronChecklist } from '../../../test/support/electron-checklist';

interface FakeCookie {
  name: string;
  value: string;
  domain: string;
}

const electron = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');

  /** A cookie jar that answers for exact hosts, and tells its listeners of every change like Electron does. */
  class FakeCookies extends EventEmitter {
    jar: FakeCookie[] = [];
    readonly get = vi.fn(async ({ url, name }: { url: string; name: string }) =>
      this.jar.filter((cookie) => cookie.name === name && cookie.domain === new URL(url).hostname),
    );
    readonly remove = vi.fn(async (url: string, name: string) => {
      for (const cookie of this.jar.filter((c) => c.name === name && c.domain === new URL(url).hostname)) {
        this.drop(cookie);
      }
    });
    set(cookie: FakeCookie) {
      this.jar = [...this.jar.filter((c) => c.name !== cookie.name || c.domain !== cookie.domain), cookie];
      this.emit('changed', {}, cookie, 'inserted', false);
    }
    drop(cookie: FakeCookie) {
      this.jar = this.jar.filter((c) => c !== cookie);
      this.emit('changed', {}, cookie, 'explicit', true);
    }
  }

  class FakeBrowserWindow extends EventEmitter {
    static created: FakeBrowserWindow[] = [];
    static loadResult: () => Promise<void> = async () => {};
    destroyed = false;
    /** What the window's title bar shows. */
    title: string;
    readonly setTitle = vi.fn((title: string) => {
      this.title = title;
    });
    readonly webContents = new EventEmitter();
    readonly loadURL = vi.fn((_url: string) => FakeBrowserWindow.loadResult());
    readonly destroy = vi.fn(() => this.closeByHand());
    readonly isDestroyed = () => this.destroyed;
    constructor(readonly options: BrowserWindowConstructorOptions) {
      super();
      this.title = options.title ?? '';
      FakeBrowserWindow.created.push(this);
    }
    closeByHand() {
      this.destroyed = true;
      this.emit('closed');
    }
    navigate(url: string) {
      this.webContents.emit('did-navigate', {}, url, 200, 'OK');
    }
  }

  const signInSession = {
    cookies: new FakeCookies(),
    clearStorageData: vi.fn(async () => {}),
    clearAuthCache: vi.fn(async () => {}),
    clearCache: vi.fn(async () => {}),
  };
  return {
    FakeCookies,
    signInSession,
    BrowserWindow: FakeBrowserWindow,
    session: { fromPartition: vi.fn((_partition: string) => signInSession) },
  };
});
vi.mock('electron', () => ({ BrowserWindow: electron.BrowserWindow, session: electron.session }));

const { ACCESS_COOKIE, cookieReachesHost, createLoginPort } = await import('./login-window');

const APP_URL = 'https://desk.example.com/';
const APP_HOST = 'desk.example.com';
const TEAM_LOGIN = 'https://acme.cloudflareaccess.com/cdn-cgi/access/login/desk.example.com';
const IDP_PAGE = 'https://accounts.google.com/o/oauth2/v2/auth?client_id=x';

const { BrowserWindow, session, signInSession } = electron;
const cookies = () => signInSession.cookies;

/** The promise's outcome so far, once every pending callback has run. */
function track<T>(promise: Promise<T>) {
  const state: { done: boolean; value?: T } = { done: false };
  void promise.then((value) => Object.assign(state, { done: true, value }));
  return state;
}
const flush = () => new Promise((resolve) => setImmediate(resolve));

function setup(lang: Lang = 'en', isPackaged = true) {
  const log = createMemoryLogger();
  return { log, port: createLoginPort({ lang: () => lang, isPackaged, log }) };
}

function lastWindow() {
  return BrowserWindow.created.at(-1)!;
}

beforeEach(() => {
  BrowserWindow.created = [];
  BrowserWindow.loadResult = async () => {};
  signInSession.cookies = new electron.FakeCookies();
  vi.clearAllMocks();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('sign-in window', () => {
  it('opens the application URL in a sandboxed window on its own partition, with no preload and no Node', async () => {
    const { port } = setup();
    void port.signIn(APP_URL, new AbortController().signal);
    const window = lastWindow();
    const prefs = window.options.webPreferences!;
    expect(prefs.partition).toBe('persist:cfaccess');
    expect(prefs.preload).toBeUndefined();
    expectElectronChecklist(prefs);
    expect(prefs.devTools).toBe(false);
    expect(window.options).toMatchObject({ show: true, title: 'Sign in at desk.example.com — Staff Desk' });
    expect(window.options.width).toBeGreaterThanOrEqual(window.options.minWidth!);
    expect(window.options.height).toBeGreaterThanOrEqual(window.options.minHeight!);
    expect(window.loadURL).toHaveBeenCalledWith(APP_URL);
    expect(session.fromPartition).toHaveBeenCalledWith('persist:cfaccess');
  });

  it('lets only `npm run dev` open DevTools on the sign-in page', () => {
    void setup('en', false).port.signIn(APP_URL, new AbortController().signal);
    expect(lastWindow().options.webPreferences!.devTools).toBe(true);
  });

  it('hands back the token once Cloudflare sets its cookie on the application host, and closes', async () => {
    const { port } = setup();
    const signedIn = port.signIn(APP_URL, new AbortController().signal);
    const window = lastWindow();
    window.navigate(TEAM_LOGIN);
    window.navigate(IDP_PAGE);
    cookies().set({ name: ACCESS_COOKIE, value: 'fresh.jwt.token', domain: APP_HOST });
    await expect(signedIn).resolves.toBe('fresh.jwt.token');
    expect(window.destroy).toHaveBeenCalled();
    expect(cookies().listenerCount('changed')).toBe(0);
  });

  it('is not fooled by other cookies: another name, the team domain session, a removal', async () => {
    const { port } = setup();
    cookies().jar = [{ name: ACCESS_COOKIE, value: 'revoked.jwt.token', domain: APP_HOST }];
    const signedIn = track(port.signIn(APP_URL, new AbortController().signal));
    const window = lastWindow();
    window.navigate(IDP_PAGE);
    cookies().set({ name: 'CF_Session', value: 'x', domain: APP_HOST });
    cookies().set({ name: ACCESS_COOKIE, value: 'team.session.token', domain: 'acme.cloudflareaccess.com' });
    cookies().drop(cookies().jar.find((cookie) => cookie.domain === APP_HOST && cookie.name === ACCESS_COOKIE)!);
    await flush();
    expect(signedIn.done).toBe(false);
    expect(window.destroy).not.toHaveBeenCalled();

    cookies().set({ name: ACCESS_COOKIE, value: 'fresh.jwt.token', domain: APP_HOST });
    await vi.waitFor(() => expect(signedIn).toEqual({ done: true, value: 'fresh.jwt.token' }));
  });

  it('takes a cookie for the parent domain that reaches the application host', () => {
    expect(cookieReachesHost(APP_HOST, APP_HOST)).toBe(true);
    expect(cookieReachesHost(`.${APP_HOST}`, APP_HOST)).toBe(true);
    expect(cookieReachesHost('.example.com', APP_HOST)).toBe(true);
    expect(cookieReachesHost('acme.cloudflareaccess.com', APP_HOST)).toBe(false);
    expect(cookieReachesHost('other.example.com', APP_HOST)).toBe(false);
    expect(cookieReachesHost('ample.com', APP_HOST)).toBe(false);
    expect(cookieReachesHost(undefined, APP_HOST)).toBe(false);
  });

  it('with a live session from before, resolves as soon as the first load reaches the application', async () => {
    const { port } = setup();
    cookies().jar = [{ name: ACCESS_COOKIE, value: 'live.jwt.token', domain: APP_HOST }];
    const signedIn = port.signIn(APP_URL, new AbortController().signal);
    lastWindow().navigate(APP_URL);
    await expect(signedIn).resolves.toBe('live.jwt.token');
    expect(lastWindow().destroy).toHaveBeenCalled();
  });

  it('does not hand back a cookie left from an ended session while the provider asks the member again', async () => {
    const { port } = setup();
    cookies().jar = [{ name: ACCESS_COOKIE, value: 'ended.jwt.token', domain: APP_HOST }];
    const signedIn = track(port.signIn(APP_URL, new AbortController().signal));
    lastWindow().navigate(TEAM_LOGIN);
    lastWindow().navigate(IDP_PAGE);
    await flush();
    expect(signedIn.done).toBe(false);
  });

  it('closing the window by hand cancels cleanly: null, and nothing keeps listening', async () => {
    const { port } = setup();
    const signedIn = port.signIn(APP_URL, new AbortController().signal);
    lastWindow().navigate(IDP_PAGE);
    lastWindow().closeByHand();
    await expect(signedIn).resolves.toBeNull();
    expect(cookies().listenerCount('changed')).toBe(0);
    cookies().set({ name: ACCESS_COOKIE, value: 'late.jwt.token', domain: APP_HOST });
    await expect(signedIn).resolves.toBeNull();
  });

  it('closes the window and resolves null when the caller gives up', async () => {
    const { port } = setup();
    const controller = new AbortController();
    const signedIn = port.signIn(APP_URL, controller.signal);
    controller.abort();
    await expect(signedIn).resolves.toBeNull();
    expect(lastWindow().destroy).toHaveBeenCalled();
    expect(cookies().listenerCount('changed')).toBe(0);
  });

  it('opens no window for a caller that has already given up', async () => {
    const { port } = setup();
    await expect(port.signIn(APP_URL, AbortSignal.abort())).resolves.toBeNull();
    expect(BrowserWindow.created).toHaveLength(0);
  });

  it("is titled in the member's language", () => {
    const { port } = setup('ru');
    void port.signIn(APP_URL, new AbortController().signal);
    expect(lastWindow().title).toBe('Вход на desk.example.com — Staff Desk');
  });

  it('names in its title the host of the page asking for the password, at every navigation', () => {
    const { port } = setup();
    void port.signIn(APP_URL, new AbortController().signal);
    const window = lastWindow();
    window.navigate(TEAM_LOGIN);
    expect(window.title).toBe('Sign in at acme.cloudflareaccess.com — Staff Desk');
    window.navigate(IDP_PAGE);
    expect(window.title).toBe('Sign in at accounts.google.com — Staff Desk');
    // A look-alike name shows as the browser resolves it (punycode), a port and a page without TLS in full.
    window.navigate('https://accounts.gооgle.com/login');
    expect(window.title).toBe('Sign in at accounts.xn--ggle-55da.com — Staff Desk');
    window.navigate('http://idp.example.net:8080/login');
    expect(window.title).toBe('Sign in at http://idp.example.net:8080 — Staff Desk');
  });

  it('keeps its own title, whatever the provider page is called', () => {
    const { port } = setup();
    void port.signIn(APP_URL, new AbortController().signal);
    lastWindow().navigate(IDP_PAGE);
    const event = { preventDefault: vi.fn() };
    lastWindow().emit('page-title-updated', event, 'Sign in at desk.example.com — Staff Desk', true);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(lastWindow().title).toBe('Sign in at accounts.google.com — Staff Desk');
  });

  it('a first load cut short by a redirect does not end the wait, and is logged without the URL', async () => {
    const aborted = new Error(`ERR_ABORTED (-3) loading '${APP_URL}?token=eyJsecret'`);
    BrowserWindow.loadResult = () => Promise.reject(Object.assign(aborted, { code: 'ERR_ABORTED' }));
    const { port, log } = setup();
    const signedIn = port.signIn(APP_URL, new AbortController().signal);
    await vi.waitFor(() => expect(log.lines.some((line) => line.includes('ERR_ABORTED'))).toBe(true));
    expect(log.lines.join('\n')).not.toContain('eyJsecret');
    cookies().set({ name: ACCESS_COOKIE, value: 'fresh.jwt.token', domain: APP_HOST });
    await expect(signedIn).resolves.toBe('fresh.jwt.token');
  });
});

describe('silent renewal', () => {
  it('loads the application in a hidden window and hands back the fresh token', async () => {
    const { port } = setup();
    cookies().jar = [{ name: ACCESS_COOKIE, value: 'old.jwt.token', domain: APP_HOST }];
    const renewed = port.renewSilently(APP_URL, new AbortController().signal);
    await vi.waitFor(() => expect(BrowserWindow.created).toHaveLength(1));
    const window = lastWindow();
    expect(window.options.show).toBe(false);
    expect(window.options.webPreferences).toMatchObject({ partition: 'persist:cfaccess', sandbox: true });
    expect(window.options.webPreferences?.preload).toBeUndefined();
    expect(window.loadURL).toHaveBeenCalledWith(APP_URL);

    // The old token is out of the jar before the load, so Cloudflare has to issue a new one.
    expect(cookies().remove).toHaveBeenCalledWith(APP_URL, ACCESS_COOKIE);
    window.navigate(TEAM_LOGIN);
    cookies().set({ name: ACCESS_COOKIE, value: 'new.jwt.token', domain: APP_HOST });
    await expect(renewed).resolves.toBe('new.jwt.token');
    expect(window.destroy).toHaveBeenCalled();
  });

  it('gives up with null when the provider wants the member again, and destroys the hidden window', async () => {
    vi.useFakeTimers();
    const { port } = setup();
    cookies().jar = [{ name: ACCESS_COOKIE, value: 'old.jwt.token', domain: APP_HOST }];
    const renewed = track(port.renewSilently(APP_URL, new AbortController().signal));
    await vi.waitFor(() => expect(BrowserWindow.created).toHaveLength(1));
    const window = lastWindow();
    window.navigate(TEAM_LOGIN);
    window.navigate(IDP_PAGE);
    await vi.advanceTimersByTimeAsync(AUTH.silentRenewTimeoutMs);
    expect(renewed).toEqual({ done: true, value: null });
    expect(window.destroy).toHaveBeenCalled();
    expect(window.isDestroyed()).toBe(true);
    expect(cookies().listenerCount('changed')).toBe(0);
  });

  it('stops and destroys the hidden window when the caller gives up', async () => {
    const { port } = setup();
    const controller = new AbortController();
    const renewed = port.renewSilently(APP_URL, controller.signal);
    await vi.waitFor(() => expect(BrowserWindow.created).toHaveLength(1));
    controller.abort();
    await expect(renewed).resolves.toBeNull();
    expect(lastWindow().isDestroyed()).toBe(true);
  });
});

describe('sign-out', () => {
  it('clears cookies, storage and caches of the sign-in partition', async () => {
    const { port } = setup();
    await port.clear();
    expect(session.fromPartition).toHaveBeenCalledWith('persist:cfaccess');
    expect(signInSession.clearStorageData).toHaveBeenCalledWith();
    expect(signInSession.clearAuthCache).toHaveBeenCalled();
    expect(signInSession.clearCache).toHaveBeenCalled();
    expect(session.fromPartition.mock.calls.every(([partition]) => partition === 'persist:cfaccess')).toBe(true);
  });
});
