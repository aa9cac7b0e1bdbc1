import { flattenFields, managedFieldKind, type FieldValue, type ManagedField } from '../../../shared/managed-fields';
import type { ProfilePreview, TeamProfile } from '../../../shared/team-profile';
import type { FieldState } from './profile-fields';

/** One field a profile would change: its value now and the profile's, both as they are (a secret's too). */
export interface PlannedChange {
  field: ManagedField;
  from: FieldValue;
  to: FieldValue;
  lockedByPolicy: boolean;
  /** It holds the member's own value (not the shipped one, a configured secret): signed out, it is not replaced. */
  holdsOwnValue: boolean;
}

export interface ProfilePlan {
  changes: PlannedChange[];
  unchanged: number;
  /** Signed out, and a change the profile would make replaces the member's own value. */
  needsSignIn: boolean;
}

/** The fields a profile names, against what they hold now; the same plan makes the preview and the apply. */
export function planProfile(profile: TeamProfile, state: FieldState, locked: readonly ManagedField[], signedIn: boolean): ProfilePlan {
  const { format: _format, version: _version, name: _name, exportedAt: _exportedAt, ...sections } = profile;
  const changes: PlannedChange[] = [];
  let unchanged = 0;
  for (const [field, to] of flattenFields(sections)) {
    const from = state.values.get(field) ?? null;
    if (from === to) {
      unchanged += 1;
      continue;
    }
    changes.push({ field, from, to, lockedByPolicy: locked.includes(field), holdsOwnValue: from !== (state.defaults.get(field) ?? null) });
  }
  const needsSignIn = !signedIn && changes.some((change) => !change.lockedByPolicy && change.holdsOwnValue);
  return { changes, unchanged, needsSignIn };
}

/** The plan as the window sees it: a secret is whether it is configured now, and "configured" after; never a value. */
export function previewOf(id: string, profile: TeamProfile, plan: ProfilePlan): ProfilePreview {
  return {
    id,
    name: profile.name ?? null,
    changes: plan.changes.map(({ field, from, to, lockedByPolicy }) =>
      managedFieldKind(field) === 'secret' ? { field, from: from !== null, to: true, lockedByPolicy } : { field, from, to, lockedByPolicy },
    ),
    unchanged: plan.unchanged,
    needsSignIn: plan.needsSignIn,
  };
}
