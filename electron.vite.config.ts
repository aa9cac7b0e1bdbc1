import { createReadStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { defaultClientConditions, type Plugin } from 'vite';
import { contentTypeOf } from './electron/main/platform/app-files';
import { metaContentSecurityPolicyOf } from './shared/content-security-policy';
import { appManifest } from './shared/ipc/app-api';
import { VAD_ASSET_PATH, VAD_ASSETS } from './shared/vad-assets';

/**
 * Each built page carries its CSP in a meta tag as well as main's header (only the main window's may compile
 * WebAssembly). Only in the build: the dev server injects inline styles and a hot-reload script that the strict
 * policy would (rightly) block.
 */
function cspMetaTag(): Plugin {
  return {
    name: 'staff-desk-csp-meta',
    apply: 'build',
    // The page's public path, '/index.html': its file in the renderer folder.
    transformIndexHtml: (_html, { path }) => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: metaContentSecurityPolicyOf(path.replace(/^\//, '')) },
        injectTo: 'head-prepend',
      },
    ],
  };
}

/**
 * Live captions' voice-activity detector fetches its model and wasm from VAD_ASSET_PATH on the app's own
 * origin: the build copies them out of the two packages, and the dev server serves them as plain files (left to
 * its module pipeline, ONNX Runtime's `import('/vad/ort-wasm-simd-threaded.mjs')` is answered 500).
 */
function vadAssets(): Plugin {
  const packageFile = createRequire(resolve(__dirname, 'package.json'));
  const sources = new Map(Object.entries(VAD_ASSETS).map(([name, source]) => [name, packageFile.resolve(source)]));
  return {
    name: 'staff-desk-vad-assets',
    configureServer(server) {
      server.middlewares.use(VAD_ASSET_PATH, (request, response, next) => {
        const source = sources.get((request.url ?? '').replace(/^\/|[?#].*$/g, ''));
        if (source === undefined) return next();
        response.setHeader('Content-Type', contentTypeOf(source));
        createReadStream(source).pipe(response);
      });
    },
    generateBundle() {
      for (const [name, source] of sources) {
        this.emitFile({ type: 'asset', fileName: `${VAD_ASSET_PATH.slice(1)}${name}`, source: readFileSync(source) });
      }
    },
  };
}

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // Native modules (better-sqlite3, keytar) and zod stay in node_modules (unpacked from the asar).
      externalizeDeps: true,
      rolldownOptions: { input: { index: resolve(__dirname, 'electron/main/index.ts') } },
    },
  },
  preload: {
    // Channel and event names only: the sandboxed preload stays small and carries no schemas (main validates).
    define: { __IPC_MANIFEST__: JSON.stringify(appManifest()) },
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot require() anything: bundle every dependency, and emit CommonJS.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(__dirname, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    plugins: [react(), cspMetaTag(), vadAssets()],
    resolve: {
      // ONNX Runtime's own condition for its ES module that loads the wasm from env.wasm.wasmPaths (VAD_ASSET_PATH),
      // not a second 14 MB copy of it bundled as an asset.
      conditions: ['onnxruntime-web-use-extern-wasm', ...defaultClientConditions],
    },
    build: {
      outDir: 'out/renderer',
      minify: true,
      rolldownOptions: {
        input: {
          index: resolve(__dirname, 'renderer/index.html'),
          // The on-top "microphone live" notice (electron/main/platform/microphone-indicator.ts), its CSP without wasm.
          indicator: resolve(__dirname, 'renderer/indicator.html'),
          // The quick-ask window (electron/main/platform/quick-ask-window.ts): the main window's preload, its CSP
          // without wasm.
          'quick-ask': resolve(__dirname, 'renderer/quick-ask.html'),
        },
      },
    },
  },
});
