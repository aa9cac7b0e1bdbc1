import { z } from 'zod';
import { MODEL_ROLES, type Settings } from './settings';

/**
 * Every value a team profile or the machine's policy may set (issue 28), named by its path. Settings names it
 * beside its field (a lock, a profile's change), diagnostics by it, and the profile's preview lists changes by it.
 * - setting: a field of Settings (`section.key`);
 * - secret: kept in the keychain, never shown: a preview says "configured", never the value;
 * - prompt: a layer of the Assistant's prompts (G4).
 */
export const MANAGED_FIELDS = [
  'access.teamUrl',
  'access.appUrl',
  'access.aud',
  'zoho.dataCentre',
  'zoho.clientId',
  'zoho.clientSecret',
  ...MODEL_ROLES.map((role) => `models.${role}` as const),
  'assistant.scope',
  'assistant.instructions',
  'digest.enabled',
  'digest.time',
  'digest.weekdaysOnly',
  'knowledgeBase.path',
  'knowledgeBase.hint',
  'meetings.folder',
  'captions.from',
  'captions.to',
  'captions.speak',
  'voice.spokenAnswers',
  'crashReports.upload',
  'crashReports.url',
] as const;
export type ManagedField = (typeof MANAGED_FIELDS)[number];
export const managedFieldSchema = z.enum(MANAGED_FIELDS);

export type ManagedFieldKind = 'setting' | 'secret' | 'prompt';
export function managedFieldKind(field: ManagedField): ManagedFieldKind {
  if (field === 'zoho.clientId' || field === 'zoho.clientSecret') return 'secret';
  if (field.startsWith('assistant.')) return 'prompt';
  return 'setting';
}

/** A value as a preview or the diagnostics show it; a secret's is whether it is configured, never the value. */
export const fieldValueSchema = z.union([z.string(), z.boolean(), z.null()]);
export type FieldValue = z.infer<typeof fieldValueSchema>;

/** The value of a setting field in Settings (a secret's or a prompt's is not there: undefined). */
export function settingValue(settings: Settings, field: ManagedField): FieldValue | undefined {
  if (managedFieldKind(field) !== 'setting') return undefined;
  const [section, key] = field.split('.') as [keyof Settings, string];
  const value = (settings[section] as Record<string, unknown>)[key];
  return typeof value === 'string' || typeof value === 'boolean' || value === null ? value : undefined;
}

/** The fields a nested `{section: {key: value}}` object sets, with their values (undefined left out). */
export function flattenFields(nested: Record<string, unknown>): Map<ManagedField, FieldValue> {
  const fields = new Map<ManagedField, FieldValue>();
  for (const [section, inner] of Object.entries(nested)) {
    if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) continue;
    for (const [key, value] of Object.entries(inner as Record<string, unknown>)) {
      const field = `${section}.${key}`;
      if (value === undefined || !(MANAGED_FIELDS as readonly string[]).includes(field)) continue;
      if (typeof value === 'string' || typeof value === 'boolean' || value === null) fields.set(field as ManagedField, value);
    }
  }
  return fields;
}
