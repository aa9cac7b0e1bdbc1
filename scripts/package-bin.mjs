// A package's command, started the same way on every system (npm test, npm run test:electron, npm start).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * A package's command as this Node runs it, the same on every system: Windows has only npx.cmd, which Node no longer
 * spawns without a shell.
 */
export function packageBin(root, pkg, command = pkg) {
  const manifestFile = createRequire(join(root, 'package.json')).resolve(`${pkg}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifestFile, 'utf8'));
  return join(dirname(manifestFile), typeof bin === 'string' ? bin : bin[command]);
}
