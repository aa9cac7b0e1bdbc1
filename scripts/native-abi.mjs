// Two runtimes share one node_modules: the tests load better-sqlite3 in Node, the app loads it in Electron, and
// each needs its own build. Both builds are kept in a cache and swapped in by copy, so switching between
// `npm test` and `npm start` rebuilds nothing once each build exists.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const moduleDir = dirname(require.resolve('better-sqlite3/package.json'));
const binary = join(moduleDir, 'build', 'Release', 'better_sqlite3.node');
const tagFile = join(moduleDir, 'build', 'Release', '.runtime-tag');
const cacheDir = join(root, 'node_modules', '.cache', 'staff-desk-native');

function electronVersion() {
  return JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
}

export function wantedTag(target) {
  return target === 'electron' ? `electron-${electronVersion()}` : `node-${process.versions.modules}`;
}

function loadsInNode() {
  const probe = "const D = require('better-sqlite3'); new D(':memory:').close();";
  return spawnSync(process.execPath, ['-e', probe], { cwd: root, stdio: 'ignore' }).status === 0;
}

function currentTag() {
  if (existsSync(tagFile)) return readFileSync(tagFile, 'utf8').trim();
  // A fresh `npm ci` builds for Node without a tag: recognise it by loading it.
  return existsSync(binary) && loadsInNode() ? `node-${process.versions.modules}` : null;
}

function cached(tag) {
  return join(cacheDir, tag, 'better_sqlite3.node');
}

function remember(tag) {
  mkdirSync(dirname(cached(tag)), { recursive: true });
  copyFileSync(binary, cached(tag));
  writeFileSync(tagFile, `${tag}\n`);
}

function rebuild(target) {
  const windows = process.platform === 'win32';
  // Windows has only npx.cmd and npm.cmd, which Node spawns only through a shell (the words here need no quoting).
  const options = { cwd: root, stdio: 'inherit', shell: windows };
  if (target === 'electron') {
    execFileSync(windows ? 'npx.cmd' : 'npx', ['electron-builder', 'install-app-deps'], options);
  } else {
    execFileSync(windows ? 'npm.cmd' : 'npm', ['rebuild', 'better-sqlite3'], options);
  }
}

/** Makes node_modules/better-sqlite3 load in `target` ('node' | 'electron'); returns what it had to do. */
export function ensureNative(target) {
  const want = wantedTag(target);
  const have = currentTag();
  if (have === want) return 'ready';
  if (have) remember(have);
  if (existsSync(cached(want))) {
    copyFileSync(cached(want), binary);
    writeFileSync(tagFile, `${want}\n`);
    return 'swapped';
  }
  console.log(`Building better-sqlite3 for ${want} (once; later switches reuse the build)...`);
  rebuild(target);
  if (target === 'node' && !loadsInNode()) throw new Error('better-sqlite3 was rebuilt but still does not load in Node.');
  remember(want);
  return 'built';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const target = process.argv[2];
  if (target !== 'node' && target !== 'electron') {
    console.error('usage: node scripts/native-abi.mjs node|electron');
    process.exit(2);
  }
  try {
    ensureNative(target);
  } catch (error) {
    console.error(`The native database module could not be prepared for ${target}: ${error.message}`);
    process.exit(1);
  }
}
