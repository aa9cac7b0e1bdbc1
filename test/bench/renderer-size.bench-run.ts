import { it } from 'vitest';
import { ROOT } from '../e2e/support/harness-process';
import { buildRenderer, rendererDirOf } from '../harness/renderer-build';
import { initialScripts } from './initial-scripts';
import { record } from './measure';

const BYTES_PER_KB = 1024;

it('measures the JavaScript the window loads before its first paint, gzipped', async () => {
  const built = await buildRenderer(ROOT);
  if (!built.ok) throw new Error(built.message);
  const scripts = initialScripts(rendererDirOf(ROOT)).sort((a, b) => b.gzipBytes - a.gzipBytes);
  // What to split next, when the total grows: the largest first.
  console.table(scripts.map(({ file, gzipBytes }) => ({ file, kb: Number((gzipBytes / BYTES_PER_KB).toFixed(1)) })));
  const total = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
  record({ name: 'renderer_initial_js_kb_gzip', value: total / BYTES_PER_KB, target: '<= 170' });
});
