import type { FieldValue, ManagedField } from '../../../shared/managed-fields';
import { err, ok, type Result } from '../../../shared/result';
import { TEAM_PROFILE_FORMAT, TEAM_PROFILE_VERSION, teamProfileSchema, type TeamProfile } from '../../../shared/team-profile';
import { PROFILE_FIELDS, type FieldState } from './profile-fields';

export interface ExportChoices {
  includeClientSecret: boolean;
  name?: string | undefined;
  /** The member's notes folder, when they chose one: the team's hint is where this admin keeps them. */
  folder: string | null;
  exportedAt: Date;
}

/**
 * This install's team profile (TP1): every field it carries that holds a value, as the file another install
 * imports. The Zoho client secret only when the admin asked for it; never the Gemini key, a token or anything of
 * a member (a profile has no field for them).
 */
export function exportProfile(state: FieldState, choices: ExportChoices): Result<string> {
  const sections: Record<string, Record<string, FieldValue>> = {};
  const put = (field: ManagedField, value: FieldValue) => {
    const [section, key] = field.split('.') as [string, string];
    sections[section] = { ...sections[section], [key]: value };
  };
  for (const field of PROFILE_FIELDS) {
    const value = field === 'knowledgeBase.hint' ? (choices.folder ?? state.values.get(field)) : state.values.get(field);
    // Only captions' languages mean something by null (the model tells, the UI's language); elsewhere it is unset.
    if (value === undefined || (value === null && !field.startsWith('captions.'))) continue;
    if (field === 'zoho.clientSecret' && !choices.includeClientSecret) continue;
    put(field, value);
  }
  const profile = teamProfileSchema.safeParse({
    format: TEAM_PROFILE_FORMAT,
    version: TEAM_PROFILE_VERSION,
    ...(choices.name ? { name: choices.name } : {}),
    exportedAt: choices.exportedAt.toISOString(),
    ...sections,
  } satisfies Record<string, unknown>);
  // Every value came from this install's own settings, so a profile it cannot read back is a bug here.
  if (!profile.success) return err('INTERNAL', `The profile could not be made: ${profile.error.issues[0]?.message ?? 'invalid'}`);
  return ok(`${JSON.stringify(profile.data satisfies TeamProfile, null, 2)}\n`);
}
