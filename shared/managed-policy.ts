import { z } from 'zod';
import { audSchema, appUrlSchema, teamUrlSchema } from './access-config';
import { crashReportUrlSchema } from './crash-reports';
import { digestSettingsPatchSchema } from './digest';
import { flattenFields, managedFieldSchema, type ManagedField } from './managed-fields';
import { meetingNotesSettingsPatchSchema } from './meeting-notes';
import { knowledgeBaseSettingsPatchSchema } from './oracle';
import { applySettingsPatch, featuresSchema, modelsPatchSchema, type Features, type Settings, type SettingsPatch } from './settings';
import { captionsSettingsPatchSchema } from './translate';
import { zohoDataCentreSchema } from './zoho-data-centres';

/**
 * The machine-wide policy IT deploys with its usual tools (issue 28, TP3): one JSON document whatever the system,
 * found where that system keeps machine policy (electron/main/policy/, README "For admins"). A value it sets wins
 * over the member's and over a team profile's, and cannot be changed in the app; a feature it switches off is off.
 * Unknown keys are refused, so a misspelt policy is reported instead of silently not applying.
 */
export const POLICY_VERSION = 1;

const policySettingsSchema = z
  .strictObject({
    access: z.strictObject({ teamUrl: teamUrlSchema, appUrl: appUrlSchema, aud: audSchema }).partial(),
    zoho: z.strictObject({ dataCentre: zohoDataCentreSchema }).partial(),
    models: modelsPatchSchema,
    digest: digestSettingsPatchSchema,
    // The policy names the team's folder outright: it comes from the machine's administrator, not from a page.
    knowledgeBase: knowledgeBaseSettingsPatchSchema.pick({ path: true }),
    meetings: meetingNotesSettingsPatchSchema,
    captions: captionsSettingsPatchSchema,
    // The policy may name the team's crash server alone (the member still chooses to send), or turn sending on or
    // off for everyone; turning it on names where to.
    crashReports: z
      .strictObject({ upload: z.boolean(), url: crashReportUrlSchema })
      .partial()
      .refine((section) => section.upload !== true || section.url !== undefined, {
        message: 'Turning crash reports on needs the url to send them to.',
        path: ['url'],
      }),
  })
  .partial();

export const managedPolicySchema = z.strictObject({
  version: z.literal(POLICY_VERSION),
  settings: policySettingsSchema.optional(),
  /** Features left out stay on. */
  features: featuresSchema.partial().strict().optional(),
});
export type ManagedPolicy = z.infer<typeof managedPolicySchema>;

export const NO_POLICY: ManagedPolicy = { version: POLICY_VERSION };

/** The fields a policy sets, so locks: its settings, and what a feature it switches off holds off. */
export function lockedFields(policy: ManagedPolicy): ManagedField[] {
  const locked = new Set(flattenFields(policy.settings ?? {}).keys());
  if (policy.features?.spokenAnswers === false) {
    locked.add('voice.spokenAnswers');
    locked.add('captions.speak');
  }
  return [...locked];
}

/** The settings in effect: the member's (and their profile's), with the policy's values and features over them. */
export function applyPolicy(settings: Settings, policy: ManagedPolicy): Settings {
  const features: Features = { ...settings.features, ...policy.features };
  const patch: SettingsPatch = { ...policy.settings };
  const managed = applySettingsPatch(settings, patch);
  return {
    ...managed,
    features,
    ...(features.spokenAnswers
      ? {}
      : { voice: { ...managed.voice, spokenAnswers: false }, captions: { ...managed.captions, speak: false } }),
  };
}

/** The fields of a settings patch the policy holds (a change to them is refused, nothing of the patch kept). */
export function lockedInPatch(patch: SettingsPatch, locked: readonly ManagedField[]): ManagedField[] {
  const touched = flattenFields(patch as Record<string, unknown>);
  return locked.filter((field) => touched.has(field));
}

/**
 * 'policy:state': where the machine's policy was read from, what it holds and what it switches off. `problem` is
 * why a policy that was found does not apply (it is not valid JSON, or not this schema): the app then runs as if
 * there were none, and Settings and the diagnostics say so.
 */
export const policyStateSchema = z.object({
  /** The file or registry key it was read from; null when this machine has none. */
  source: z.string().nullable(),
  locked: z.array(managedFieldSchema),
  features: featuresSchema,
  problem: z.string().nullable(),
});
export type PolicyState = z.infer<typeof policyStateSchema>;

/** The `reason` of a change refused because the policy holds the field (the error also names the `field`). */
export const SET_BY_POLICY = 'set_by_policy';
export const SET_BY_POLICY_MESSAGE = 'Your organization sets this, so it cannot be changed here.';
/** The `reason` of a call refused because the policy switched its feature off (the error also names the `feature`). */
export const OFF_BY_POLICY = 'off_by_policy';
export const OFF_BY_POLICY_MESSAGE = 'Your organization has turned this off on this computer.';
