import { MANAGED_POLICY } from '../../../shared/limits';
import type { Timers } from '../timers/alarm';
import { pollEvery } from './poll-every';
import { NO_POLICY_READING, parsePolicyText, policyProblem, policyTooLarge } from './policy-reading';
import type { ExecFailure, ExecFile, PolicySource } from './policy-source';

/** The app's bundle id (electron-builder.yml's appId): an MDM profile's payload for it lands in this plist. */
export const BUNDLE_ID = 'com.staffdesk.app';
export const MANAGED_PREFERENCES_FILE = `/Library/Managed Preferences/${BUNDLE_ID}.plist`;
export const POLICY_PREFERENCE_KEY = 'Policy';
export const PLUTIL = '/usr/bin/plutil';

export interface ManagedPreferencesPolicySourceDeps {
  execFile: ExecFile;
  /** Whether the plist is there: no plist is no policy, without running plutil. */
  exists: (file: string) => Promise<boolean>;
  timers: Timers;
  /** MANAGED_PREFERENCES_FILE unless a test names another. */
  file?: string;
}

/**
 * macOS: the `Policy` key (a string holding the JSON document) of the managed preferences an MDM profile installs,
 * read with plutil, polled (cfprefsd writes the file with no change event Node can rely on).
 */
export function createManagedPreferencesPolicySource(deps: ManagedPreferencesPolicySourceDeps): PolicySource {
  const file = deps.file ?? MANAGED_PREFERENCES_FILE;
  const source = `${file} (${POLICY_PREFERENCE_KEY})`;
  return {
    async read() {
      if (!(await deps.exists(file))) return NO_POLICY_READING;
      try {
        const { stdout } = await deps.execFile(PLUTIL, ['-extract', POLICY_PREFERENCE_KEY, 'raw', '-o', '-', file], {
          maxBuffer: MANAGED_POLICY.fileMaxBytes,
          timeout: MANAGED_POLICY.readTimeoutMs,
          windowsHide: true,
        });
        return parsePolicyText(source, stdout);
      } catch (error) {
        const failure = error as ExecFailure;
        if (failure.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') return policyTooLarge(source);
        // Preferences for the app that set no policy: there is none.
        if (/no value at that key path/i.test(failure.stderr ?? '')) return NO_POLICY_READING;
        return policyProblem(source, `The policy at ${source} could not be read as a string (plutil: ${failure.code ?? 'no exit code'}).`);
      }
    },
    watch: (changed) => pollEvery(deps.timers, MANAGED_POLICY.pollEveryMs, changed),
  };
}
