import { ok } from '../../../shared/result';
import type { Broadcast, Capability } from '../capability';
import type { PolicyService } from './policy-service';

export interface PolicyCapabilityDeps {
  policy: PolicyService;
  broadcast: Broadcast;
}

/**
 * The machine's policy (issue 28, TP3) as the window sees it: what it locks and switches off, and news when it is
 * read again and changed. Its values reach the window and every capability as settings (core.ts).
 */
export function createPolicyCapability(deps: PolicyCapabilityDeps): Capability<'policy:state'> {
  const { policy } = deps;
  let unsubscribe: (() => void) | null = null;
  return {
    handlers: {
      'policy:state': () => ok(policy.state()),
    },
    start() {
      unsubscribe = policy.subscribe((state) => deps.broadcast('policy:changed', state));
      policy.start();
    },
    close() {
      unsubscribe?.();
      policy.close();
    },
  };
}
