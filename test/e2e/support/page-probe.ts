import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { onTestFinished } from 'vitest';
import { rendererDirOf } from '../../harness/renderer-build';
import { ROOT } from './harness-process';

const PROBE_MODULE = 'probe.js';

/**
 * Builds a page-side probe (renderer/src/testing/*-probe.ts) the way the app is built, with Vite, its imports,
 * workers and worklets included, each a file of its own (never a data: URL, which the CSP would refuse), into a
 * folder of the built renderer for this test alone. The harness then serves it like the app's own files, with the
 * app's CSP; Playwright's routing is no substitute, as it never sees what an AudioWorklet fetches. Returns an
 * expression for page.evaluate that gives the module's exports (`${probe}.then((probe) => ...)`), written as text so
 * that the test runner leaves the page's import() alone. The folder is removed when the test has finished.
 */
export async function buildPageProbe(entry: string): Promise<string> {
  const folder = `__probe-${process.pid}-${Date.now()}`;
  const outDir = join(rendererDirOf(ROOT), folder);
  onTestFinished(() => rmSync(outDir, { recursive: true, force: true }));
  await build({
    configFile: false,
    root: ROOT,
    base: `/${folder}/`,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      rolldownOptions: {
        input: join(ROOT, entry),
        // An app build drops the entry's exports; a probe is nothing but them.
        preserveEntrySignatures: 'exports-only',
        output: { entryFileNames: PROBE_MODULE },
      },
    },
  });
  return `import(${JSON.stringify(`/${folder}/${PROBE_MODULE}`)})`;
}
