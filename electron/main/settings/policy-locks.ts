import type { ManagedField } from '../../../shared/managed-fields';
import { lockedInPatch, OFF_BY_POLICY, OFF_BY_POLICY_MESSAGE, SET_BY_POLICY, SET_BY_POLICY_MESSAGE } from '../../../shared/managed-policy';
import { err, type Err } from '../../../shared/result';
import type { Feature, SettingsPatch } from '../../../shared/settings';
import type { SettingsStore } from './settings-store';

/**
 * The settings as the core serves them (core.ts): the member's with the machine policy's over them, and the fields
 * that policy holds (issue 28, TP3).
 */
export interface ManagedSettings extends SettingsStore {
  locked(): readonly ManagedField[];
}

/** A change to a field the policy holds is refused whole: nothing of the patch is stored. Null: none is touched. */
export function refusedByPolicy(patch: SettingsPatch, locked: readonly ManagedField[]): Err | null {
  const [field] = lockedInPatch(patch, locked);
  return field === undefined ? null : err('INVALID_INPUT', SET_BY_POLICY_MESSAGE, { reason: SET_BY_POLICY, field });
}

/** A call refused because the machine's policy switched its feature off (read from the settings in effect). */
export function offByPolicy(feature: Feature): Err {
  return err('INVALID_INPUT', OFF_BY_POLICY_MESSAGE, { reason: OFF_BY_POLICY, feature });
}
