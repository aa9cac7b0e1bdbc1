import { describe, expect, it } from 'vitest';
import { MANAGED_POLICY } from '../../../shared/limits';
import { managedPolicySchema } from '../../../shared/managed-policy';
import { manualClock } from '../../../test/support/auth-test-kit';
import { createFilePolicySource, type PolicyFileSystem } from './file-policy-source';
import { createManagedPreferencesPolicySource, MANAGED_PREFERENCES_FILE, PLUTIL } from './managed-preferences-policy-source';
import type { ExecFile } from './policy-source';
import { createRegistryPolicySource, POLICY_REGISTRY_KEY } from './registry-policy-source';

const POLICY = { version: 1, settings: { digest: { time: '08:30' } }, features: { mailTools: false } };
const POLICY_JSON = JSON.stringify(POLICY);
/** The policy as read: the features it leaves out are on. */
const APPLIED = managedPolicySchema.parse(POLICY);
const FILE = '/etc/staff-desk/policy.json';

function errno(code: string) {
  return Object.assign(new Error(code), { code });
}

/** One file's text (null: absent), read through the stat-then-read the source uses. */
function fakeFs(files: { text: string | null; error?: string }): PolicyFileSystem & { reads: number } {
  const fs = {
    reads: 0,
    async stat() {
      if (files.error) throw errno(files.error);
      if (files.text === null) throw errno('ENOENT');
      return { size: Buffer.byteLength(files.text), isFile: () => true };
    },
    async readFile() {
      fs.reads += 1;
      if (files.text === null) throw errno('ENOENT');
      return files.text;
    },
  };
  return fs;
}

function fileSource(files: { text: string | null; error?: string }) {
  const watches = { open: 0, changed: null as (() => void) | null };
  const fs = fakeFs(files);
  const source = createFilePolicySource({
    file: FILE,
    fs,
    watchFile: (file, changed) => {
      expect(file).toBe(FILE);
      watches.open += 1;
      watches.changed = changed;
      return { close: () => void (watches.open -= 1) };
    },
  });
  return { source, fs, watches };
}

/** An execFile that answers like the program would, from `answer`, and records what was run. */
function fakeExec(answer: () => { stdout: string } | { code: number | string; stderr: string }) {
  const runs: { file: string; args: readonly string[] }[] = [];
  const execFile: ExecFile = async (file, args) => {
    runs.push({ file, args });
    const result = answer();
    if ('stdout' in result) return result;
    throw Object.assign(new Error('failed'), result);
  };
  return { execFile, runs };
}

