import { z } from 'zod';
import { appUrlSchema, audSchema, teamUrlSchema } from './access-config';
import { crashReportsSettingsPatchSchema, crashReportsSettingsSchema, DEFAULT_CRASH_REPORTS_SETTINGS } from './crash-reports';
import { DEFAULT_DESKTOP_SETTINGS, desktopSettingsPatchSchema, desktopSettingsSchema } from './desktop';
import { DEFAULT_DIGEST_SETTINGS, digestSettingsPatchSchema, digestSettingsSchema } from './digest';
import { LANGS } from './lang';
import { DEFAULT_MEETING_NOTES_SETTINGS, meetingNotesSettingsPatchSchema, meetingNotesSettingsSchema } from './meeting-notes';
import { appErrorSchema } from './result';
import { knowledgeBaseSettingsPatchSchema, knowledgeBaseSettingsSchema, knowledgeBaseSettingsUpdateSchema } from './oracle';
import { captionsSettingsPatchSchema, captionsSettingsSchema, DEFAULT_CAPTIONS_SETTINGS } from './translate';
import { DEFAULT_SHORTCUT_SETTINGS, shortcutSettingsPatchSchema, shortcutSettingsSchema } from './shortcuts';
import { DEFAULT_VOICE_SETTINGS, voiceSettingsPatchSchema, voiceSettingsSchema } from './voice';
import { DEFAULT_ZOHO_DATA_CENTRE, zohoDataCentreSchema } from './zoho-data-centres';

/** A model id as the Gemini API names it (e.g. "gemini-3.8-flash", "gemma-4-26b-a4b-it"). */
export const modelIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'Use a model id such as gemini-3.8-flash.');

/** The model each pipeline uses; ids change often, so they are settings, not code. */
export const DEFAULT_MODELS = {
  secretary: 'gemma-4-26b-a4b-it',
  oracle: 'gemini-3.8-flash',
  assistant: 'gemini-3.8-flash',
  embedding: 'gemini-embedding-001',
  tts: 'gemini-3.8-flash-tts',
  /** Voice questions over the Live API (issue 24): Google's stable Live model for low-latency dialogue. */
  live: 'gemini-3.8-live',
  /** Live captions streamed to a Live translation session (issue 25): continuous audio in, its translation out. */
  liveTranslate: 'gemini-3.5-live-translate-preview',
} as const;
export type ModelRole = keyof typeof DEFAULT_MODELS;
export const MODEL_ROLES = Object.keys(DEFAULT_MODELS) as ModelRole[];

/** 'settings:checkModels': model ids to look up with the stored key, before they are saved. */
export const modelsCheckInputSchema = z.strictObject({ ids: z.array(modelIdSchema).min(1).max(MODEL_ROLES.length) });
export const modelsCheckSchema = z.object({
  /** The ids Gemini says it does not offer to this key. */
  unavailable: z.array(z.string()),
  /** Why some ids could not be looked up (no key, a refused key, Google out of reach); null when all were. */
  unverified: appErrorSchema.nullable(),
});
export type ModelsCheck = z.infer<typeof modelsCheckSchema>;

/**
 * What the machine's policy may switch off (issue 28). All on unless the policy says otherwise:
 * - liveModes: voice questions over the Live API and captions streamed to Live translation (the one-call and the
 *   pause-cut paths answer instead);
 * - mailTools: the Assistant's mailbox tools;
 * - spokenAnswers: answers read aloud (voice questions, and captions' translation);
 * - updates: the packaged app's own update checks.
 */
export const FEATURES = ['liveModes', 'mailTools', 'spokenAnswers', 'updates'] as const;
export type Feature = (typeof FEATURES)[number];
export const featuresSchema = z.object({
  liveModes: z.boolean().default(true),
  mailTools: z.boolean().default(true),
  spokenAnswers: z.boolean().default(true),
  updates: z.boolean().default(true),
});
export type Features = z.infer<typeof featuresSchema>;
export const ALL_FEATURES_ON: Features = { liveModes: true, mailTools: true, spokenAnswers: true, updates: true };

const modelsSchema = z.object(
  Object.fromEntries(MODEL_ROLES.map((role) => [role, modelIdSchema.default(DEFAULT_MODELS[role])])) as {
    [R in ModelRole]: z.ZodDefault<typeof modelIdSchema>;
  },
);

/**
 * What the member can change in Settings. Each capability adds its own section here, with defaults, so that a
 * stored settings row from an older version still parses. Object sections are patched field by field.
 */
/** Staff sign-in through Cloudflare Access; null until the member (or their admin) fills it in. */
const accessSchema = z.object({
  teamUrl: teamUrlSchema.nullable().default(null),
  appUrl: appUrlSchema.nullable().default(null),
  aud: audSchema.nullable().default(null),
});

/** The member's Zoho Mail; the hosts derive from the data centre (shared/zoho-data-centres.ts). */
const zohoSchema = z.object({
  dataCentre: zohoDataCentreSchema.default(DEFAULT_ZOHO_DATA_CENTRE),
});

