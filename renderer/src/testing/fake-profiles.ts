import type { AssistantPrompts, PromptLayer } from '../../../shared/assistant';
import { flattenFields, managedFieldKind, settingValue, type FieldValue, type ManagedField } from '../../../shared/managed-fields';
import { err, ok, type Result } from '../../../shared/result';
import type { SecretName } from '../../../shared/secrets';
import { DEFAULT_SETTINGS, type Settings, type SettingsPatch } from '../../../shared/settings';
import {
  readTeamProfile,
  TEAM_PROFILE_FORMAT,
  TEAM_PROFILE_VERSION,
  type ProfileChange,
  type ProfilePreview,
  type TeamProfile,
} from '../../../shared/team-profile';

/** A profile file's text as an admin's export writes it: only what `profile` names is in it. */
export function teamProfileText(profile: Omit<TeamProfile, 'format' | 'version'>): string {
  return JSON.stringify({ format: TEAM_PROFILE_FORMAT, version: TEAM_PROFILE_VERSION, ...profile }, null, 2);
}

/** What of the fake main's state a profile reads and changes. */
export interface ProfileWorld {
  settings(): Settings;
  storeSettings(patch: SettingsPatch): void;
  readonly configured: Set<SecretName>;
  prompts(): AssistantPrompts;
  readonly promptDefaults: AssistantPrompts;
  storePrompts(next: AssistantPrompts): void;
  signedIn(): boolean;
  /** Fields the machine's policy holds. */
  readonly locked: readonly ManagedField[];
}

/**
 * Team profiles as main handles them (issue 28): a preview lists what a file would change, field by field (a
 * secret as whether it is configured, never its value), marks what the policy holds, counts what already matches,
 * and asks for sign-in before it changes what is already set here; applying makes its changes, the locked ones
 * left as they are. The secrets a profile set are remembered, so the same file again changes nothing.
 */
export function createFakeProfiles(world: ProfileWorld) {
  const previews = new Map<string, { preview: ProfilePreview; fields: Map<ManagedField, FieldValue> }>();
  const secrets = new Map<ManagedField, FieldValue>();
  let made = 0;

  function current(field: ManagedField): FieldValue {
    switch (managedFieldKind(field)) {
      case 'secret':
        return world.configured.has(field as SecretName);
      case 'prompt':
        return world.prompts()[field.slice('assistant.'.length) as PromptLayer];
      case 'setting':
        return settingValue(world.settings(), field) ?? null;
    }
  }

  /** Whether the member (or a profile) has set the field here: only an unset one may be filled in signed out. */
  function setHere(field: ManagedField): boolean {
    if (managedFieldKind(field) === 'secret') return world.configured.has(field as SecretName);
    if (managedFieldKind(field) === 'prompt') return current(field) !== world.promptDefaults[field.slice('assistant.'.length) as PromptLayer];
    return current(field) !== (settingValue(DEFAULT_SETTINGS, field) ?? null);
  }

  function preview(text: string): Result<ProfilePreview> {
    const read = readTeamProfile(text);
    if (!read.ok) return read;
    const { format: _format, version: _version, name, exportedAt: _exportedAt, ...sections } = read.value;
    const fields = flattenFields(sections);
    const changes: ProfileChange[] = [];
    let unchanged = 0;
    for (const [field, value] of fields) {
      const secret = managedFieldKind(field) === 'secret';
      const same = secret ? secrets.get(field) === value && world.configured.has(field as SecretName) : current(field) === value;
      if (same) unchanged += 1;
      else changes.push({ field, from: current(field), to: secret ? true : value, lockedByPolicy: world.locked.includes(field) });
    }
    made += 1;
    const shown: ProfilePreview = {
      id: `preview-${made}`,
      name: name ?? null,
      changes,
      unchanged,
      needsSignIn: !world.signedIn() && changes.some((change) => !change.lockedByPolicy && setHere(change.field)),
    };
    previews.set(shown.id, { preview: shown, fields });
    return ok(shown);
  }

  function apply(id: string): Result<{ applied: number }> {
    const held = previews.get(id);
    if (!held) return err('INVALID_INPUT', 'This preview is no longer current: open the profile again.');
    if (held.preview.needsSignIn && !world.signedIn()) return err('UNAUTHENTICATED', 'Sign in with your staff account first.');
    previews.delete(id);
    const changes = held.preview.changes.filter((change) => !change.lockedByPolicy);
    const patch: Record<string, Record<string, FieldValue>> = {};
    let prompts = world.prompts();
    for (const { field } of changes) {
      const value = held.fields.get(field)!;
      const [section, key] = field.split('.') as [string, string];
      if (managedFieldKind(field) === 'secret') {
        world.configured.add(field as SecretName);
        secrets.set(field, value);
      } else if (managedFieldKind(field) === 'prompt') prompts = { ...prompts, [key]: value };
      else patch[section] = { ...patch[section], [key]: value };
    }
    if (prompts !== world.prompts()) world.storePrompts(prompts);
    if (Object.keys(patch).length > 0) world.storeSettings(patch as SettingsPatch);
    return ok({ applied: changes.length });
  }

  return {
    preview,
    apply,
    dismiss(id: string) {
      previews.delete(id);
    },
  };
}
