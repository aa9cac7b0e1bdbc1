import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { LOG_FILE } from '../../electron/main/log/file-sink';
import { electronBinary, ROOT, throwawayFolder } from './support/launch-app';

const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** The packaged app's executable in electron-builder's unpacked output (`--dir`) for this system. */
function packagedExecutable(): string {
  const out = join(ROOT, 'release', version);
  const folders = existsSync(out) ? readdirSync(out) : [];
  const candidates = folders.flatMap((folder) => {
    if (process.platform === 'darwin') return [join(out, folder, 'Staff Desk.app', 'Contents', 'MacOS', 'Staff Desk')];
    if (process.platform === 'win32') return [join(out, folder, 'Staff Desk.exe')];
    return [join(out, folder, 'staff-desk')];
  });
  const found = candidates.find((file) => folders.length > 0 && existsSync(file));
  if (!found) throw new Error(`No packaged app in ${out} (looked for ${candidates.join(', ') || 'an unpacked folder'}).`);
  return found;
}

interface Started {
  child: ChildProcess;
  output: () => string;
  log: () => string;
}

/** Starts the packaged app with a throwaway data folder; stopped (with its helper processes) when the test ends. */
function startPackaged(executable: string, args: string[], env: Record<string, string>): Started {
  const data = throwawayFolder('staff-desk-packaged-');
  const child = spawn(executable, [...args, `--user-data-dir=${data}`], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  onTestFinished(() => {
    if (child.exitCode !== null || child.pid === undefined) return;
    if (process.platform === 'win32') spawnSync('taskkill', ['/pid', String(child.pid), '/T', '/F']);
    else child.kill('SIGKILL');
  });
  const logFile = join(data, 'logs', LOG_FILE);
  return { child, output: () => output, log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '') };
}

/** The app has started when its log says so (the log lives in the data folder given). */
async function started(app: Started): Promise<void> {
  await expect.poll(() => app.log().includes('"message":"starting"') || app.child.exitCode !== null, { timeout: 60_000 }).toBe(true);
  expect(app.child.exitCode, app.output()).toBeNull();
}

describe.skipIf(!electronBinary)('RD1 the packaged app (electron-builder --dir) and its fuses', () => {
  let executable = '';
  beforeAll(() => {
    // Unsigned and without an update feed, so not notarized either: what `npm run dist` allows for a build that will
    // never update itself (scripts/dist.ts).
    const args = [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/dist.ts', '--dir', '--config.mac.notarize=false'];
    const run = spawnSync(process.execPath, args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, CSC_IDENTITY_AUTO_DISCOVERY: 'false' },
    });
    if (run.status !== 0) throw new Error(`npm run dist -- --dir failed (exit ${run.status})`);
    executable = packagedExecutable();
  });

  it('starts from its archive, and refuses the inspector and NODE_OPTIONS', async () => {
    const marker = join(throwawayFolder('staff-desk-marker-'), 'node-options-ran');
    const preload = join(throwawayFolder('staff-desk-preload-'), 'preload.cjs');
    writeFileSync(preload, `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran');\n`);
    const app = startPackaged(executable, ['--inspect=0'], { NODE_OPTIONS: `--require ${JSON.stringify(preload)}` });
    await started(app);
    expect(app.output()).not.toMatch(/Debugger listening/);
    expect(existsSync(marker)).toBe(false);
  });

  it('stays the app when told to run as plain Node', async () => {
    const marker = join(throwawayFolder('staff-desk-marker-'), 'ran-as-node');
    const script = `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran')`;
    const app = startPackaged(executable, ['-e', script], { ELECTRON_RUN_AS_NODE: '1' });
    await started(app);
    expect(existsSync(marker)).toBe(false);
  });
});