describe('the policy file (Linux, /etc/staff-desk/policy.json)', () => {
  it('applies a valid policy and names where it was read', async () => {
    const { source } = fileSource({ text: POLICY_JSON });
    expect(await source.read()).toEqual({ source: FILE, policy: APPLIED, problem: null });
  });

  it('is no policy when the file or its folder is absent', async () => {
    expect(await fileSource({ text: null }).source.read()).toEqual({ source: null, policy: { version: 1 }, problem: null });
    expect((await fileSource({ text: null, error: 'ENOTDIR' }).source.read()).source).toBeNull();
  });

  it('ignores a file that is not JSON as a whole, without quoting it', async () => {
    const read = await fileSource({ text: '{"version": 1, "settings": secret-team-url' }).source.read();
    expect(read.policy).toEqual({ version: 1 });
    expect(read.source).toBe(FILE);
    expect(read.problem).toBe(`The policy at ${FILE} is not valid JSON.`);
  });

  it('ignores a policy of another schema as a whole, naming the field at fault', async () => {
    const misspelt = JSON.stringify({ version: 1, settings: { digest: { time: '08:30', enabeld: true } } });
    const read = await fileSource({ text: misspelt }).source.read();
    expect(read.policy).toEqual({ version: 1 });
    expect(read.problem).toMatch(/does not match the policy format \(settings\.digest/);
  });

  it('refuses a file larger than the cap without reading it', async () => {
    const { source, fs } = fileSource({ text: ' '.repeat(MANAGED_POLICY.fileMaxBytes + 1) });
    const read = await source.read();
    expect(read.problem).toMatch(/larger than 256 KB/);
    expect(read.policy).toEqual({ version: 1 });
    expect(fs.reads).toBe(0);
  });

  it('says why a file that is there cannot be read', async () => {
    const read = await fileSource({ text: POLICY_JSON, error: 'EACCES' }).source.read();
    expect(read.problem).toBe(`The policy at ${FILE} could not be read (EACCES).`);
  });

  it('watches the file until closed, and a change reads the new policy', async () => {
    const files = { text: null as string | null };
    const { source, watches } = fileSource(files);
    let changes = 0;
    const watch = source.watch(() => void (changes += 1));
    expect(watches.open).toBe(1);
    files.text = POLICY_JSON;
    watches.changed?.();
    expect(changes).toBe(1);
    expect((await source.read()).policy).toEqual(APPLIED);
    watch.close();
    expect(watches.open).toBe(0);
  });
});

describe('the registry value (Windows, HKLM\\SOFTWARE\\Policies\\StaffDesk)', () => {
  const regOutput = (type: string, data: string) =>
    `\r\n${POLICY_REGISTRY_KEY.replace('HKLM', 'HKEY_LOCAL_MACHINE')}\r\n    Policy    ${type}    ${data}\r\n\r\n`;
  const registry = (answer: Parameters<typeof fakeExec>[0]) => {
    const clock = manualClock();
    const exec = fakeExec(answer);
    const source = createRegistryPolicySource({ execFile: exec.execFile, regExe: 'C:\\Windows\\System32\\reg.exe', timers: clock.timers });
    return { source, clock, runs: exec.runs };
  };

  it('reads the REG_SZ value with reg query, by reg.exe’s full path', async () => {
    const { source, runs } = registry(() => ({ stdout: regOutput('REG_SZ', POLICY_JSON) }));
    expect(await source.read()).toEqual({ source: `${POLICY_REGISTRY_KEY}\\Policy`, policy: APPLIED, problem: null });
    expect(runs).toEqual([{ file: 'C:\\Windows\\System32\\reg.exe', args: ['query', POLICY_REGISTRY_KEY, '/v', 'Policy'] }]);
  });

  it('reads a document written over several lines whole', async () => {
    const { source } = registry(() => ({ stdout: regOutput('REG_SZ', JSON.stringify(POLICY, null, 2).replaceAll('\n', '\r\n')) }));
    expect((await source.read()).policy).toEqual(APPLIED);
  });

  it('is no policy when the key or value is absent', async () => {
    const { source } = registry(() => ({ code: 1, stderr: 'ERROR: The system was unable to find the specified registry key or value.\r\n' }));
    expect(await source.read()).toEqual({ source: null, policy: { version: 1 }, problem: null });
  });

  it('ignores a value that is not a string, or not a valid policy', async () => {
    const dword = await registry(() => ({ stdout: regOutput('REG_DWORD', '0x1') })).source.read();
    expect(dword.problem).toMatch(/is a REG_DWORD, not a REG_SZ string/);
    const invalid = await registry(() => ({ stdout: regOutput('REG_SZ', '{"version":2}') })).source.read();
    expect(invalid.problem).toMatch(/does not match the policy format \(version/);
    expect(invalid.policy).toEqual({ version: 1 });
  });

  it('refuses a value larger than the cap', async () => {
    const tooLarge = await registry(() => ({ code: 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER', stderr: '' })).source.read();
    expect(tooLarge.problem).toMatch(/larger than 256 KB/);
  });

  it('polls every MANAGED_POLICY.pollEveryMs until closed', () => {
    const { source, clock } = registry(() => ({ stdout: '' }));
    let changes = 0;
    const watch = source.watch(() => void (changes += 1));
    clock.advance(MANAGED_POLICY.pollEveryMs - 1);
    expect(changes).toBe(0);
    clock.advance(1);
    clock.advance(MANAGED_POLICY.pollEveryMs);
    expect(changes).toBe(2);
    watch.close();
    clock.advance(MANAGED_POLICY.pollEveryMs * 3);
    expect(changes).toBe(2);
    expect(clock.pendingCount()).toBe(0);
  });
});

describe('managed preferences (macOS, /Library/Managed Preferences/com.staffdesk.app.plist)', () => {
  const preferences = (present: boolean, answer: Parameters<typeof fakeExec>[0]) => {
    const clock = manualClock();
    const exec = fakeExec(answer);
    const source = createManagedPreferencesPolicySource({ execFile: exec.execFile, exists: async () => present, timers: clock.timers });
    return { source, clock, runs: exec.runs };
  };
  const SOURCE = `${MANAGED_PREFERENCES_FILE} (Policy)`;

  it('reads the Policy string with plutil', async () => {
    const { source, runs } = preferences(true, () => ({ stdout: `${POLICY_JSON}\n` }));
    expect(await source.read()).toEqual({ source: SOURCE, policy: APPLIED, problem: null });
    expect(runs).toEqual([{ file: PLUTIL, args: ['-extract', 'Policy', 'raw', '-o', '-', MANAGED_PREFERENCES_FILE] }]);
  });

  it('is no policy without the plist, or without its Policy key', async () => {
    const absent = preferences(false, () => ({ stdout: POLICY_JSON }));
    expect((await absent.source.read()).source).toBeNull();
    expect(absent.runs).toEqual([]);
    const noKey = preferences(true, () => ({ code: 1, stderr: 'No value at that key path or invalid key path: Policy\n' }));
    expect(await noKey.source.read()).toEqual({ source: null, policy: { version: 1 }, problem: null });
  });

  it('ignores a Policy that is not a string holding a valid policy', async () => {
    const dictionary = await preferences(true, () => ({ code: 1, stderr: 'Value at [Policy] is a dictionary\n' })).source.read();
    expect(dictionary.problem).toMatch(/could not be read as a string/);
    const notJson = await preferences(true, () => ({ stdout: 'version=1' })).source.read();
    expect(notJson.problem).toBe(`The policy at ${SOURCE} is not valid JSON.`);
    const tooLarge = await preferences(true, () => ({ code: 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER', stderr: '' })).source.read();
    expect(tooLarge.problem).toMatch(/larger than 256 KB/);
  });

  it('polls until closed', () => {
    const { source, clock } = preferences(true, () => ({ stdout: POLICY_JSON }));
    let changes = 0;
    const watch = source.watch(() => void (changes += 1));
    clock.advance(MANAGED_POLICY.pollEveryMs);
    expect(changes).toBe(1);
    watch.close();
    clock.advance(MANAGED_POLICY.pollEveryMs);
    expect(changes).toBe(1);
  });
});
