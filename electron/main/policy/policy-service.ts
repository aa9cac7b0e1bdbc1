import type { ManagedPolicy, PolicyState } from '../../../shared/managed-policy';
import type { Logger } from '../log/logger';
import { NO_POLICY_READING, policyStateOf, type PolicyReading } from './policy-reading';
import type { PolicySource } from './policy-source';

/** The machine's policy as the app runs under it: read before the core starts, read again whenever it may have changed. */
export interface PolicyService {
  policy(): ManagedPolicy;
  state(): PolicyState;
  /** Hears each change of the policy or of its state (a problem found or fixed), after `policy()` answers the new one. */
  subscribe(listener: (state: PolicyState) => void): () => void;
  /** Starts following the source (its watch or poll). */
  start(): void;
  close(): void;
}

export interface PolicyServiceDeps {
  /** Null: this run has no policy to follow (tests, a harness run that names none). */
  source: PolicySource | null;
  /** The source's first reading, taken before any capability starts on settings the policy overrides. */
  initial: PolicyReading;
  log: Logger;
}

/** Reads the policy, for the log, without its values: where it is, what it sets, what it switches off, what is wrong. */
export function logReading(log: Logger, reading: PolicyReading): void {
  if (reading.problem !== null) {
    log.warn('the machine policy is ignored', { source: reading.source, problem: reading.problem });
    return;
  }
  const state = policyStateOf(reading);
  const off = Object.entries(state.features).filter(([, on]) => !on).map(([feature]) => feature);
  if (reading.source === null) log.info('no machine policy');
  else log.info('the machine policy applies', { source: reading.source, locked: state.locked, off });
}

export function createPolicyService(deps: PolicyServiceDeps): PolicyService {
  const { source, log } = deps;
  let current = source ? deps.initial : NO_POLICY_READING;
  if (source) logReading(log, current);
  let key = JSON.stringify(current);
  const listeners = new Set<(state: PolicyState) => void>();
  let watch: { close(): void } | null = null;
  let closed = false;
  // One read at a time, in order: a burst of changes never lets an older reading land after a newer one.
  let reading: Promise<void> = Promise.resolve();

  async function reread(from: PolicySource): Promise<void> {
    const next = await from.read();
    const nextKey = JSON.stringify(next);
    if (closed || nextKey === key) return;
    current = next;
    key = nextKey;
    logReading(log, next);
    const state = policyStateOf(next);
    for (const listener of [...listeners]) listener(state);
  }

  return {
    policy: () => current.policy,
    state: () => policyStateOf(current),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (!source || watch || closed) return;
      watch = source.watch(() => {
        reading = reading.then(() => reread(source)).catch((error: unknown) => log.error('the machine policy could not be read again', { error }));
      });
    },
    close() {
      closed = true;
      watch?.close();
      watch = null;
      listeners.clear();
    },
  };
}
