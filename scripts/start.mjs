// `npm start`: build, make sure the Electron runtime and the Electron build of the native modules are there,
// then open the app. Where something cannot be had (Electron is downloaded on first start), say so in one
// sentence instead of a stack trace.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronBinary } from './electron-binary.mjs';
import { ensureNative } from './native-abi.mjs';
import { packageBin } from './package-bin.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const electronDir = dirname(require.resolve('electron/package.json'));
const electronVersion = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8')).version;

function fail(sentence) {
  console.error(`\nStaff Desk cannot start: ${sentence}`);
  process.exit(1);
}

function ensureElectron() {
  if (electronBinary(root)) return electronBinary(root);
  console.log(`Downloading the Electron ${electronVersion} runtime (first start only)...`);
  const install = spawnSync(process.execPath, [join(electronDir, 'install.js')], { cwd: root, stdio: 'ignore' });
  const binary = electronBinary(root);
  if (install.status !== 0 || !binary) {
    fail(
      `the Electron ${electronVersion} runtime could not be downloaded; check your internet connection or proxy ` +
        '(HTTPS_PROXY, ELECTRON_MIRROR) and run `npm start` again.',
    );
  }
  return binary;
}

const binary = ensureElectron();
try {
  // Through this Node, not npx: Windows has only npx.cmd, which Node no longer spawns without a shell.
  execFileSync(process.execPath, [packageBin(root, 'electron-vite'), 'build'], { cwd: root, stdio: 'inherit' });
} catch {
  fail('the build failed (see the messages above).');
}
try {
  ensureNative('electron');
} catch {
  fail(`the database module could not be prepared for Electron ${electronVersion}; check your internet connection and run \`npm start\` again.`);
}
const app = spawn(binary, [root, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
app.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.kill(signal));
