import type Database from 'better-sqlite3';
import { managedFieldKind, type FieldValue } from '../../../shared/managed-fields';
import { err, ok, type Result } from '../../../shared/result';
import type { MemberSecretName } from '../../../shared/secrets';
import type { SettingsPatch } from '../../../shared/settings';
import type { AppEvents } from '../capability';
import type { Logger } from '../log/logger';
import type { SecretStore } from '../secrets/secret-store';
import type { SettingsStore } from '../settings/settings-store';
import { promptLayerOf, type PromptLayers } from './profile-fields';
import type { PlannedChange } from './profile-plan';

export interface ApplyDeps {
  db: Database.Database;
  settings: Pick<SettingsStore, 'update'>;
  prompts: PromptLayers;
  secrets: Pick<SecretStore, 'set' | 'delete'>;
  events: Pick<AppEvents, 'secretChanged'>;
  log: Logger;
}

interface Written {
  name: MemberSecretName;
  previous: FieldValue;
}

const NOT_APPLIED = 'The profile could not be applied, so nothing was changed.';

/**
 * Makes a plan's changes all or none (the fields the policy holds are left as they are): the Zoho client in the
 * keychain first, then the settings and the prompt layers in one database transaction. A keychain write that fails
 * changes nothing in the database (and puts back what it had written); a database that fails puts the keychain back
 * as it was. Answers how many fields changed.
 */
export async function applyProfile(changes: readonly PlannedChange[], deps: ApplyDeps): Promise<Result<number>> {
  const applying = changes.filter((change) => !change.lockedByPolicy);
  const written: Written[] = [];
  for (const change of applying.filter(({ field }) => managedFieldKind(field) === 'secret')) {
    const name = change.field as MemberSecretName;
    const saved = await deps.secrets.set(name, String(change.to));
    if (!saved.ok) {
      await restore(written, deps);
      return saved;
    }
    written.push({ name, previous: change.from });
  }

  const patch: Record<string, Record<string, FieldValue>> = {};
  let prompts = deps.prompts.get().prompts;
  for (const { field, to } of applying) {
    const kind = managedFieldKind(field);
    if (kind === 'prompt') prompts = { ...prompts, [promptLayerOf(field)]: String(to) };
    if (kind !== 'setting') continue;
    const [section, key] = field.split('.') as [string, string];
    patch[section] = { ...patch[section], [key]: to };
  }
  try {
    deps.db.transaction(() => {
      if (applying.some(({ field }) => managedFieldKind(field) === 'prompt')) deps.prompts.set(prompts);
      // Last: the settings service tells every window and capability, which should hear only what will be kept.
      if (Object.keys(patch).length > 0) deps.settings.update(patch as SettingsPatch);
    })();
  } catch (error) {
    deps.log.error('profile: the settings could not be written; the keychain is put back', { error });
    await restore(written, deps);
    return err('INTERNAL', NOT_APPLIED, { reason: 'profile_not_applied' });
  }
  for (const { name } of written) deps.events.secretChanged(name);
  return ok(applying.length);
}

/** The keychain as it was before the profile; a value that cannot be put back is logged (by name, never value). */
async function restore(written: readonly Written[], deps: ApplyDeps): Promise<void> {
  for (const { name, previous } of written) {
    const restored = previous === null ? await deps.secrets.delete(name) : await deps.secrets.set(name, String(previous));
    if (!restored.ok) deps.log.error('profile: a keychain entry could not be put back', { name, reason: restored.error.reason });
  }
}
