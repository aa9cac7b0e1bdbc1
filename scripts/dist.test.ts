import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builderArgs, signingProblem, type DistRequest } from './dist';

const ROOT = path.resolve(import.meta.dirname, '..');
const FEED = ['--config.publish.provider=generic', '--config.publish.url=https://updates.example.com/staff-desk/'];
const WINDOWS_SIGNING = { WIN_CSC_LINK: '/secure/staff-desk.pfx', WIN_CSC_KEY_PASSWORD: 'pfx-pass' };
const MAC_SIGNING = {
  CSC_NAME: 'Developer ID Application: Staff Desk Ltd (TEAM123456)',
  APPLE_API_KEY: '/secure/AuthKey.p8',
  APPLE_API_KEY_ID: 'KEY123',
  APPLE_API_ISSUER: 'issuer-uuid',
};

function request(overrides: Partial<DistRequest> = {}): DistRequest {
  return { args: [], env: {}, platform: 'linux', config: {}, ...overrides };
}

describe('SEC-1: npm run dist signs every package that updates itself', () => {
  it('SEC-1: a package without an update feed is built as before, signed or not', () => {
    expect(signingProblem(request({ args: ['--win'] }))).toBeNull();
    expect(signingProblem(request({ platform: 'darwin' }))).toBeNull();
    expect(builderArgs(request({ args: ['--win'] }))).not.toContain('--config.forceCodeSigning=true');
  });

  it('SEC-1: a Windows package with a feed is refused without a code-signing certificate, in one sentence', () => {
    const problem = signingProblem(request({ args: ['--win', ...FEED] }));
    expect(problem).toMatch(/^A package with an update feed must be signed.*WIN_CSC_LINK.*\.$/);
    expect(problem).not.toMatch(/\.\s/);
    expect(signingProblem(request({ args: ['--win', ...FEED], env: WINDOWS_SIGNING }))).toBeNull();
  });

  it('SEC-1: a macOS package with a feed needs a Developer ID identity and notarization, both', () => {
    const mac = (env: Record<string, string>) => signingProblem(request({ args: ['--mac', ...FEED], env }));
    expect(mac({})).toMatch(/CSC_NAME.*APPLE_API_KEY/);
    expect(mac({ CSC_NAME: MAC_SIGNING.CSC_NAME })).toMatch(/notarize/);
    expect(mac(MAC_SIGNING)).toBeNull();
  });

  it('SEC-1: each platform a build packages for is checked, the current one when none is named', () => {
    expect(signingProblem(request({ args: ['-mwl', ...FEED], env: WINDOWS_SIGNING }))).toMatch(/for macOS/);
    expect(signingProblem(request({ args: FEED, platform: 'win32' }))).toMatch(/for Windows/);
    expect(signingProblem(request({ args: FEED, platform: 'darwin', env: WINDOWS_SIGNING }))).toMatch(/for macOS/);
  });

  it('SEC-1: a Linux package with a feed needs no signing: Linux never updates itself', () => {
    expect(signingProblem(request({ args: ['--linux', ...FEED] }))).toBeNull();
  });

  it('SEC-1: a feed written in electron-builder.yml counts as a feed', () => {
    const config = { publish: { provider: 'generic', url: 'https://updates.example.com/staff-desk/' } };
    expect(signingProblem(request({ args: ['--win'], config }))).toMatch(/WIN_CSC_LINK/);
    expect(signingProblem(request({ args: ['--win'], config: { nsis: { publish: config.publish } } }))).toMatch(/WIN_CSC_LINK/);
  });

  it('SEC-1: an update feed that is not https is refused at build time', () => {
    const args = ['--win', '--config.publish.provider=generic', '--config.publish.url=http://updates.example.com/'];
    expect(signingProblem(request({ args, env: WINDOWS_SIGNING }))).toMatch(/must be https/);
  });

  it('SEC-1: a setting that would leave a package with a feed unsigned or unverified is refused', () => {
    const env = { ...WINDOWS_SIGNING, ...MAC_SIGNING };
    for (const off of ['-c.mac.identity=null', '--config.win.verifyUpdateCodeSignature=false', '--config.forceCodeSigning=false']) {
      expect(signingProblem(request({ args: ['-mw', ...FEED, off], env })), off).toMatch(/is refused/);
    }
    const config = { mac: { identity: null } };
    expect(signingProblem(request({ args: ['--mac', ...FEED], env, config }))).toMatch(/mac\.identity=null is refused/);
  });

  it('SEC-1: with a feed, electron-builder is told to fail rather than leave the package unsigned', () => {
    expect(builderArgs(request({ args: ['--win', ...FEED], env: WINDOWS_SIGNING }))).toEqual([
      '--config',
      'electron-builder.yml',
      '--publish',
      'never',
      '--win',
      ...FEED,
      '--config.forceCodeSigning=true',
    ]);
  });

  it('SEC-1: npm run dist refuses an unsigned Windows package with a feed before building anything', () => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(WIN_CSC_|CSC_|APPLE_)/.test(name)));
    // Windows has only npm.cmd, which Node spawns only through a shell (these words need no quoting).
    const windows = process.platform === 'win32';
    const npm = windows ? 'npm.cmd' : 'npm';
    const run = spawnSync(npm, ['run', '--silent', 'dist', '--', '--win', ...FEED], { cwd: ROOT, env, encoding: 'utf8', shell: windows });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toMatch(/^npm run dist: A package with an update feed must be signed.*WIN_CSC_LINK/);
    // Refused before electron-vite ran: nothing was built.
    expect(run.stdout).toBe('');
  });
});
