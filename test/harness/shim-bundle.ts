import { fileURLToPath } from 'node:url';
import { build, type Rollup } from 'vite';

const SHIM_ENTRY = fileURLToPath(new URL('./shim/api-shim.ts', import.meta.url));

/**
 * Bundles the window.api shim (and the contract it is built from) into one classic script, in memory: the harness
 * serves it straight from here. Vite's messages go to stderr, since stdout carries only the ready line.
 */
export async function bundleApiShim(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      emptyOutDir: false,
      lib: { entry: SHIM_ENTRY, formats: ['iife'], name: 'staffDeskHarnessShim', fileName: () => 'api-shim.js' },
    },
  });
  const bundles = (Array.isArray(output) ? output : [output]) as Rollup.RollupOutput[];
  const chunk = bundles.flatMap((bundle) => bundle.output).find((item) => item.type === 'chunk');
  if (!chunk) throw new Error('Vite produced no script for the api shim.');
  return chunk.code;
}
