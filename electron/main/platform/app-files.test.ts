import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeOf, resolveAppPath, serveAppFile } from './app-files';
import { CONTENT_SECURITY_POLICY, VOICE_DETECTION_CONTENT_SECURITY_POLICY } from '../../../shared/content-security-policy';
import { VAD_ASSETS } from '../../../shared/vad-assets';

let base: string;
let root: string;

beforeAll(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'app-files-'));
  root = path.join(base, 'renderer');
  fs.mkdirSync(path.join(root, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Staff Desk</title>');
  fs.writeFileSync(path.join(root, 'quick-ask.html'), '<!doctype html><title>Quick ask</title>');
  fs.writeFileSync(path.join(root, 'indicator.html'), '<!doctype html><title>Microphone live</title>');
  fs.writeFileSync(path.join(root, 'assets', 'index-abc.js'), 'console.log(1)');
  fs.writeFileSync(path.join(root, 'assets', 'index-abc.css'), 'body{}');
  fs.writeFileSync(path.join(root, 'assets', 'my file.svg'), '<svg/>');
  // What a traversal would be after: the main process bundle beside the renderer folder.
  fs.mkdirSync(path.join(base, 'main'));
  fs.writeFileSync(path.join(base, 'main', 'index.js'), 'secret main code');
});

afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

const serve = (url: string) => serveAppFile(url, { root, readFile });

describe('app:// files', () => {
  it("serves index.html for the root, with the main window's CSP and nosniff headers", async () => {
    for (const url of ['app://staff-desk/', 'app://staff-desk', 'app://staff-desk/?from=tray#/settings']) {
      const response = await serve(url);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>Staff Desk</title>');
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toBe(VOICE_DETECTION_CONTENT_SECURITY_POLICY);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('SEC-7: only the main window may compile WebAssembly (voice detection); the other pages and files may not', async () => {
    for (const url of ['app://staff-desk/', 'app://staff-desk/index.html']) {
      expect((await serve(url)).headers.get('content-security-policy'), url).toBe(VOICE_DETECTION_CONTENT_SECURITY_POLICY);
    }
    for (const url of ['app://staff-desk/quick-ask.html', 'app://staff-desk/indicator.html', 'app://staff-desk/assets/index-abc.js']) {
      const response = await serve(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-security-policy'), url).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers.get('content-security-policy'), url).not.toContain('wasm-unsafe-eval');
    }
  });

  it('serves built assets with their content types', async () => {
    const script = await serve('app://staff-desk/assets/index-abc.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('console.log(1)');
    expect((await serve('app://staff-desk/assets/index-abc.css')).headers.get('content-type')).toBe(
      'text/css; charset=utf-8',
    );
    const encoded = await serve('app://staff-desk/assets/my%20file.svg');
    expect(encoded.status).toBe(200);
    expect(encoded.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('answers 404, still with the security headers, for a file that is not there', async () => {
    for (const url of ['app://staff-desk/missing.js', 'app://staff-desk/assets', 'app://staff-desk/index.html/x']) {
      const response = await serve(url);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    }
  });

  it('refuses to step outside the renderer folder, however the path is spelled', async () => {
    for (const url of [
      'app://staff-desk/../main/index.js',
      'app://staff-desk/assets/../../main/index.js',
      'app://staff-desk/%2e%2e/main/index.js',
      'app://staff-desk/%2E%2E%2Fmain%2Findex.js',
      'app://staff-desk/.%2e/main/index.js',
      'app://staff-desk/..%5Cmain%5Cindex.js',
      'app://staff-desk/..\\main\\index.js',
      'app://staff-desk//etc/passwd',
      `app://staff-desk/${encodeURIComponent(path.join(base, 'main', 'index.js'))}`,
      'app://staff-desk/C:%5CWindows%5Cwin.ini',
      'app://staff-desk/%00index.html',
      'app://staff-desk/%E0%A4%A',
    ]) {
      const response = await serve(url);
      expect(response.status, url).toBe(403);
      expect(await response.text()).not.toContain('secret main code');
      expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    }
  });

  it('serves nothing for another host or scheme', async () => {
    const elsewhere = ['app://other/index.html', 'app://staff-desk.evil/index.html', 'file:///index.html', 'app:index.html'];
    for (const url of elsewhere) {
      expect((await serve(url)).status, url).toBe(403);
    }
  });

  it('resolves only inside the root', () => {
    expect(resolveAppPath('app://staff-desk/assets/index-abc.js', root)).toEqual({
      kind: 'file',
      file: path.join(root, 'assets', 'index-abc.js'),
      name: 'assets/index-abc.js',
    });
    expect(resolveAppPath('app://staff-desk/./index.html', root)).toEqual({ kind: 'forbidden' });
  });

  it('answers 500 without details when the file exists but cannot be read', async () => {
    const denied = Object.assign(new Error(`EACCES: permission denied, open '${root}/index.html'`), { code: 'EACCES' });
    const response = await serveAppFile('app://staff-desk/', { root, readFile: () => Promise.reject(denied) });
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain(root);
  });

  it("serves live captions' detector files with the types Chromium needs to run them under nosniff", async () => {
    const types = Object.fromEntries(Object.keys(VAD_ASSETS).map((name) => [name, contentTypeOf(`/x/vad/${name}`)]));
    expect(types).toEqual({
      // WebAssembly.instantiateStreaming refuses any other type.
      'ort-wasm-simd-threaded.wasm': 'application/wasm',
      // A module import needs a JavaScript type.
      'ort-wasm-simd-threaded.mjs': 'text/javascript; charset=utf-8',
      // Fetched as bytes.
      'silero_vad_v5.onnx': 'application/octet-stream',
    });
  });

  it('falls back to a type the browser will not execute for unknown extensions', () => {
    expect(contentTypeOf('/x/file.unknownext')).toBe('application/octet-stream');
    expect(contentTypeOf('/x/FONT.WOFF2')).toBe('font/woff2');
  });
});
