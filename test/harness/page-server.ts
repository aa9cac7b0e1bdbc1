import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { APP_ORIGIN } from '../../electron/main/app/app-origin';
import { sameToken } from './ws-transport';
import { contentTypeOf, resolveAppPath } from '../../electron/main/platform/app-files';
import { securityHeadersOf } from '../../electron/main/platform/content-security-policy';

export const SHIM_PATH = '/__harness/api-shim.js';
const SHIM_TAG = `<script src="${SHIM_PATH}"></script>`;
const MODULE_SCRIPT = /<script\b[^>]*\btype=["']?module\b/i;
const NOT_FOUND_CODES = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);
/** The built pages that reach main (the preload in the app, the shim here): the app's own and the quick-ask window's. */
const API_PAGES: Readonly<Record<string, string>> = { '/': 'index.html', '/index.html': 'index.html', '/quick-ask.html': 'quick-ask.html' };

export interface PageServerDeps {
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** The bundled window.api shim. */
  shimCode: string;
  /** The page itself is served only to a request that carries it as `?token=`. */
  token: string;
  readFile: (file: string) => Promise<Buffer>;
}

/**
 * Serves the built renderer to a browser the way the app's protocol handler serves it to the app's window, with
 * the page's one addition: the window.api shim, loaded before the app's module script.
 */
export function createPageServer(deps: PageServerDeps): Server {
  return createServer((request, response) => {
    serve(request, response, deps).catch(() => {
      if (!response.headersSent) send(response, 500, 'text/plain; charset=utf-8', 'The harness could not serve that file.');
      else response.destroy();
    });
  });
}

/** `name` is the file's path in the renderer folder, whose page has its own CSP as in the app; '' for none. */
function send(response: ServerResponse, status: number, contentType: string, body: string | Buffer, name = '') {
  response.writeHead(status, {
    ...securityHeadersOf(name),
    'Content-Type': contentType,
    'Cache-Control': 'no-store',
    // The page's address carries the token: it must not travel on in a Referer.
    'Referrer-Policy': 'no-referrer',
  });
  response.end(body);
}

const text = (response: ServerResponse, status: number, body: string) =>
  send(response, status, 'text/plain; charset=utf-8', body);

async function serve(request: IncomingMessage, response: ServerResponse, deps: PageServerDeps): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return text(response, 405, 'Only GET and HEAD are served.');
  const raw = request.url ?? '';
  if (!raw.startsWith('/')) return text(response, 400, 'Bad request.');
  const queryAt = raw.indexOf('?');
  const path = queryAt === -1 ? raw : raw.slice(0, queryAt);
  const query = new URLSearchParams(queryAt === -1 ? '' : raw.slice(queryAt + 1));

  if (Object.hasOwn(API_PAGES, path)) {
    if (!sameToken(query.get('token'), deps.token)) {
      return text(response, 403, 'Forbidden: open the address the harness printed, token included.');
    }
    const page = API_PAGES[path]!;
    const html = (await deps.readFile(join(deps.rendererDir, page))).toString('utf8');
    const at = html.search(MODULE_SCRIPT);
    if (at === -1) return text(response, 500, 'The built page has no module script; rebuild it (npx electron-vite build).');
    return send(response, 200, 'text/html; charset=utf-8', `${html.slice(0, at)}${SHIM_TAG}\n    ${html.slice(at)}`, page);
  }
  if (path === SHIM_PATH) return send(response, 200, 'text/javascript; charset=utf-8', deps.shimCode);

  // The app's own resolver, which refuses traversal rather than reinterpreting it, over the same folder.
  const resolved = resolveAppPath(`${APP_ORIGIN}${path}`, deps.rendererDir);
  if (resolved.kind === 'forbidden') return text(response, 403, 'Forbidden.');
  let body: Buffer;
  try {
    body = await deps.readFile(resolved.file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code && NOT_FOUND_CODES.has(code)) return text(response, 404, 'Not found.');
    throw error;
  }
  return send(response, 200, contentTypeOf(resolved.file), body, resolved.name);
}
