import type { AppContract } from '../../../shared/ipc/contract';
import { ok } from '../../../shared/result';
import type { Handlers } from '../ipc/registry';
import type { SettingsStore } from './settings-store';

export function settingsHandlers(deps: {
  settings: SettingsStore;
}): Pick<Handlers<AppContract>, 'settings:get' | 'settings:update'> {
  return {
    'settings:get': () => ok(deps.settings.get()),
    'settings:update': (patch) => ok(deps.settings.update(patch)),
  };
}
