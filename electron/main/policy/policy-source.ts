import type { PolicyReading } from './policy-reading';

/**
 * Where this machine's policy is kept (a file, a registry value, managed preferences): read on demand, and a way to
 * hear that it may have changed (a watch or a poll). `read` never rejects: what went wrong is the reading's problem.
 */
export interface PolicySource {
  read(): Promise<PolicyReading>;
  /** Calls `changed` whenever the policy may have changed, until closed. */
  watch(changed: () => void): { close(): void };
}

/** Runs a program and answers its stdout; rejects like Node's execFile (its `code`, its `stderr`). */
export type ExecFile = (
  file: string,
  args: readonly string[],
  options: { maxBuffer: number; timeout: number; windowsHide: boolean },
) => Promise<{ stdout: string }>;

/** Why a program run by ExecFile failed, as Node's promisified execFile reports it. */
export interface ExecFailure {
  readonly code?: number | string;
  readonly stderr?: string;
}
