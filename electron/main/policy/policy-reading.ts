import { MANAGED_POLICY } from '../../../shared/limits';
import { lockedFields, managedPolicySchema, NO_POLICY, type ManagedPolicy, type PolicyState } from '../../../shared/managed-policy';
import { ALL_FEATURES_ON } from '../../../shared/settings';

/**
 * What one read of the machine's policy found: where (null: this machine has none), the policy that applies, and
 * why a policy that was found does not (then `policy` is NO_POLICY: a bad policy is ignored as a whole, never half
 * applied).
 */
export interface PolicyReading {
  readonly source: string | null;
  readonly policy: ManagedPolicy;
  readonly problem: string | null;
}

export const NO_POLICY_READING: PolicyReading = { source: null, policy: NO_POLICY, problem: null };

/** A policy found at `source` that cannot apply: the app runs as if there were none, and says why. */
export function policyProblem(source: string, problem: string): PolicyReading {
  return { source, policy: NO_POLICY, problem };
}

/**
 * The policy document found at `source`, checked whole. The problem never quotes the text: JSON.parse's message
 * does, and a policy may hold a team's addresses.
 */
export function parsePolicyText(source: string, text: string): PolicyReading {
  if (Buffer.byteLength(text, 'utf8') > MANAGED_POLICY.fileMaxBytes) return policyTooLarge(source);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return policyProblem(source, `The policy at ${source} is not valid JSON.`);
  }
  const parsed = managedPolicySchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
    return policyProblem(source, `The policy at ${source} does not match the policy format (${where}${issue?.message ?? 'invalid'}).`);
  }
  return { source, policy: parsed.data, problem: null };
}

export function policyTooLarge(source: string): PolicyReading {
  return policyProblem(source, `The policy at ${source} is larger than ${MANAGED_POLICY.fileMaxBytes / 1024} KB.`);
}

/** 'policy:state' of a reading: what it locks and what it leaves on. */
export function policyStateOf(reading: PolicyReading): PolicyState {
  return {
    source: reading.source,
    locked: lockedFields(reading.policy),
    features: { ...ALL_FEATURES_ON, ...reading.policy.features },
    problem: reading.problem,
  };
}
