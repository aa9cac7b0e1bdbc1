import { z } from 'zod';
import { LANGS } from './lang';

/**
 * What the member can change in Settings. Each later capability adds its own section here, with defaults,
 * so that a stored settings row from an older version still parses.
 */
export const settingsSchema = z.object({
  /** null follows the operating system's language. */
  language: z.enum(LANGS).nullable(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  language: null,
};

export const settingsPatchSchema = settingsSchema.partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
