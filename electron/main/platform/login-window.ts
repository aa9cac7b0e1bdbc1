import { BrowserWindow, type BrowserWindowConstructorOptions, type Cookie, type Event } from 'electron';
import type { Lang } from '../../../shared/lang';
import { AUTH } from '../../../shared/limits';
import { originOf } from '../app/app-origin';
import { parseUrl } from '../app/parse-url';
import type { LoginPort } from '../auth/login-port';
import type { Logger } from '../log/logger';
import { SESSION_TEXTS } from '../texts/session-texts';
import { SIGN_IN_PARTITION, signInSession } from './login-partition';
import { secureWebPreferences } from './secure-web-preferences';

/** The cookie Cloudflare Access sets on the protected application's host once the member is let in. */
export const ACCESS_COOKIE = 'CF_Authorization';

const SIGN_IN_SIZE = { width: 520, height: 720, minWidth: 400, minHeight: 520 } as const;

/**
 * Remote content (Cloudflare and the identity provider): no preload, no Node, sandboxed, on its own partition,
 * so nothing the page runs can reach main or the app's session.
 */
export function signInWindowOptions(env: {
  show: boolean;
  title: string;
  isPackaged: boolean;
}): BrowserWindowConstructorOptions {
  return {
    ...SIGN_IN_SIZE,
    title: env.title,
    show: env.show,
    // Remote content: the secure defaults, its own partition, and never a preload.
    webPreferences: { ...secureWebPreferences(env), partition: SIGN_IN_PARTITION },
  };
}

/**
 * The page's host as the title names it. WHATWG parsing gives a look-alike name in punycode (xn--), as the address bar
 * would; a page without TLS, or not on the web, shows its scheme too, so the member can see that as well.
 */
function shownHost(url: string): string {
  const parsed = parseUrl(url);
  if (!parsed) return url;
  if (parsed.protocol === 'https:') return parsed.host;
  return originOf(url) ?? parsed.protocol;
}

/** RFC 6265 domain-match: a cookie for "example.com" (or ".example.com") also reaches "desk.example.com". */
export function cookieReachesHost(cookieDomain: string | undefined, host: string): boolean {
  if (!cookieDomain) return false;
  const domain = cookieDomain.replace(/^\./, '').toLowerCase();
  return host === domain || host.endsWith(`.${domain}`);
}

export interface LoginPortDeps {
  /** The member's language, for the window's title. */
  lang: () => Lang;
  /** app.isPackaged: a packaged app's sign-in window cannot open DevTools. */
  isPackaged: boolean;
  log: Logger;
}

/** The LoginPort over real windows on the sign-in partition. */
export function createLoginPort(deps: LoginPortDeps): LoginPort {
  return {
    signIn: (appUrl, signal) => waitForAccessToken({ appUrl, signal, show: true }, deps),
    async renewSilently(appUrl, signal) {
      if (signal.aborted) return null;
      // While the application's cookie is valid, Cloudflare lets the load straight through without a new token.
      // Without it, the load goes by the team domain, where a live session issues a fresh one unasked.
      await signInSession().cookies.remove(appUrl, ACCESS_COOKIE);
      return waitForAccessToken({ appUrl, signal, show: false, timeoutMs: AUTH.silentRenewTimeoutMs }, deps);
    },
    async clear() {
      const signIn = signInSession();
      await signIn.clearStorageData();
      await signIn.clearAuthCache();
      await signIn.clearCache();
    },
  };
}

interface TokenWait {
  appUrl: string;
  signal: AbortSignal;
  show: boolean;
  /** Gives up with null after this long; a visible window waits for the member as long as they need. */
  timeoutMs?: number;
}

/**
 * Opens the application URL on the sign-in partition and resolves with the CF_Authorization value once
 * Cloudflare has set it for the application's host; null when the window closes, the signal fires or time runs
 * out. The window never outlives the wait.
 */
function waitForAccessToken(wait: TokenWait, { lang, isPackaged, log }: LoginPortDeps): Promise<string | null> {
  if (wait.signal.aborted) return Promise.resolve(null);
  const host = new URL(wait.appUrl).hostname;
  const cookies = signInSession().cookies;
  const titled = (url: string) => SESSION_TEXTS[lang()].signInTitle(shownHost(url));
  const window = new BrowserWindow(signInWindowOptions({ show: wait.show, title: titled(wait.appUrl), isPackaged }));

  return new Promise((resolve) => {
    let settled = false;
    const finish = (token: string | null) => {
      if (settled) return;
      settled = true;
      cookies.off('changed', onCookieChanged);
      wait.signal.removeEventListener('abort', onAbort);
      clearTimeout(timer);
      // destroy, not close: a page's beforeunload handler could otherwise keep the window open.
      if (!window.isDestroyed()) window.destroy();
      resolve(token);
    };
    const readCookie = () => {
      cookies.get({ url: wait.appUrl, name: ACCESS_COOKIE }).then(
        (found) => {
          const token = found[0]?.value;
          if (token) finish(token);
        },
        (error: unknown) => log.warn('could not read the sign-in cookie', { error }),
      );
    };
    const onCookieChanged = (_event: Event, cookie: Cookie, _cause: string, removed: boolean) => {
      if (cookie.name === ACCESS_COOKIE && !removed && cookieReachesHost(cookie.domain, host)) readCookie();
    };
    // Only a page on the application's host proves Cloudflare accepted the cookie in the jar: one left from an
    // ended or revoked session is still there while the identity provider asks the member to sign in again.
    const onNavigated = (_event: Event, url: string) => {
      // The page is remote and has no chrome of ours: the title is where the member sees who asks for the password.
      if (!window.isDestroyed()) window.setTitle(titled(url));
      if (parseUrl(url)?.hostname === host) readCookie();
    };
    const onAbort = () => finish(null);
    const timer = wait.timeoutMs === undefined ? undefined : setTimeout(() => finish(null), wait.timeoutMs);

    cookies.on('changed', onCookieChanged);
    wait.signal.addEventListener('abort', onAbort);
    window.on('closed', () => finish(null));
    // The member should always see that this window belongs to the app and which host the page is on, whatever
    // the provider's page calls itself.
    window.on('page-title-updated', (event) => event.preventDefault());
    window.webContents.on('did-navigate', onNavigated);
    window.loadURL(wait.appUrl).catch((error: unknown) => {
      // Redirects and script navigations interrupt the first load; the wait goes on either way.
      log.info('the sign-in page did not finish its first load', {
        origin: originOf(wait.appUrl),
        code: error instanceof Error && 'code' in error ? error.code : undefined,
      });
    });
  });
}
