// `npm run dist [-- electron-builder options]`: build the app, then package it with electron-builder. A package
// built with an update feed installs what that feed lists, so it must be signed: electron-updater checks a Windows
// update's Authenticode signature against the publisher the package records, and macOS checks an update's code
// signature against the running app's. Such a build is refused before anything runs unless signing is set up.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const BUILDER_CONFIG = 'electron-builder.yml';

type Target = 'win' | 'mac' | 'linux';
type Env = Readonly<Record<string, string | undefined>>;

export interface DistRequest {
  /** What follows `npm run dist --`: electron-builder's own options. */
  args: readonly string[];
  env: Env;
  /** process.platform: electron-builder packages for it unless a platform is named. */
  platform: string;
  /** electron-builder.yml, parsed. */
  config: Record<string, unknown>;
}

/** electron-builder's dotted settings (`--config.publish.url=…`, `-c.mac.identity null`), as key → value. */
function dottedSettings(args: readonly string[]): Map<string, string> {
  const settings = new Map<string, string>();
  args.forEach((arg, i) => {
    const match = /^(?:--config|-c)\.([\w.]+)(?:=(.*))?$/.exec(arg);
    if (!match) return;
    const next = args[i + 1];
    settings.set(match[1]!, match[2] ?? (next !== undefined && !next.startsWith('-') ? next : 'true'));
  });
  return settings;
}

function targetsOf(args: readonly string[], platform: string): Set<Target> {
  const targets = new Set<Target>();
  for (const arg of args) {
    if (arg === '--win' || arg === '--windows') targets.add('win');
    else if (arg === '--mac' || arg === '--macos') targets.add('mac');
    else if (arg === '--linux') targets.add('linux');
    else if (/^-[a-z]+$/i.test(arg)) {
      // Short flags, alone or together (-mwl): w, m or o, l.
      if (arg.includes('w')) targets.add('win');
      if (/[mo]/.test(arg)) targets.add('mac');
      if (arg.includes('l')) targets.add('linux');
    }
  }
  if (targets.size === 0) targets.add(platform === 'win32' ? 'win' : platform === 'darwin' ? 'mac' : 'linux');
  return targets;
}

const SECTIONS_WITH_PUBLISH = ['win', 'mac', 'linux', 'nsis', 'dmg', 'zip', 'appImage', 'deb'];

/** The feed the package will record (app-update.yml), if any: given on the command line or in electron-builder.yml. */
function feedOf(settings: Map<string, string>, config: Record<string, unknown>): { url?: string } | null {
  const fromArgs = [...settings.keys()].some((key) => key === 'publish' || key.startsWith('publish.'));
  if (fromArgs) return { url: settings.get('publish.url') };
  const publish = [undefined, ...SECTIONS_WITH_PUBLISH]
    .map((section) => configValue(config, section === undefined ? 'publish' : `${section}.publish`))
    .find((value) => value != null);
  if (publish == null) return null;
  const first: unknown = Array.isArray(publish) ? publish[0] : publish;
  const url = typeof first === 'object' && first !== null ? (first as { url?: unknown }).url : undefined;
  return { url: typeof url === 'string' ? url : undefined };
}

/** The value at a dotted key of electron-builder.yml (undefined where there is none). */
function configValue(config: Record<string, unknown>, key: string): unknown {
  return key.split('.').reduce<unknown>((at, part) => (typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[part] : undefined), config);
}

/** Settings, on the command line or in electron-builder.yml, that would package the app unsigned or unverified. */
const SIGNING_OFF = [
  'mac.identity=null',
  'mac.notarize=false',
  'win.verifyUpdateCodeSignature=false',
  'win.signExecutable=false',
  'win.signAndEditExecutable=false',
  'forceCodeSigning=false',
];

function windowsSigned(env: Env, settings: Map<string, string>, config: Record<string, unknown>): boolean {
  if (env.WIN_CSC_LINK || env.CSC_LINK) return true;
  const configured = /^win\.(signtoolOptions\.(certificateFile|certificateSubjectName|certificateSha1|sign)|azureSignOptions\.)/;
  if ([...settings.keys()].some((key) => configured.test(key))) return true;
  const inConfig = ['certificateFile', 'certificateSubjectName', 'certificateSha1', 'sign'].map((key) => `win.signtoolOptions.${key}`);
  return [...inConfig, 'win.azureSignOptions'].some((key) => configValue(config, key) != null);
}

