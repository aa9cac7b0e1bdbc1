import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const noElectron = mkdtempSync(path.join(tmpdir(), 'no-electron-'));
afterAll(() => rmSync(noElectron, { recursive: true, force: true }));

/** `npm run test:electron` as a person would run it, here pointed at a folder with no Electron in it. */
function runSuite(env: Record<string, string> = {}) {
  // The outer vitest's own variables would make the inner one think it is a worker.
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));
  const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'test-electron.mjs')], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...clean, ELECTRON_OVERRIDE_DIST_PATH: noElectron, ...env },
  });
  const lines = run.stdout.trim().split('\n');
  return { status: run.status, lines, last: lines.at(-1) ?? '' };
}

// Each test runs the suite's own vitest: a ceiling for a loaded machine, not a claim about speed.
describe('RD1 npm run test:electron without an Electron binary', { timeout: 180_000 }, () => {
  it('says so in one sentence and counts every smoke test as skipped, none as passed', () => {
    const { status, lines, last } = runSuite();
    expect(lines.filter((line) => line.startsWith('skipped: no Electron binary'))).toHaveLength(1);
    const counts = /^(\d+) passed, (\d+) failed, (\d+) skipped$/.exec(last);
    expect(counts, last).not.toBeNull();
    expect(Number(counts![1])).toBe(0);
    expect(Number(counts![2])).toBe(0);
    expect(Number(counts![3])).toBeGreaterThan(0);
    expect(status).toBe(0);
  });

  it('fails where the real Electron must run (the hosted workflows)', () => {
    const { status, last } = runSuite({ STAFF_DESK_REQUIRE_ELECTRON: '1' });
    expect(last).toMatch(/^0 passed, 1 failed, \d+ skipped$/);
    expect(status).toBe(1);
  });

  it('finds an Electron in ELECTRON_OVERRIDE_DIST_PATH as the electron package names it', async () => {
    const { electronBinary } = await import('../../scripts/electron-binary.mjs');
    const dist = mkdtempSync(path.join(tmpdir(), 'an-electron-'));
    try {
      expect(electronBinary(ROOT, { ELECTRON_OVERRIDE_DIST_PATH: dist }, 'linux')).toBeNull();
      mkdirSync(path.join(dist, 'Electron.app', 'Contents', 'MacOS'), { recursive: true });
      writeFileSync(path.join(dist, 'electron'), '');
      writeFileSync(path.join(dist, 'Electron.app', 'Contents', 'MacOS', 'Electron'), '');
      expect(electronBinary(ROOT, { ELECTRON_OVERRIDE_DIST_PATH: dist }, 'linux')).toBe(path.join(dist, 'electron'));
      expect(electronBinary(ROOT, { ELECTRON_OVERRIDE_DIST_PATH: dist }, 'darwin')).toBe(path.join(dist, 'Electron.app', 'Contents', 'MacOS', 'Electron'));
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
