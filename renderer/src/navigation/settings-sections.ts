import type { AppError } from '../../../shared/result';

/**
 * Settings' sections in the order a new member takes them, as the README's first use does: sign in, add the
 * Gemini key, check the models, connect the mailbox, then the rest.
 */
export const SETTINGS_SECTION_IDS = ['access', 'gemini', 'models', 'mailbox', 'digest', 'knowledge', 'assistant', 'voice', 'shortcuts', 'desktop', 'language', 'team', 'crashReports', 'about'] as const;
export type SettingsSectionId = (typeof SETTINGS_SECTION_IDS)[number];

/** Error reasons whose remedy is one Settings section: "Open Settings" beside such an error opens that section. */
const SECTION_FOR_REASON: Readonly<Record<string, SettingsSectionId>> = {
  missing_key: 'gemini',
  invalid_key: 'gemini',
  key_characters: 'gemini',
  permission_denied: 'gemini',
  keychain_unavailable: 'gemini',
  unknown_model: 'models',
  access_not_configured: 'access',
  zoho_client_missing: 'mailbox',
  zoho_not_connected: 'mailbox',
  zoho_reconnect_needed: 'mailbox',
  zoho_invalid_client: 'mailbox',
  zoho_access_denied: 'mailbox',
  zoho_connect_expired: 'mailbox',
  zoho_no_mail_account: 'mailbox',
};

/** The section that fixes `error`, or undefined when no one section does (Settings then opens at its top). */
export function settingsSectionFor(error: AppError): SettingsSectionId | undefined {
  return error.reason === undefined || !Object.hasOwn(SECTION_FOR_REASON, error.reason) ? undefined : SECTION_FOR_REASON[error.reason];
}
