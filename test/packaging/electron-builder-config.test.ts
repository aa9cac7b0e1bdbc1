import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { VAD_ASSET_PATH, VAD_ASSETS } from '../../shared/vad-assets';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface ExtraResource {
  from: string;
  to: string;
  filter?: string[];
}

interface BuilderConfig {
  files: string[];
  asar: boolean;
  asarUnpack: string[];
  extraResources: ExtraResource[];
  electronFuses: Record<string, boolean>;
  publish?: unknown;
  linux: { icon: string };
  mac: { icon: string; target: string[]; hardenedRuntime?: boolean; notarize?: boolean; identity?: unknown };
  win: { icon: string; verifyUpdateCodeSignature?: boolean };
}

const config = parse(readFileSync(path.join(ROOT, 'electron-builder.yml'), 'utf8')) as BuilderConfig;

/** electron-builder's reading of a pattern list: the last pattern that matches decides ("!" excludes). */
function selects(patterns: readonly string[], file: string): boolean {
  let selected = false;
  for (const pattern of patterns) {
    const negated = pattern.startsWith('!');
    if (path.matchesGlob(file, negated ? pattern.slice(1) : pattern)) selected = !negated;
  }
  return selected;
}

describe('the packaged app (electron-builder.yml)', () => {
  it('sets every Electron fuse the security review asks for', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('packs into an asar and leaves the native modules outside it, where they can be loaded', () => {
    expect(config.asar).toBe(true);
    for (const file of [
      'node_modules/better-sqlite3/build/Release/better_sqlite3.node',
      'node_modules/better-sqlite3/lib/database.js',
      'node_modules/keytar/build/Release/keytar.node',
      'node_modules/keytar/lib/keytar.js',
      'node_modules/some-addon/prebuilds/linux-x64/addon.node',
    ]) {
      expect(selects(config.asarUnpack, file), file).toBe(true);
    }
  });

  it('ships the built app with live captions’ VAD model, worklet and wasm', () => {
    const packed = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'];
    const vad = Object.keys(VAD_ASSETS).map((name) => `out/renderer${VAD_ASSET_PATH}${name}`);
    for (const file of [...packed, ...vad]) expect(selects(config.files, file), file).toBe(true);
  });

  it('ships the knowledge-base guide beside the app, where main looks for it (resources/knowledge-base)', () => {
    const guide = config.extraResources.find((entry) => entry.to === 'knowledge-base');
    expect(guide).toBeDefined();
    const folder = path.join(ROOT, guide!.from);
    const notes = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.md'));
    expect(notes.length).toBeGreaterThan(0);
    for (const note of notes) expect(selects(guide!.filter ?? ['**/*'], note.split(path.sep).join('/')), note).toBe(true);
  });

  it('builds the zip that electron-updater installs a macOS update from, beside the dmg', () => {
    expect(config.mac.target).toEqual(expect.arrayContaining(['dmg', 'zip']));
  });

  it('SEC-1: a Windows update must carry the signature of the publisher the package records', () => {
    expect(config.win.verifyUpdateCodeSignature).toBe(true);
  });

  it('SEC-1: the macOS app is signed with the hardened runtime and notarized', () => {
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(config.mac.notarize).toBe(true);
    // An identity of null would turn signing off; left out, electron-builder takes CSC_LINK / CSC_NAME.
    expect(config.mac).not.toHaveProperty('identity');
  });

  it('SEC-1: no feed is built in: a package gets one only from `npm run dist`, which checks its signing', () => {
    expect(config.publish ?? null).toBeNull();
    const project = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(project.scripts.dist).toBe('tsx scripts/dist.ts');
  });

  it('has an icon for each platform, in its format, on disk', () => {
    const icons = { linux: config.linux.icon, mac: config.mac.icon, win: config.win.icon };
    expect(path.extname(icons.linux)).toBe('.png');
    expect(path.extname(icons.mac)).toBe('.icns');
    expect(path.extname(icons.win)).toBe('.ico');
    for (const icon of Object.values(icons)) expect(existsSync(path.join(ROOT, icon)), icon).toBe(true);
  });

  it('gives Windows every size from 16 to 256 px in icon.ico', () => {
    const ico = readFileSync(path.join(ROOT, config.win.icon));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]); // reserved, type 1 = icon
    const sizes = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => ico[6 + i * 16]! || 256);
    expect(sizes).toEqual(expect.arrayContaining([16, 24, 32, 48, 64, 128, 256]));
  });

  it('gives macOS the small and the large images in icon.icns', () => {
    const icns = readFileSync(path.join(ROOT, config.mac.icon));
    expect(icns.toString('latin1', 0, 4)).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const types: string[] = [];
    for (let at = 8; at < icns.length; at += icns.readUInt32BE(at + 4)) types.push(icns.toString('latin1', at, at + 4));
    // 16 px, 32 px, 128 px, 256 px and 512 px, and the Retina doubles of 16, 32, 128 and 256.
    expect(types).toEqual(expect.arrayContaining(['ic04', 'ic05', 'ic07', 'ic08', 'ic09', 'ic11', 'ic12', 'ic13', 'ic14']));
  });
});
