import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, VOICE_DETECTION_CONTENT_SECURITY_POLICY } from '../../shared/content-security-policy';
import { createPageServer, SHIM_PATH } from './page-server';

const TOKEN = 'page-token-abc';
const INDEX = '<html><head><title>t</title><script type="module" crossorigin src="./assets/app.js"></script></head></html>';

let base: string;
let close: () => Promise<void>;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'staff-desk-page-server-'));
  mkdirSync(join(root, 'renderer', 'assets'), { recursive: true });
  writeFileSync(join(root, 'renderer', 'index.html'), INDEX);
  writeFileSync(join(root, 'renderer', 'quick-ask.html'), INDEX.replace('app.js', 'quick-ask.js'));
  writeFileSync(join(root, 'renderer', 'indicator.html'), INDEX.replace('app.js', 'indicator.js'));
  writeFileSync(join(root, 'renderer', 'assets', 'app.js'), 'console.log("app")');
  writeFileSync(join(root, 'secret.txt'), 'outside the renderer');
  const server = createPageServer({ rendererDir: join(root, 'renderer'), shimCode: 'window.shim=1', token: TOKEN, readFile });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(async () => {
  await close();
  rmSync(root, { recursive: true, force: true });
});

/** A raw GET, so that ".." reaches the server as written (fetch would resolve it away). */
function get(path: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}${path}`, { method: 'GET', path }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('harness page server', () => {
  it('serves the page only with the token, with the api shim loaded before the app module', async () => {
    const page = await get(`/?token=${TOKEN}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(new RegExp(`<script src="${SHIM_PATH}"></script>\\s*<script type="module"`));
    expect((await get(`/index.html?token=${TOKEN}`)).status).toBe(200);

    for (const path of ['/', '/?token=', `/?token=${TOKEN}x`, '/index.html']) {
      const refused = await get(path);
      expect(refused.status, path).toBe(403);
      expect(refused.body, path).not.toContain('<script');
    }
  });

  it('serves the quick-ask page like the app’s: with the token only, the api shim first', async () => {
    const page = await get(`/quick-ask.html?token=${TOKEN}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(new RegExp(`<script src="${SHIM_PATH}"></script>\\s*<script type="module" crossorigin src="./assets/quick-ask.js">`));
    expect((await get('/quick-ask.html')).status).toBe(403);
  });

  it('serves the shim and the built assets, and nothing outside the renderer folder', async () => {
    expect(await get(SHIM_PATH)).toMatchObject({ status: 200, body: 'window.shim=1' });
    const asset = await get('/assets/app.js');
    expect(asset).toMatchObject({ status: 200, body: 'console.log("app")' });
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');

    for (const path of ['/../secret.txt', '/assets/../../secret.txt', '/assets/%2e%2e/%2e%2e/secret.txt', '//secret.txt']) {
      const refused = await get(path);
      expect(refused.status, path).toBe(403);
      expect(refused.body, path).not.toContain('outside the renderer');
    }
    expect((await get('/assets/missing.js')).status).toBe(404);
  });

  it('sends the app’s Content-Security-Policy on every response, refusals included', async () => {
    for (const path of ['/', SHIM_PATH, '/assets/app.js', '/assets/missing.js', '/../secret.txt']) {
      expect((await get(path)).headers['content-security-policy'], path).toBe(CONTENT_SECURITY_POLICY);
    }
  });

  it('SEC-7: as in the app, only the main page may compile WebAssembly (voice detection)', async () => {
    for (const path of [`/?token=${TOKEN}`, `/index.html?token=${TOKEN}`]) {
      expect((await get(path)).headers['content-security-policy'], path).toBe(VOICE_DETECTION_CONTENT_SECURITY_POLICY);
    }
    for (const path of [`/quick-ask.html?token=${TOKEN}`, '/indicator.html']) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(page.headers['content-security-policy'], path).toBe(CONTENT_SECURITY_POLICY);
    }
  });
});
