import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useGeminiDouble, VALID_KEY } from '../test/support/gateway-test-kit';
import { makeTempDir } from '../test/support/store-helpers';

const gemini = useGeminiDouble();
const SCRIPT = join(import.meta.dirname, 'oracle-calibrate.ts');
// --import takes a URL: a Windows path (C:\...) would be read as one with the scheme "c:".
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The command as `npm run oracle:calibrate` starts it, with a private temp folder and only the given key. */
function calibrate(args: readonly string[], { key, tmp }: { key?: string; tmp: string }): Promise<Run> {
  const { GEMINI_API_KEY: _inherited, ...inherited } = process.env;
  // os.tmpdir() reads TMPDIR on Linux and macOS, TEMP and TMP on Windows.
  const env = { ...inherited, ...(key === undefined ? {} : { GEMINI_API_KEY: key }), TMPDIR: tmp, TEMP: tmp, TMP: tmp };
  const child = spawn(process.execPath, ['--import', TSX, SCRIPT, ...args], { env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

function privateTmp(): string {
  const dir = join(makeTempDir(), 'tmp');
  mkdirSync(dir);
  return dir;
}

describe('npm run oracle:calibrate', () => {
  it('O9: calibrates the shipped guide through Gemini, prints the distributions and a floor to apply, and leaves nothing behind', async () => {
    const tmp = privateTmp();
    const run = await calibrate(['--base-url', gemini.double.baseUrl], { key: VALID_KEY, tmp });
    expect(run.stderr).not.toContain(VALID_KEY);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Suggested floor for gemini-embedding-001: [01]\.\d\d$/m);
    expect(run.stdout).toMatch(/^right answers \(question vs its chunk\)\s+\d+(\s+-?\d\.\d{3}){7}$/m);
    expect(run.stdout).toContain('Settings > Knowledge base > Relevance floor for gemini-embedding-001');
    const questions = gemini.double
      .requestsFor('batchEmbedContents', 'gemini-embedding-001')
      .flatMap((request) => (request.body as { requests: { taskType: string }[] }).requests)
      .filter((request) => request.taskType === 'RETRIEVAL_QUERY');
    expect(questions.length).toBeGreaterThan(0);
    // The throwaway database is gone with the run (tsx keeps its own cache there).
    expect(readdirSync(tmp).filter((entry) => entry.startsWith('staff-desk-'))).toEqual([]);
  }, 60_000);

  it('without a key says where to put one, exits with 2 and calls nobody', async () => {
    const run = await calibrate(['--no-keychain', '--base-url', gemini.double.baseUrl], { tmp: privateTmp() });
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: 'No Gemini API key: set GEMINI_API_KEY, or save the key in Staff Desk (Settings), then run the calibration again.\n',
    });
    expect(gemini.double.requests).toHaveLength(0);
  }, 60_000);
});
