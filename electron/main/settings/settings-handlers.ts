import type { AppContract } from '../../../shared/ipc/contract';
import { err, ok } from '../../../shared/result';
import { SHORTCUT_CLASH_MESSAGE, shortcutClash } from '../../../shared/shortcuts';
import type { Handlers } from '../ipc/registry';
import type { SettingsStore } from './settings-store';

export function settingsHandlers(deps: {
  settings: SettingsStore;
}): Pick<Handlers<AppContract>, 'settings:get' | 'settings:update'> {
  return {
    'settings:get': () => ok(deps.settings.get()),
    'settings:update': (patch) => {
      // A shortcut set to keys another one keeps: the patch alone is valid, the settings it would make are not.
      if (patch.shortcuts && shortcutClash({ ...deps.settings.get().shortcuts, ...patch.shortcuts })) {
        return err('INVALID_INPUT', SHORTCUT_CLASH_MESSAGE, { reason: 'shortcut_clash' });
      }
      return ok(deps.settings.update(patch));
    },
  };
}
