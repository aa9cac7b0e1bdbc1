import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseHarnessConfig, readHarnessConfig } from './harness-config';

const VALID = {
  gemini: { baseUrl: 'http://127.0.0.1:4100' },
  zoho: { accountsUrl: 'http://localhost:4200/accounts', mailUrl: 'https://mail.zoho.eu' },
  cfAccess: { teamUrl: 'https://team.cloudflareaccess.com', aud: 'ab'.repeat(32) },
  dataDir: '/tmp/harness-data',
  secrets: 'memory',
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('harness config', () => {
  it('accepts loopback http and https upstreams, with nothing to report', () => {
    const read = parseHarnessConfig(VALID, '/anywhere');
    expect(read).toEqual({
      ok: true,
      notes: [],
      // resolve: on Windows a rooted path takes the current drive's letter.
      config: { ...VALID, dataDir: resolve('/tmp/harness-data'), secretValues: {}, settings: {} },
    });
  });

  it('refuses plain http to anywhere but this machine, naming the field', () => {
    for (const baseUrl of ['http://gemini.example.com', 'http://10.0.0.5:80', 'ftp://127.0.0.1', 'not a url']) {
      const read = parseHarnessConfig({ ...VALID, gemini: { baseUrl } }, '/anywhere');
      expect(read.ok, baseUrl).toBe(false);
      expect(!read.ok && read.message, baseUrl).toMatch(/gemini\.baseUrl: Use an https URL/);
    }
  });

  it('names every missing or mistyped field', () => {
    const read = parseHarnessConfig({ dataDir: 3, secrets: 'vault', extra: true }, '/anywhere');
    expect(read.ok).toBe(false);
    const message = read.ok ? '' : read.message;
    for (const field of ['gemini', 'zoho', 'cfAccess', 'dataDir', 'secrets', '(the whole file)']) expect(message).toContain(`- ${field}:`);
    expect(message).toContain('extra');
  });

  it('takes secret values only for known secrets, and not empty', () => {
    const known = parseHarnessConfig({ ...VALID, secretValues: { 'gemini.apiKey': 'k-123456' } }, '/');
    expect(known.ok && known.config.secretValues).toEqual({ 'gemini.apiKey': 'k-123456' });
    const unknown = parseHarnessConfig({ ...VALID, secretValues: { 'openai.key': 'x' } }, '/');
    expect(!unknown.ok && unknown.message).toMatch(/secretValues/);
    const empty = parseHarnessConfig({ ...VALID, secretValues: { 'gemini.apiKey': '  ' } }, '/');
    expect(!empty.ok && empty.message).toMatch(/secretValues\.gemini\.apiKey: The value is empty/);
  });

  it('applies the settings this version knows, skips sections it does not with a note, and refuses bad values', () => {
    const read = parseHarnessConfig(
      { ...VALID, settings: { language: 'ar', models: { oracle: 'gemini-x' }, hologram: { projector: true } } },
      '/',
    );
    // Only what was given: a patch that filled in defaults would reset the member's other choices.
    expect(read.ok && read.config.settings).toEqual({ language: 'ar', models: { oracle: 'gemini-x' } });
    expect(read.ok && read.notes).toEqual(['settings.hologram is not known to this version of the app; skipped.']);

    const bad = parseHarnessConfig({ ...VALID, settings: { models: { oracle: 'no spaces allowed' } } }, '/');
    expect(!bad.ok && bad.message).toMatch(/settings\.models\.oracle:/);
  });

  it('takes knowledgeBase.path as given when absolute, and relative to the config file otherwise', () => {
    const absolute = parseHarnessConfig({ ...VALID, settings: { knowledgeBase: { path: '/srv/kb' } } }, '/work');
    expect(absolute.ok && absolute.config.settings).toEqual({ knowledgeBase: { path: resolve('/srv/kb') } });
    const relative = parseHarnessConfig({ ...VALID, settings: { knowledgeBase: { path: 'notes/kb' } } }, '/work/tests');
    expect(relative.ok && relative.config.settings).toEqual({ knowledgeBase: { path: resolve('/work/tests/notes/kb') } });
  });

  it('accepts a cfToken string, to be verified when the harness starts', () => {
    const read = parseHarnessConfig({ ...VALID, cfToken: 'a.b.c' }, '/');
    expect(read.ok && read.config.cfToken).toBe('a.b.c');
    expect(read.ok && read.notes).toEqual([]);
    expect(parseHarnessConfig({ ...VALID, cfToken: 42 }, '/').ok).toBe(false);
  });

  it('takes the Access double’s loopback team URL and an AUD tag in their normal form', () => {
    const read = parseHarnessConfig({ ...VALID, cfAccess: { teamUrl: 'http://127.0.0.1:4300', aud: 'AB'.repeat(32) } }, '/');
    expect(read.ok && read.config.cfAccess).toEqual({ teamUrl: 'http://127.0.0.1:4300', aud: 'ab'.repeat(32) });
  });

  it('starts with sign-in following Settings, and says why, when cfAccess cannot be used', () => {
    const read = parseHarnessConfig({ ...VALID, cfAccess: { teamUrl: 'http://127.0.0.1:9/access', aud: 'e2e-audience' } }, '/');
    expect(read.ok && read.config.cfAccess).toBeNull();
    expect(read.ok && read.notes).toEqual([
      expect.stringMatching(/^cfAccess\.teamUrl: Enter only the team domain, without a path.* Sign-in follows Settings/),
      expect.stringMatching(/^cfAccess\.aud: The AUD tag is 64 hexadecimal characters.* Sign-in follows Settings/),
    ]);
  });

  it('reads a file, taking a relative dataDir from the file’s folder, and says what is wrong with a bad one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'staff-desk-harness-config-'));
    dirs.push(dir);
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify({ ...VALID, dataDir: 'data' }));
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{ "gemini": ');

    const read = readHarnessConfig(good);
    expect(read.ok && read.config.dataDir).toBe(join(dir, 'data'));
    expect(readHarnessConfig(broken)).toEqual({ ok: false, message: expect.stringContaining(`${broken} is not JSON`) });
    expect(readHarnessConfig(join(dir, 'missing.json'))).toEqual({
      ok: false,
      message: expect.stringMatching(/could not be read \(ENOENT\)/),
    });
  });
});
