import type { AssistantPrompts, PromptLayer } from '../../../shared/assistant';
import { MANAGED_FIELDS, managedFieldKind, settingValue, type FieldValue, type ManagedField } from '../../../shared/managed-fields';
import { ok, type Result } from '../../../shared/result';
import type { SecretName } from '../../../shared/secrets';
import { DEFAULT_SETTINGS } from '../../../shared/settings';
import type { SecretStore } from '../secrets/secret-store';
import type { SettingsStore } from '../settings/settings-store';

/**
 * The fields a team profile carries: every managed field but the notes folder itself (only the member, or the
 * machine's policy, makes a folder the knowledge base: a profile gives a hint), spoken answers and sending crash
 * reports (the member's own choices; a profile names the crash server only).
 */
const MEMBER_CHOICES: readonly ManagedField[] = ['knowledgeBase.path', 'voice.spokenAnswers', 'crashReports.upload'];
export const PROFILE_FIELDS: readonly ManagedField[] = MANAGED_FIELDS.filter((field) => !MEMBER_CHOICES.includes(field));

/** The Assistant's prompt layers as the core keeps them (assistant/assistant-prompts.ts), as a profile uses them. */
export interface PromptLayers {
  get(): { prompts: AssistantPrompts; defaults: AssistantPrompts };
  set(prompts: AssistantPrompts): unknown;
}

export interface FieldStateDeps {
  settings: Pick<SettingsStore, 'get'>;
  prompts: Pick<PromptLayers, 'get'>;
  secrets: Pick<SecretStore, 'get'>;
}

/**
 * What each profile field holds now, and what it holds untouched. A secret's value is read to compare it with a
 * profile's, in main only: what leaves is whether it is configured. A prompt's is the text in effect.
 */
export interface FieldState {
  values: ReadonlyMap<ManagedField, FieldValue>;
  defaults: ReadonlyMap<ManagedField, FieldValue>;
}

export const promptLayerOf = (field: ManagedField) => field.slice('assistant.'.length) as PromptLayer;

/** Fails only when the keychain cannot be read. */
export async function readFieldState(deps: FieldStateDeps): Promise<Result<FieldState>> {
  const settings = deps.settings.get();
  const prompts = deps.prompts.get();
  const values = new Map<ManagedField, FieldValue>();
  const defaults = new Map<ManagedField, FieldValue>();
  for (const field of PROFILE_FIELDS) {
    const kind = managedFieldKind(field);
    if (kind === 'secret') {
      const secret = await deps.secrets.get(field as SecretName);
      if (!secret.ok) return secret;
      values.set(field, secret.value);
      defaults.set(field, null);
    } else if (kind === 'prompt') {
      values.set(field, prompts.prompts[promptLayerOf(field)]);
      defaults.set(field, prompts.defaults[promptLayerOf(field)]);
    } else {
      values.set(field, settingValue(settings, field) ?? null);
      defaults.set(field, settingValue(DEFAULT_SETTINGS, field) ?? null);
    }
  }
  return ok({ values, defaults });
}
