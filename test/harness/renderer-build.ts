import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export type BuildResult = { ok: true } | { ok: false; message: string };

/** Where electron-vite puts the built page, under the repository root. */
export function rendererDirOf(root: string): string {
  return join(root, 'out', 'renderer');
}

/**
 * Runs electron-vite's build in `root` (what `npx electron-vite build` runs, without needing a shell on Windows).
 * Its output goes to stderr: the harness's stdout carries only the ready line.
 */
export function buildRenderer(root: string): Promise<BuildResult> {
  const packageDir = dirname(createRequire(join(root, 'package.json')).resolve('electron-vite/package.json'));
  const cli = join(packageDir, 'bin', 'electron-vite.js');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, 'build'], { cwd: root, stdio: ['ignore', 2, 2] });
    child.once('error', (error) => resolve({ ok: false, message: `The app build could not start: ${error.message}` }));
    child.once('exit', (code) =>
      resolve(code === 0 ? { ok: true } : { ok: false, message: `The app build (electron-vite build) failed with exit code ${code}.` }),
    );
  });
}

/** Builds the page only when there is none yet. */
export async function ensureRendererBuilt(root: string): Promise<BuildResult> {
  if (existsSync(join(rendererDirOf(root), 'index.html'))) return { ok: true };
  console.error('out/renderer/index.html is missing: building the app first (electron-vite build).');
  return buildRenderer(root);
}
