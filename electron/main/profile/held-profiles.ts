import { randomUUID } from 'node:crypto';
import type { AppError } from '../../../shared/result';
import type { TeamProfile } from '../../../shared/team-profile';

export interface HeldProfile {
  id: string;
  profile: TeamProfile;
}

/**
 * The profiles read and not yet applied: the latest previewed (a newer preview replaces it) and the one given with
 * `--profile FILE` (until applied or dismissed, or the next one given). A given file that was refused is kept as
 * its refusal instead, told once to the window that asks.
 */
export function createHeldProfiles(newId: () => string = randomUUID) {
  let latest: HeldProfile | null = null;
  let pending: HeldProfile | null = null;
  let refusal: AppError | null = null;

  return {
    previewed(profile: TeamProfile): HeldProfile {
      latest = { id: newId(), profile };
      return latest;
    },
    offered(profile: TeamProfile): HeldProfile {
      pending = { id: newId(), profile };
      refusal = null;
      return pending;
    },
    refused(error: AppError): void {
      pending = null;
      refusal = error;
    },
    pending: (): HeldProfile | null => pending,
    takeRefusal(): AppError | null {
      const told = refusal;
      refusal = null;
      return told;
    },
    find: (id: string): HeldProfile | null => [latest, pending].find((held) => held?.id === id) ?? null,
    forget(id: string): void {
      if (latest?.id === id) latest = null;
      if (pending?.id === id) pending = null;
    },
  };
}
export type HeldProfiles = ReturnType<typeof createHeldProfiles>;