function macSigned(env: Env, settings: Map<string, string>, config: Record<string, unknown>): boolean {
  const identity = env.CSC_LINK || env.CSC_NAME || settings.has('mac.identity') || configValue(config, 'mac.identity') != null;
  const notarized =
    (env.APPLE_API_KEY && env.APPLE_API_KEY_ID && env.APPLE_API_ISSUER) ||
    (env.APPLE_ID && env.APPLE_APP_SPECIFIC_PASSWORD && env.APPLE_TEAM_ID) ||
    (env.APPLE_KEYCHAIN && env.APPLE_KEYCHAIN_PROFILE);
  return Boolean(identity && notarized);
}

const SIGNING_NEEDS: Record<Exclude<Target, 'linux'>, string> = {
  win: 'for Windows set WIN_CSC_LINK (or CSC_LINK) to the code-signing certificate, or configure win.signtoolOptions or win.azureSignOptions',
  mac:
    'for macOS set CSC_LINK or CSC_NAME to a Developer ID Application identity, and APPLE_API_KEY, APPLE_API_KEY_ID and ' +
    'APPLE_API_ISSUER (or APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID) to notarize it',
};

/**
 * Why this package must not be built, in one sentence, or null. Only a package with an update feed needs signing; on
 * Linux the app never updates itself (nothing checks an AppImage's or a deb's signature), so Linux needs none.
 */
export function signingProblem(request: DistRequest): string | null {
  const settings = dottedSettings(request.args);
  const feed = feedOf(settings, request.config);
  if (feed === null) return null;
  if (feed.url !== undefined && !feed.url.startsWith('https://')) {
    return `The update feed must be https, since the app refuses any other: ${feed.url} is not.`;
  }
  const off = SIGNING_OFF.find((setting) => {
    const [key, value] = setting.split('=') as [string, string];
    return (settings.get(key) ?? String(configValue(request.config, key))) === value;
  });
  if (off !== undefined) return `A package with an update feed must be signed, so ${off} is refused.`;
  const targets = targetsOf(request.args, request.platform);
  const missing = [
    targets.has('win') && !windowsSigned(request.env, settings, request.config) ? SIGNING_NEEDS.win : null,
    targets.has('mac') && !macSigned(request.env, settings, request.config) ? SIGNING_NEEDS.mac : null,
  ].filter((need) => need !== null);
  if (missing.length === 0) return null;
  return `A package with an update feed must be signed, or its updates could not be checked: ${missing.join('; and ')} (README, Updates).`;
}

/** electron-builder's arguments: with a feed, electron-builder itself fails rather than leave the app unsigned. */
export function builderArgs(request: DistRequest): string[] {
  const signed = feedOf(dottedSettings(request.args), request.config) !== null ? ['--config.forceCodeSigning=true'] : [];
  return ['--config', BUILDER_CONFIG, '--publish', 'never', ...request.args, ...signed];
}

function main(): void {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const config = (parse(readFileSync(join(root, BUILDER_CONFIG), 'utf8')) ?? {}) as Record<string, unknown>;
  const request: DistRequest = { args: process.argv.slice(2), env: process.env, platform: process.platform, config };
  const problem = signingProblem(request);
  if (problem !== null) {
    console.error(`npm run dist: ${problem}`);
    process.exit(1);
  }
  const resolve = createRequire(join(root, 'package.json')).resolve;
  const bin = (name: string, file: string) => join(dirname(resolve(`${name}/package.json`)), file);
  const steps: Array<[string, string[]]> = [
    [bin('electron-vite', 'bin/electron-vite.js'), ['build']],
    [bin('electron-builder', 'cli.js'), builderArgs(request)],
  ];
  for (const [bin, args] of steps) {
    const run = spawnSync(process.execPath, [bin, ...args], { cwd: root, stdio: 'inherit' });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
