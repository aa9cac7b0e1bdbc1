import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { VAD_ASSET_PATH, VAD_ASSETS } from '../../shared/vad-assets';
import { pageProblems } from './support/browser';
import { ROOT } from './support/harness-process';
import { startSession } from './support/session';

interface Served {
  status: number;
  type: string | null;
  bytes: number;
}

interface Loaded {
  files: Record<string, Served>;
  /** Functions the compiled ONNX Runtime module exports: none if it did not compile. */
  wasmExports: number;
  /** typeof the ONNX Runtime loader module's default export. */
  loader: string;
  /** JavaScript eval stayed refused: the page runs under the app's CSP, 'wasm-unsafe-eval' loosened nothing more. */
  evalRefused: boolean;
  /** What the CSP refused while the files loaded. */
  violations: string[];
}

/** What the page script uses of the browser; this project's Node typings have no DOM. */
interface PageGlobals {
  document: { addEventListener(type: string, listener: (event: { effectiveDirective: string; blockedURI: string }) => void): void };
  fetch(url: string): Promise<{ status: number; headers: { get(name: string): string | null }; arrayBuffer(): Promise<ArrayBuffer> }>;
  WebAssembly: {
    compileStreaming(response: Promise<unknown>): Promise<unknown>;
    Module: { exports(module: unknown): unknown[] };
  };
  Function: FunctionConstructor;
}

it("T2: the voice-activity detector's files come from the app itself and its wasm compiles under the app's CSP", async () => {
  const { harness, page, consoleErrors } = await startSession({ validKeys: [] });
  await page.goto(harness.url);
  // The detector's own module loader (ONNX Runtime imports it by URL at run time): imported from page script, as
  // the detector does. Written as text so that the test runner leaves the import() alone.
  const importLoader = `import(${JSON.stringify(`${VAD_ASSET_PATH}ort-wasm-simd-threaded.mjs`)}).then((loader) => typeof loader.default)`;

  const loaded: Loaded = {
    ...(await page.evaluate(
      async ({ base, names }) => {
        const page = globalThis as unknown as PageGlobals;
        const violations: string[] = [];
        page.document.addEventListener('securitypolicyviolation', (event) =>
          violations.push(`${event.effectiveDirective} ${event.blockedURI}`),
        );
        const files: Record<string, Served> = {};
        for (const name of names) {
          const response = await page.fetch(`${base}${name}`);
          files[name] = { status: response.status, type: response.headers.get('content-type'), bytes: (await response.arrayBuffer()).byteLength };
        }
        // What ONNX Runtime does with its wasm; without 'wasm-unsafe-eval' (or as application/octet-stream) it throws.
        const module = await page.WebAssembly.compileStreaming(page.fetch(`${base}ort-wasm-simd-threaded.wasm`));
        const wasmExports = page.WebAssembly.Module.exports(module).length;
        // Violation reports are events: they arrive after the code that caused them.
        await new Promise((resolve) => setTimeout(resolve, 200));
        let evalRefused = false;
        try {
          new page.Function('return 1')();
        } catch {
          evalRefused = true;
        }
        return { files, wasmExports, evalRefused, violations };
      },
      { base: VAD_ASSET_PATH, names: Object.keys(VAD_ASSETS) },
    )),
    loader: await page.evaluate<string>(importLoader),
  };

  const packageFile = createRequire(join(ROOT, 'package.json'));
  const expectedType: Record<string, string> = {
    wasm: 'application/wasm',
    mjs: 'text/javascript; charset=utf-8',
    onnx: 'application/octet-stream',
  };
  expect(loaded.files).toEqual(
    Object.fromEntries(
      Object.entries(VAD_ASSETS).map(([name, source]) => [
        name,
        { status: 200, type: expectedType[name.split('.').at(-1)!], bytes: statSync(packageFile.resolve(source)).size },
      ]),
    ),
  );
  expect(loaded.wasmExports).toBeGreaterThan(0);
  expect(loaded.loader).toBe('function');
  expect(loaded.evalRefused).toBe(true);
  expect(loaded.violations).toEqual([]);
  expect(pageProblems(consoleErrors)).toEqual([]);
});
