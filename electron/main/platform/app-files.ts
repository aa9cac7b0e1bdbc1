import path from 'node:path';
import { APP_HOST, APP_SCHEME } from '../app/app-origin';
import { securityHeadersOf } from './content-security-policy';

/**
 * The built renderer's files, served under app://staff-desk/ to the app's own windows: `file` on disk, and `name`,
 * its '/'-separated path in the renderer folder (which page it is: each has its own CSP).
 */
export type AppPath = { kind: 'file'; file: string; name: string } | { kind: 'forbidden' };

export interface AppFilesDeps {
  /** The built renderer folder (out/renderer). */
  root: string;
  readFile: (file: string) => Promise<Uint8Array>;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.webm': 'audio/webm',
};

// Parsed by hand rather than with URL, which would silently resolve "..": a traversal attempt is refused, not
// reinterpreted.
const URL_PARTS = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)/i;
const FORBIDDEN_IN_SEGMENT = /[/\\:\0]/;
const FORBIDDEN: AppPath = { kind: 'forbidden' };

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function resolveAppPath(rawUrl: string, root: string): AppPath {
  const match = URL_PARTS.exec(rawUrl);
  if (!match || match[1]?.toLowerCase() !== APP_SCHEME || match[2]?.toLowerCase() !== APP_HOST) return FORBIDDEN;
  const rawPath = match[3] ?? '';
  if (rawPath === '' || rawPath === '/') return { kind: 'file', file: path.join(root, 'index.html'), name: 'index.html' };
  if (rawPath.includes('\\')) return FORBIDDEN;
  const segments: string[] = [];
  for (const raw of rawPath.slice(1).split('/')) {
    const segment = decodeSegment(raw);
    if (!segment || segment === '.' || segment === '..' || FORBIDDEN_IN_SEGMENT.test(segment)) return FORBIDDEN;
    segments.push(segment);
  }
  const file = path.join(root, ...segments);
  const relative = path.relative(root, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return FORBIDDEN;
  return { kind: 'file', file, name: segments.join('/') };
}

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

const NOT_FOUND_CODES = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

function textResponse(status: number, text: string): Response {
  return new Response(text, {
    status,
    // No page of the app's: the strictest policy.
    headers: { ...securityHeadersOf(''), 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

/** Answers one app:// request; every response, errors included, carries the security headers. */
export async function serveAppFile(rawUrl: string, deps: AppFilesDeps): Promise<Response> {
  const resolved = resolveAppPath(rawUrl, deps.root);
  if (resolved.kind === 'forbidden') return textResponse(403, 'Forbidden');
  let body: Uint8Array;
  try {
    body = await deps.readFile(resolved.file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    return code && NOT_FOUND_CODES.has(code)
      ? textResponse(404, 'Not found')
      : textResponse(500, 'The app could not read its own files.');
  }
  return new Response(body, {
    status: 200,
    headers: { ...securityHeadersOf(resolved.name), 'Content-Type': contentTypeOf(resolved.file) },
  });
}
