// `npm run test:electron`: the real-Electron smoke suite (RD1, test/electron/). It launches the built app in the
// Electron binary, so where there is none (this repository's own CI machine cannot download it) it says so in one
// sentence and its tests count as skipped, never as passed; STAFF_DESK_REQUIRE_ELECTRON=1 (the hosted workflows)
// turns that into a failure. The last line is `N passed, N failed, N skipped`.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronBinary } from './electron-binary.mjs';
import { ensureNative } from './native-abi.mjs';
import { packageBin } from './package-bin.mjs';
import { readResults } from './vitest-results.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsFile = join(root, 'test-results-electron.json');
const required = process.env.STAFF_DESK_REQUIRE_ELECTRON === '1';
// Linux with no desktop session (CI): the windows go to a virtual display.
const headless = process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;

function onPath(tool) {
  return spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status === 0;
}

/** Why the suite cannot launch Electron here, or null. */
function missing(binary) {
  if (binary === null) {
    return 'skipped: no Electron binary (run "node node_modules/electron/install.js", or set ELECTRON_OVERRIDE_DIST_PATH to a folder with Electron)';
  }
  if (headless && !onPath('xvfb-run')) return 'skipped: no display to open windows on (install xvfb, or run it in a desktop session)';
  return null;
}

const binary = electronBinary(root);
const why = missing(binary);
let failedSteps = 0;
if (why !== null) {
  console.log(why);
  if (required) {
    console.log('*** STAFF_DESK_REQUIRE_ELECTRON=1: the real Electron must run here');
    failedSteps += 1;
  }
} else {
  console.log(`Electron: ${binary}`);
  const build = spawnSync(process.execPath, [packageBin(root, 'electron-vite'), 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.log('*** build failed');
    failedSteps += 1;
  }
  try {
    ensureNative('electron');
  } catch (error) {
    console.log(`*** native modules for Electron failed: ${error.message}`);
    failedSteps += 1;
  }
}

// Run even when skipping, so the skipped count is the suite's own. On Linux the app gets a private keychain
// (scripts/with-keyring.sh) and, without a display, a virtual one.
const vitest = [process.execPath, packageBin(root, 'vitest'), 'run', '--config', 'vitest.electron.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${resultsFile}`];
let command = vitest;
if (why === null && process.platform === 'linux') {
  command = [join(root, 'scripts', 'with-keyring.sh'), ...(headless ? ['xvfb-run', '-a'] : []), ...vitest];
}
rmSync(resultsFile, { force: true });
const run = spawnSync(command[0], command.slice(1), {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, STAFF_DESK_ELECTRON_BINARY: why === null ? binary : '' },
});

const results = readResults(root, resultsFile, run.status === 0);
const failed = failedSteps + results.failed;
console.log(`\n${results.passed} passed, ${failed} failed, ${results.skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
