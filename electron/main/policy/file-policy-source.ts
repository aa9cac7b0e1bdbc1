import { MANAGED_POLICY } from '../../../shared/limits';
import { NO_POLICY_READING, parsePolicyText, policyProblem, policyTooLarge } from './policy-reading';
import type { PolicySource } from './policy-source';

export interface PolicyFileSystem {
  stat(file: string): Promise<{ size: number; isFile(): boolean }>;
  readFile(file: string, encoding: 'utf8'): Promise<string>;
}

/** Calls `changed` whenever something happens to `file` or the folder holding it (created, replaced, removed). */
export type WatchPolicyFile = (file: string, changed: () => void) => { close(): void };

export interface FilePolicySourceDeps {
  /** Absolute: /etc/staff-desk/policy.json on Linux, a test's or the harness's own file elsewhere. */
  file: string;
  fs: PolicyFileSystem;
  watchFile: WatchPolicyFile;
}

/** The policy as one JSON file (Linux's /etc, the harness): no file is no policy. */
export function createFilePolicySource(deps: FilePolicySourceDeps): PolicySource {
  const { file } = deps;
  return {
    async read() {
      try {
        const info = await deps.fs.stat(file);
        if (!info.isFile()) return policyProblem(file, `The policy at ${file} is not a file.`);
        // Checked before reading: a huge file is refused without being held in memory.
        if (info.size > MANAGED_POLICY.fileMaxBytes) return policyTooLarge(file);
        return parsePolicyText(file, await deps.fs.readFile(file, 'utf8'));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        // Gone between the stat and the read counts as gone.
        if (code === 'ENOENT' || code === 'ENOTDIR') return NO_POLICY_READING;
        return policyProblem(file, `The policy at ${file} could not be read (${code ?? 'unknown error'}).`);
      }
    },
    watch: (changed) => deps.watchFile(file, changed),
  };
}
