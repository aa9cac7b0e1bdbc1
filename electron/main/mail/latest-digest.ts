import type { Digest } from '../../../shared/digest';
import type { Logger } from '../log/logger';

/** S7: the member's latest F0 pass, the secretary's main context. */
export type DigestContext =
  | { kind: 'digest'; digest: Digest }
  | { kind: 'none' }
  /** The table could not be read: the question still goes ahead, and the prompt says why there is no digest. */
  | { kind: 'unavailable' };

/** Where the passes are kept (digest/digest-store.ts): the latest one of a member, or null before their first. */
export interface LatestDigests {
  latest(owner: string): Digest | null;
}

export function readLatestDigest(digests: LatestDigests, owner: string, log: Logger): DigestContext {
  try {
    const digest = digests.latest(owner);
    return digest ? { kind: 'digest', digest } : { kind: 'none' };
  } catch (error) {
    log.warn('secretary: could not read the latest digest', { error: error instanceof Error ? error.message : String(error) });
    return { kind: 'unavailable' };
  }
}