export const settingsSchema = z.object({
  /** null follows the operating system's language. */
  language: z.enum(LANGS).nullable(),
  models: modelsSchema,
  access: accessSchema,
  zoho: zohoSchema,
  /** The scheduled mailbox pass (F0). */
  digest: digestSettingsSchema,
  /** The oracle's notes folder and its relevance floors (seeds 001). */
  knowledgeBase: knowledgeBaseSettingsSchema.default({ path: null, floors: {}, hint: null }),
  /** Where meeting notes are saved in the knowledge base (issue 27). */
  meetings: meetingNotesSettingsSchema.default(DEFAULT_MEETING_NOTES_SETTINGS),
  /** The first-run checklist: hidden for good once the member dismisses it (it is offered once sign-in and the key are done). */
  firstRun: z.object({ checklistDismissed: z.boolean().default(false) }).default({ checklistDismissed: false }),
  /** Push-to-talk and spoken answers (V1 to V5). */
  voice: voiceSettingsSchema.default(DEFAULT_VOICE_SETTINGS),
  /** Quick ask, push-to-talk and live captions from anywhere on the desktop. */
  shortcuts: shortcutSettingsSchema.default(DEFAULT_SHORTCUT_SETTINGS),
  /** The tray app's question and notice that are given once (D4). */
  desktop: desktopSettingsSchema.default(DEFAULT_DESKTOP_SETTINGS),
  /** What live captions start with (issue 28). */
  captions: captionsSettingsSchema.default(DEFAULT_CAPTIONS_SETTINGS),
  /** Whether Electron's minidumps go to the team's crash server, and its address (issue 29, RD3). */
  crashReports: crashReportsSettingsSchema.default(DEFAULT_CRASH_REPORTS_SETTINGS),
  /**
   * What the machine's policy leaves on (issue 28, shared/managed-policy.ts). Never stored and never patched: main
   * reads it from the policy, so every capability and window hears a change as a settings change.
   */
  features: featuresSchema.default(ALL_FEATURES_ON),
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  language: null,
  models: { ...DEFAULT_MODELS },
  access: { teamUrl: null, appUrl: null, aud: null },
  zoho: { dataCentre: DEFAULT_ZOHO_DATA_CENTRE },
  digest: { ...DEFAULT_DIGEST_SETTINGS },
  knowledgeBase: { path: null, floors: {}, hint: null },
  meetings: { ...DEFAULT_MEETING_NOTES_SETTINGS },
  firstRun: { checklistDismissed: false },
  voice: { ...DEFAULT_VOICE_SETTINGS },
  shortcuts: { ...DEFAULT_SHORTCUT_SETTINGS },
  desktop: { ...DEFAULT_DESKTOP_SETTINGS },
  captions: { ...DEFAULT_CAPTIONS_SETTINGS },
  crashReports: { ...DEFAULT_CRASH_REPORTS_SETTINGS },
  features: { ...ALL_FEATURES_ON },
};

// No defaults in a patch: zod fills defaults even in a partial object, which would reset the fields not sent.
export const modelsPatchSchema = z.strictObject(
  Object.fromEntries(MODEL_ROLES.map((role) => [role, modelIdSchema.optional()])) as {
    [R in ModelRole]: z.ZodOptional<typeof modelIdSchema>;
  },
);

export const settingsPatchSchema = z
  .strictObject({
    language: settingsSchema.shape.language,
    models: modelsPatchSchema,
    access: z
      .strictObject({ teamUrl: teamUrlSchema.nullable(), appUrl: appUrlSchema.nullable(), aud: audSchema.nullable() })
      .partial(),
    zoho: z.strictObject({ dataCentre: zohoDataCentreSchema }).partial(),
    digest: digestSettingsPatchSchema,
    knowledgeBase: knowledgeBaseSettingsPatchSchema,
    meetings: meetingNotesSettingsPatchSchema,
    firstRun: z.strictObject({ checklistDismissed: z.boolean() }).partial(),
    voice: voiceSettingsPatchSchema,
    shortcuts: shortcutSettingsPatchSchema,
    desktop: desktopSettingsPatchSchema,
    captions: captionsSettingsPatchSchema,
    crashReports: crashReportsSettingsPatchSchema,
  })
  .partial();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** 'settings:update' from the renderer: a patch whose notes folder can only go back to the guide (see oracle.ts). */
export const settingsUpdateInputSchema = settingsPatchSchema.extend({ knowledgeBase: knowledgeBaseSettingsUpdateSchema.optional() });

/**
 * What may change while no member is signed in: what the first run needs before sign-in (the sign-in settings, the
 * app's language, the start-at-login question and the checklist). The rest shapes what the app does with a member's
 * mail, notes and voice, so only a signed-in member changes it.
 */
export const SIGNED_OUT_SETTINGS = ['access', 'language', 'desktop', 'firstRun'] as const satisfies readonly (keyof Settings)[];

/** The sections of a patch that need a signed-in member (none when every one is a first-run setting). */
export function sectionsNeedingSignIn(patch: SettingsPatch): (keyof SettingsPatch)[] {
  return (Object.keys(patch) as (keyof SettingsPatch)[]).filter((section) => !(SIGNED_OUT_SETTINGS as readonly string[]).includes(section));
}

/**
 * The settings after a patch: sections (objects) are patched field by field, a scalar replaces what was there.
 * Main's store and the renderer's test double both use this, so they cannot disagree.
 */
export function applySettingsPatch(current: Settings, patch: SettingsPatch): Settings {
  const next: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const before = next[key];
    next[key] = isSection(before) && isSection(value) ? { ...before, ...value } : value;
  }
  return settingsSchema.parse(next);
}

function isSection(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
