import { MANAGED_POLICY } from '../../../shared/limits';
import type { Timers } from '../timers/alarm';
import { pollEvery } from './poll-every';
import { NO_POLICY_READING, parsePolicyText, policyProblem, policyTooLarge } from './policy-reading';
import type { ExecFailure, ExecFile, PolicySource } from './policy-source';

/** Where Group Policy and Intune put an app's machine policy: a REG_SZ value holding the JSON document. */
export const POLICY_REGISTRY_KEY = 'HKLM\\SOFTWARE\\Policies\\StaffDesk';
export const POLICY_REGISTRY_VALUE = 'Policy';
/** reg.exe's header and type column around the value. */
const REG_OUTPUT_SLACK_BYTES = 4096;

export interface RegistryPolicySourceDeps {
  execFile: ExecFile;
  /** reg.exe by its full path (%SystemRoot%\System32\reg.exe), never looked up on PATH. */
  regExe: string;
  timers: Timers;
}

/** Windows: the registry value, read with `reg query`, polled (the registry has no change event Node can hear). */
export function createRegistryPolicySource(deps: RegistryPolicySourceDeps): PolicySource {
  const source = `${POLICY_REGISTRY_KEY}\\${POLICY_REGISTRY_VALUE}`;
  return {
    async read() {
      let stdout: string;
      try {
        ({ stdout } = await deps.execFile(deps.regExe, ['query', POLICY_REGISTRY_KEY, '/v', POLICY_REGISTRY_VALUE], {
          maxBuffer: MANAGED_POLICY.fileMaxBytes + REG_OUTPUT_SLACK_BYTES,
          timeout: MANAGED_POLICY.readTimeoutMs,
          windowsHide: true,
        }));
      } catch (error) {
        const failure = error as ExecFailure;
        if (failure.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') return policyTooLarge(source);
        // reg.exe's one "not found" answer, for a missing key and a missing value alike.
        if (failure.code === 1 && /unable to find/i.test(failure.stderr ?? '')) return NO_POLICY_READING;
        return policyProblem(source, `The policy at ${source} could not be read (reg.exe: ${failure.code ?? 'no exit code'}).`);
      }
      const value = registryValue(stdout, POLICY_REGISTRY_VALUE);
      if (value === null) return NO_POLICY_READING;
      if (value.type !== 'REG_SZ') return policyProblem(source, `The policy at ${source} is a ${value.type}, not a REG_SZ string.`);
      return parsePolicyText(source, value.data);
    },
    watch: (changed) => pollEvery(deps.timers, MANAGED_POLICY.pollEveryMs, changed),
  };
}

/**
 * A value in `reg query /v NAME`'s answer: "    NAME    REG_SZ    DATA". The data runs to the end of the output, so
 * a JSON document written over several lines is read whole.
 */
export function registryValue(stdout: string, name: string): { type: string; data: string } | null {
  const line = new RegExp(`^ +${name} +(REG_[A-Z_]+)(?: {4}|$)`, 'm').exec(stdout);
  if (!line) return null;
  return { type: line[1]!, data: stdout.slice(line.index + line[0].length).trim() };
}
