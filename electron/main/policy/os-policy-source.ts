import { execFile as nodeExecFile } from 'node:child_process';
import { access, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Logger } from '../log/logger';
import { systemTimers } from '../timers/alarm';
import { createFilePolicySource } from './file-policy-source';
import { createManagedPreferencesPolicySource } from './managed-preferences-policy-source';
import type { PolicySource } from './policy-source';
import { createRegistryPolicySource } from './registry-policy-source';
import { watchPolicyFileWith } from './watch-policy-file';

/** Linux's machine-wide place for it (the package's name, as its data folder and desktop file use). */
export const LINUX_POLICY_FILE = '/etc/staff-desk/policy.json';

const execFile = promisify(nodeExecFile);

/** The JSON policy as a file: Linux's, or the one a harness run names. */
export function policyFileSource(file: string, log: Logger): PolicySource {
  return createFilePolicySource({ file, fs: { stat, readFile }, watchFile: watchPolicyFileWith(log) });
}

/** Where this system keeps machine policy (README "For admins"): the registry, managed preferences, or /etc. */
export function osPolicySource(platform: NodeJS.Platform, log: Logger): PolicySource {
  if (platform === 'win32') {
    const regExe = join(process.env.SystemRoot ?? 'C:\\Windows', 'System32', 'reg.exe');
    return createRegistryPolicySource({ execFile, regExe, timers: systemTimers });
  }
  if (platform === 'darwin') {
    const exists = (file: string) => access(file).then(() => true, () => false);
    return createManagedPreferencesPolicySource({ execFile, exists, timers: systemTimers });
  }
  return policyFileSource(LINUX_POLICY_FILE, log);
}
