import type { CoreDeps } from '../../electron/main/core';
import { NO_POLICY_READING, parsePolicyText, type PolicyReading } from '../../electron/main/policy/policy-reading';
import type { PolicySource } from '../../electron/main/policy/policy-source';

export const TEST_POLICY_FILE = '/etc/staff-desk/policy.json';

export interface TestPolicy {
  /** CoreDeps.policy: a source read as if from TEST_POLICY_FILE. */
  readonly deps: NonNullable<CoreDeps['policy']>;
  /** The admin deploys a new policy (null: removes it); the core reads it as a watch or poll would make it. */
  deploy(policy: unknown): void;
}

function readingOf(policy: unknown): PolicyReading {
  return policy === null ? NO_POLICY_READING : parsePolicyText(TEST_POLICY_FILE, JSON.stringify(policy));
}

/** The machine's policy for a test core, as IT would deploy it: `policy` is the JSON document (null: none). */
export function testPolicy(policy: unknown): TestPolicy {
  let current = readingOf(policy);
  let changed: (() => void) | null = null;
  const source: PolicySource = {
    read: async () => current,
    watch(listener) {
      changed = listener;
      return { close: () => void (changed = null) };
    },
  };
  return {
    deps: { source, initial: current },
    deploy(next) {
      current = readingOf(next);
      changed?.();
    },
  };
}
