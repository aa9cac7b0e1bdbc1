import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** A harness started as a child process, exactly as an outside user starts it. */
export interface HarnessProcess {
  readonly url: string;
  readonly ws: string;
  readonly dataDir: string;
  /** Every stdout line, the ready line first. */
  readonly stdoutLines: readonly string[];
  stderr(): string;
  /** SIGTERM, then waits until every process of the harness has exited. */
  stop(): Promise<void>;
}

export interface ExitedHarness {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * How the harness is started: `npx tsx test/harness/main.ts` (npx forwards no signal, so the whole process group
 * is stopped), or `npm run -s harness --` (SIGTERM to npm alone must be enough: that is what a user's tool sends).
 */
export type Launch = 'npx-tsx' | 'npm-run';

const LAUNCH_COMMANDS: Record<Launch, readonly string[]> = {
  'npx-tsx': ['npx', 'tsx', 'test/harness/main.ts'],
  'npm-run': ['npm', 'run', '-s', 'harness', '--'],
};

/** A config with the Gemini double's address and unreachable (but valid) addresses for the rest. */
export function harnessConfig(geminiBaseUrl: string, dataDir: string, extra: Record<string, unknown> = {}) {
  return {
    gemini: { baseUrl: geminiBaseUrl },
    zoho: { accountsUrl: 'http://127.0.0.1:9/accounts', mailUrl: 'http://127.0.0.1:9/mail' },
    cfAccess: { teamUrl: 'http://127.0.0.1:9/access', aud: 'e2e-audience' },
    dataDir,
    secrets: 'memory',
    ...extra,
  };
}

/** A private temp folder, removed by the returned function. */
export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Writes a config file (anything JSON, valid or not) into a temp folder that `remove` deletes. */
export function writeConfig(config: unknown): { file: string; remove: () => void } {
  const { dir, remove } = tempDir('staff-desk-harness-config-');
  const file = join(dir, 'harness.json');
  writeFileSync(file, JSON.stringify(config, null, 2));
  return { file, remove };
}

function spawnHarness(launch: Launch, args: string[]) {
  const [command, ...rest] = LAUNCH_COMMANDS[launch];
  // Its own process group, so that whatever happens the test can find and end every process it started.
  return spawn(command!, [...rest, ...args], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const STOP_GRACE_MS = 20_000;

async function stopGroup(pid: number, launch: Launch, stderr: () => string): Promise<void> {
  if (!groupAlive(pid)) return;
  process.kill(launch === 'npm-run' ? pid : -pid, 'SIGTERM');
  for (let waited = 0; groupAlive(pid) && waited < STOP_GRACE_MS; waited += 50) await sleep(50);
  if (groupAlive(pid)) {
    process.kill(-pid, 'SIGKILL');
    throw new Error(`The harness did not stop within ${STOP_GRACE_MS} ms of SIGTERM:\n${stderr()}`);
  }
}

export async function startHarnessProcess(
  config: { dataDir: string } & Record<string, unknown>,
  launch: Launch = 'npx-tsx',
): Promise<HarnessProcess> {
  const configFile = writeConfig(config);
  const child = spawnHarness(launch, ['--config', configFile.file]);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`The harness process could not be started (${LAUNCH_COMMANDS[launch].join(' ')}).`);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const stdoutLines: string[] = [];
  const lines = createInterface({ input: child.stdout });

  const ready = new Promise<{ url: string; ws: string }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The harness exited (${code}) before it was ready:\n${stderr}`)));
    lines.on('line', (line) => {
      stdoutLines.push(line);
      if (stdoutLines.length > 1) return;
      try {
        resolve(JSON.parse(line) as { url: string; ws: string });
      } catch {
        reject(new Error(`The harness's first stdout line is not the JSON ready line: ${line}`));
      }
    });
  });

  const stop = async () => {
    try {
      await stopGroup(pid, launch, () => stderr);
    } finally {
      configFile.remove();
    }
  };
  try {
    return { ...(await ready), dataDir: config.dataDir, stdoutLines, stderr: () => stderr, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Runs the harness with `args` when it is expected to refuse to start; resolves with how it exited. */
export function runHarnessExpectingExit(args: string[]): Promise<ExitedHarness> {
  const child = spawnHarness('npx-tsx', args);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}
