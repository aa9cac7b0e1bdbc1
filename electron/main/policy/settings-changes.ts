import { settingsPatchSchema, type Settings, type SettingsPatch } from '../../../shared/settings';

const PATCHABLE = Object.keys(settingsPatchSchema.shape) as (keyof SettingsPatch)[];

/**
 * What differs between two versions of the settings in effect, as the patch that would have made the change: the
 * app event every capability follows (a new policy folder re-indexes, a new digest time reschedules). Features are
 * never patched; whoever follows them reads them.
 */
export function settingsChanges(before: Settings, after: Settings): SettingsPatch {
  const patch: Record<string, Record<string, unknown>> = {};
  for (const section of PATCHABLE) {
    const was: unknown = before[section];
    const now: unknown = after[section];
    if (!isSection(was) || !isSection(now)) {
      if (JSON.stringify(was) !== JSON.stringify(now)) Object.assign(patch, { [section]: now });
      continue;
    }
    for (const key of Object.keys(now)) {
      if (JSON.stringify(was[key]) === JSON.stringify(now[key])) continue;
      patch[section] = { ...patch[section], [key]: now[key] };
    }
  }
  return patch as SettingsPatch;
}

function isSection(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
