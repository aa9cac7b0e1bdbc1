// Where the real Electron is, without the electron package's own lookup (which starts a download when the binary is
// missing): node_modules/electron/dist, or ELECTRON_OVERRIDE_DIST_PATH (a folder holding an Electron build), as the
// electron package itself reads them. null when there is none.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const EXECUTABLES = { darwin: 'Electron.app/Contents/MacOS/Electron', win32: 'electron.exe' };

export function electronBinary(root, env = process.env, platform = process.platform) {
  const packageDir = dirname(createRequire(join(root, 'package.json')).resolve('electron/package.json'));
  const pathFile = join(packageDir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : (EXECUTABLES[platform] ?? 'electron');
  const binary = env.ELECTRON_OVERRIDE_DIST_PATH ? join(env.ELECTRON_OVERRIDE_DIST_PATH, executable) : join(packageDir, 'dist', executable);
  return existsSync(binary) ? binary : null;
}
