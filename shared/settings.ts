import { z } from 'zod';
import { LANGS } from './lang';

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
} as const;
export type ModelRole = keyof typeof DEFAULT_MODELS;
export const MODEL_ROLES = Object.keys(DEFAULT_MODELS) as ModelRole[];

const modelsSchema = z.object(
  Object.fromEntries(MODEL_ROLES.map((role) => [role, modelIdSchema.default(DEFAULT_MODELS[role])])) as {
    [R in ModelRole]: z.ZodDefault<typeof modelIdSchema>;
  },
);

/**
 * What the member can change in Settings. Each capability adds its own section here, with defaults, so that a
 * stored settings row from an older version still parses. Object sections are patched field by field.
 */
export const settingsSchema = z.object({
  /** null follows the operating system's language. */
  language: z.enum(LANGS).nullable(),
  models: modelsSchema,
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  language: null,
  models: { ...DEFAULT_MODELS },
};

// No defaults in a patch: zod fills defaults even in a partial object, which would reset the fields not sent.
const modelsPatchSchema = z.strictObject(
  Object.fromEntries(MODEL_ROLES.map((role) => [role, modelIdSchema.optional()])) as {
    [R in ModelRole]: z.ZodOptional<typeof modelIdSchema>;
  },
);

export const settingsPatchSchema = z
  .strictObject({
    language: settingsSchema.shape.language,
    models: modelsPatchSchema,
  })
  .partial();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
