import type { HandlerDetails } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryLogger } from '../log/logger';

const electron = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  const partitions = new Map<string, object>();
  return {
    EventEmitter,
    session: {
      fromPartition: vi.fn((partition: string) => {
        if (!partitions.has(partition)) partitions.set(partition, { partition });
        return partitions.get(partition)!;
      }),
    },
  };
});
vi.mock('electron', () => ({ session: electron.session }));

const { SIGN_IN_PARTITION, allowsSignInNavigation, guardSignInContents, guardSignInSession, signInSession } =
  await import('./login-partition');

type OpenHandler = (details: Pick<HandlerDetails, 'url'>) => { action: string };

function guardedContents() {
  const log = createMemoryLogger();
  const contents = Object.assign(new electron.EventEmitter(), {
    openHandler: undefined as OpenHandler | undefined,
    setWindowOpenHandler(handler: OpenHandler) {
      contents.openHandler = handler;
    },
  });
  guardSignInContents(contents as never, log);
  return { contents, log };
}

function navigation(url: string) {
  return { url, preventDefault: vi.fn() };
}

const IDP_FLOW = [
  'https://desk.example.com/',
  'https://acme.cloudflareaccess.com/cdn-cgi/access/login/desk.example.com?redirect_url=%2F',
  'https://accounts.google.com/o/oauth2/v2/auth?client_id=x&state=y',
  'https://login.microsoftonline.com/common/oauth2/authorize',
  'https://acme.okta.com:8443/login',
  'https://desk.example.com/cdn-cgi/access/authorized?token=abc',
];
const OFF_FLOW = [
  'http://desk.example.com/',
  'http://accounts.google.com/',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'app://staff-desk/',
  'ms-outlook://compose',
  'https://user:pass@idp.example.com/',
  'not a url',
];

describe('the sign-in partition', () => {
  it('is the persistent partition of its own, the same session every time', () => {
    expect(SIGN_IN_PARTITION).toBe('persist:cfaccess');
    expect(signInSession()).toBe(signInSession());
    expect(electron.session.fromPartition).toHaveBeenCalledWith('persist:cfaccess');
  });

  it('lets the identity provider flow go to any https host, and nowhere else', () => {
    for (const url of IDP_FLOW) expect(allowsSignInNavigation(url), url).toBe(true);
    for (const url of OFF_FLOW) expect(allowsSignInNavigation(url), url).toBe(false);
  });

  it('follows https navigations and redirects, and blocks http, file, javascript and custom schemes', () => {
    const { contents } = guardedContents();
    for (const event of ['will-navigate', 'will-redirect']) {
      for (const url of IDP_FLOW) {
        const step = navigation(url);
        contents.emit(event, step);
        expect(step.preventDefault, `${event} ${url}`).not.toHaveBeenCalled();
      }
      for (const url of OFF_FLOW) {
        const step = navigation(url);
        contents.emit(event, step);
        expect(step.preventDefault, `${event} ${url}`).toHaveBeenCalled();
      }
    }
  });

  it('logs a blocked navigation by origin only, never the query that may carry a token', () => {
    const { contents, log } = guardedContents();
    contents.emit('will-redirect', navigation('http://desk.example.com/cdn-cgi/access/authorized?token=eyJsecret'));
    expect(log.lines.join('\n')).toContain('http://desk.example.com');
    expect(log.lines.join('\n')).not.toContain('eyJsecret');
  });

  it('opens no pop-up, not even an https one, and says so in the log', () => {
    const { contents, log } = guardedContents();
    expect(contents.openHandler!({ url: 'https://accounts.google.com/popup?x=1' })).toEqual({ action: 'deny' });
    expect(contents.openHandler!({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    const denied = log.lines.filter((line) => line.includes('sign-in pop-up denied'));
    expect(denied.some((line) => line.includes('https://accounts.google.com'))).toBe(true);
  });

  it('refuses to attach webviews', () => {
    const { contents } = guardedContents();
    const event = navigation('');
    contents.emit('will-attach-webview', event, {}, {});
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('grants no permission, device or download to a sign-in page', () => {
    type Handler = (...args: unknown[]) => unknown;
    const handlers: Record<string, Handler> = {};
    const signIn = Object.assign(new electron.EventEmitter(), {
      setPermissionRequestHandler: (handler: Handler) => (handlers.request = handler),
      setPermissionCheckHandler: (handler: Handler) => (handlers.check = handler),
      setDevicePermissionHandler: (handler: Handler) => (handlers.device = handler),
    });
    guardSignInSession(signIn as never);

    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'fullscreen']) {
      const callback = vi.fn();
      handlers.request!({}, permission, callback, { requestingUrl: 'https://acme.okta.com/', isMainFrame: true });
      expect(callback, permission).toHaveBeenCalledWith(false);
      expect(handlers.check!({}, permission, 'https://acme.okta.com', { isMainFrame: true }), permission).toBe(false);
    }
    expect(handlers.device!({ deviceType: 'usb', origin: 'https://acme.okta.com' })).toBe(false);
    const download = { preventDefault: vi.fn() };
    signIn.emit('will-download', download, {}, {});
    expect(download.preventDefault).toHaveBeenCalled();
  });
});
