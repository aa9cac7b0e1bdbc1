import type { SenderPolicy } from '../ipc/sender';
import { parseUrl } from './parse-url';

/**
 * Where the UI comes from. The packaged app serves it from a privileged custom scheme, so the page has a real,
 * fixed origin that the IPC sender check, the navigation guards and the permission handler can all name.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'staff-desk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/`;

/**
 * scheme://host[:port] of a URL, or null when it has none. Custom schemes have an opaque origin ("null") in
 * WHATWG URL, so for them the origin is spelled out from the scheme and host.
 */
export function originOf(raw: string): string | null {
  const url = parseUrl(raw);
  if (!url) return null;
  if (url.origin !== 'null') return url.origin;
  return url.host === '' ? null : `${url.protocol}//${url.host}`;
}

export interface RendererSource {
  /** What the main window loads. */
  readonly url: string;
  /** The origins the app trusts: IPC senders, navigation targets, permission requesters. */
  readonly origins: readonly string[];
}

/**
 * electron-vite's dev server (ELECTRON_RENDERER_URL) is used only when the app is not packaged, so an
 * environment variable can never point an installed app at another page.
 */
export function rendererSource(env: { devServerUrl: string | undefined; isPackaged: boolean }): RendererSource {
  const devOrigin = env.isPackaged || !env.devServerUrl ? null : originOf(env.devServerUrl);
  if (env.devServerUrl && devOrigin) return { url: env.devServerUrl, origins: [APP_ORIGIN, devOrigin] };
  return { url: APP_ENTRY_URL, origins: [APP_ORIGIN] };
}

export function isTrustedUrl(raw: string, origins: readonly string[]): boolean {
  const origin = originOf(raw);
  return origin !== null && origins.includes(origin);
}

/**
 * Trusts only the main frame of a page whose origin is on the allowlist (the app's own origin). The app decides
 * whom it trusts; the IPC registry only applies the policy it is given.
 */
export function allowOrigins(origins: readonly string[]): SenderPolicy {
  return (sender) => sender.isMainFrame && isTrustedUrl(sender.url, origins);
}

/**
 * The page's address with a pane selected. The renderer routes on the URL fragment, so loading this over the open
 * page switches pane without reloading it.
 */
export function paneUrl(pageUrl: string, pane: 'settings' | 'secretary'): string {
  const url = new URL(pageUrl);
  url.hash = `/${pane}`;
  return url.href;
}

export function settingsUrl(pageUrl: string): string {
  return paneUrl(pageUrl, 'settings');
}
