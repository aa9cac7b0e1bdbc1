import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'] as const;

interface PackageJson {
  name: string;
  scripts?: Record<string, string>;
  allowScripts?: Record<string, boolean>;
}

const project = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as PackageJson;
const allowScripts = project.allowScripts ?? {};
const approved = Object.keys(allowScripts).filter((name) => allowScripts[name] === true);

/** The npm commands .ci/run runs, each as its words (comments and `|| handler` tails left out). */
function npmCommands(): string[][] {
  return readFileSync(path.join(ROOT, '.ci/run'), 'utf8')
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').split(/\|\||&&|;/)[0]!.trim().split(/\s+/))
    .filter((words) => words[0] === 'npm');
}

/** Every installed package (nested ones too) whose manifest runs a script when npm installs it. */
function packagesWithInstallScripts(dir = path.join(ROOT, 'node_modules'), found = new Set<string>()): Set<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const folder = path.join(dir, entry.name);
    if (entry.name.startsWith('@')) {
      packagesWithInstallScripts(folder, found);
      continue;
    }
    const manifestFile = path.join(folder, 'package.json');
    if (!existsSync(manifestFile)) continue;
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as PackageJson;
    if (INSTALL_SCRIPTS.some((script) => manifest.scripts?.[script])) found.add(manifest.name);
    const nested = path.join(folder, 'node_modules');
    if (existsSync(nested)) packagesWithInstallScripts(nested, found);
  }
  return found;
}

describe('SEC-7: CI installs without running dependencies’ scripts', () => {
  it('SEC-7: every npm install in .ci/run ignores install scripts', () => {
    const installs = npmCommands().filter((words) => ['ci', 'install', 'i'].includes(words[1]!));
    expect(installs.length).toBeGreaterThan(0);
    for (const words of installs) expect(words, words.join(' ')).toContain('--ignore-scripts');
  });

  it('SEC-7: .ci/run then builds exactly the native modules package.json allowScripts approves', () => {
    const rebuilds = npmCommands().filter((words) => words[1] === 'rebuild');
    expect(rebuilds).toHaveLength(1);
    const named = rebuilds[0]!.slice(2).filter((word) => !word.startsWith('-'));
    expect(named.sort()).toEqual([...approved].sort());
  });

  it('SEC-7: every installed package with an install script has been reviewed in allowScripts', () => {
    const withScripts = packagesWithInstallScripts();
    expect([...withScripts].filter((name) => !(name in allowScripts))).toEqual([]);
    // An approval for a package that runs no script would build nothing: the list stays exactly what must run.
    for (const name of approved) expect(withScripts.has(name), name).toBe(true);
  });
});
