import { z } from 'zod';
import { appUrlSchema, audSchema, teamUrlSchema } from './access-config';
import { assistantPromptsSchema } from './assistant';
import { crashReportUrlSchema } from './crash-reports';
import { digestSettingsPatchSchema } from './digest';
import { fieldValueSchema, managedFieldSchema } from './managed-fields';
import { meetingNotesSettingsPatchSchema } from './meeting-notes';
import { TEAM_PROFILE } from './limits';
import { err, ok, type Result } from './result';
import { modelsPatchSchema } from './settings';
import { captionsSettingsPatchSchema } from './translate';
import { zohoDataCentreSchema } from './zoho-data-centres';

/**
 * The team profile (issue 28, TP1 and TP2): one admin sets the desk up and hands the same file to everyone. It holds
 * what a team shares (sign-in, the Zoho data centre and client, models, the Assistant's prompts, the morning pass,
 * where the notes are, how captions start, where crash reports go) and never what is a member's own: no Gemini key,
 * no token, no mailbox, nothing a member said or read. Every section and field may be left out: importing changes only what a file names.
 */
export const TEAM_PROFILE_FORMAT = 'staff-desk.team-profile';
export const TEAM_PROFILE_VERSION = 1;

const lineSchema = z.string().trim().min(1).max(TEAM_PROFILE.lineMaxChars);

export const teamProfileSchema = z.strictObject({
  format: z.literal(TEAM_PROFILE_FORMAT),
  version: z.literal(TEAM_PROFILE_VERSION),
  /** What the team calls it ("Support desk"): the import's preview names it. */
  name: z.string().trim().min(1).max(TEAM_PROFILE.nameMaxChars).optional(),
  exportedAt: z.iso.datetime().optional(),
  access: z.strictObject({ teamUrl: teamUrlSchema, appUrl: appUrlSchema, aud: audSchema }).partial().optional(),
  /**
   * The client secret is there only when the admin chose to include it. A desktop app cannot keep a secret from its
   * own users, so Zoho treats a desktop client's secret as known to everyone who has the app.
   */
  zoho: z.strictObject({ dataCentre: zohoDataCentreSchema, clientId: lineSchema, clientSecret: lineSchema }).partial().optional(),
  models: modelsPatchSchema.optional(),
  assistant: assistantPromptsSchema.partial().optional(),
  digest: digestSettingsPatchSchema.optional(),
  /** Where the team keeps its notes; the member still chooses the folder (the picker opens there). */
  knowledgeBase: z.strictObject({ hint: lineSchema }).partial().optional(),
  meetings: meetingNotesSettingsPatchSchema.optional(),
  captions: captionsSettingsPatchSchema.optional(),
  /** The team's crash server; whether to send there stays each member's choice (or the machine's policy). */
  crashReports: z.strictObject({ url: crashReportUrlSchema }).partial().optional(),
});
export type TeamProfile = z.infer<typeof teamProfileSchema>;

/**
 * A profile file read whole or refused with one sentence that says why (nothing of a refused file is used): too
 * large, not JSON, not a team profile, a version this app does not read, or the first field that is wrong.
 */
export function readTeamProfile(text: string): Result<TeamProfile> {
  if (new TextEncoder().encode(text).length > TEAM_PROFILE.fileMaxBytes) return teamProfileTooLarge();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refused('This file is not a team profile: it is not valid JSON.', 'not_json');
  }
  const head = z.object({ format: z.literal(TEAM_PROFILE_FORMAT), version: z.unknown() }).safeParse(json);
  if (!head.success) return refused('This file is not a Staff Desk team profile.', 'not_a_profile');
  if (head.data.version !== TEAM_PROFILE_VERSION) {
    return refused(
      `This profile is version ${String(head.data.version).slice(0, 20)}, and this app reads version ${TEAM_PROFILE_VERSION}: export it again from this version of the app, or update the app.`,
      'unknown_version',
    );
  }
  const parsed = teamProfileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.map(String).join('.').slice(0, 80) || 'the file';
    return refused(`The profile's ${where} is not valid: ${issue.message}`, 'invalid_field', where);
  }
  return ok(parsed.data);
}

/** The refusal of a file over the size a profile can be, also for one refused before it is read (main's file dialogs). */
export function teamProfileTooLarge(): Result<never> {
  return refused(`This file is larger than a team profile can be (${TEAM_PROFILE.fileMaxBytes / 1024} KB).`, 'too_large');
}

function refused(message: string, reason: string, field?: string): Result<never> {
  return err('INVALID_INPUT', message, { reason, ...(field ? { field } : {}) });
}

/**
 * One change a profile would make, as its preview lists it. A secret's values are whether it is configured (`from`)
 * and true (`to`), never the secret. `lockedByPolicy`: the machine's policy holds this field, so it stays as it is.
 */
export const profileChangeSchema = z.object({
  field: managedFieldSchema,
  from: fieldValueSchema,
  to: fieldValueSchema,
  lockedByPolicy: z.boolean(),
});
export type ProfileChange = z.infer<typeof profileChangeSchema>;

export const profilePreviewSchema = z.object({
  /** Names this preview for `profile:apply`; a newer preview replaces it. */
  id: z.string(),
  name: z.string().nullable(),
  changes: z.array(profileChangeSchema),
  /** Fields the profile names that already hold its value. */
  unchanged: z.number().int().nonnegative(),
  /**
   * Signed out, a profile may only fill in what is still unset (a first run); changing what a member has set waits
   * for a signed-in member. True when this one would.
   */
  needsSignIn: z.boolean(),
});
export type ProfilePreview = z.infer<typeof profilePreviewSchema>;

export const profilePreviewInputSchema = z.strictObject({ text: z.string().max(TEAM_PROFILE.fileMaxBytes) });
export const profileApplyInputSchema = z.strictObject({ id: z.string().max(64) });
export const profileAppliedSchema = z.object({ applied: z.number().int().nonnegative() });
export const profileExportInputSchema = z.strictObject({
  includeClientSecret: z.boolean(),
  name: z.string().trim().min(1).max(TEAM_PROFILE.nameMaxChars).optional(),
});
