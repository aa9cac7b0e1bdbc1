import { CRASH_REPORT_URL_REQUIRED, CRASH_REPORT_URL_REQUIRED_MESSAGE } from '../../../shared/crash-reports';
import type { AppContract } from '../../../shared/ipc/contract';
import { err, ok } from '../../../shared/result';
import { sectionsNeedingSignIn } from '../../../shared/settings';
import { SHORTCUT_CLASH_MESSAGE, shortcutClash } from '../../../shared/shortcuts';
import type { Handlers } from '../ipc/registry';
import { refusedByPolicy, type ManagedSettings } from './policy-locks';

export function settingsHandlers(deps: {
  settings: ManagedSettings;
}): Pick<Handlers<AppContract>, 'settings:get' | 'settings:update'> {
  return {
    'settings:get': () => ok(deps.settings.get()),
    'settings:update': (patch, ctx) => {
      // Signed out, only the first run's settings change: the rest waits for a member (nothing of the patch is kept).
      const locked = ctx.member ? [] : sectionsNeedingSignIn(patch);
      if (locked.length > 0) return signInRequired(locked[0]!);
      // TP3: what the machine's policy sets is not the member's to change.
      const refused = refusedByPolicy(patch, deps.settings.locked());
      if (refused) return refused;
      // A shortcut set to keys another one keeps: the patch alone is valid, the settings it would make are not.
      if (patch.shortcuts && shortcutClash({ ...deps.settings.get().shortcuts, ...patch.shortcuts })) {
        return err('INVALID_INPUT', SHORTCUT_CLASH_MESSAGE, { reason: 'shortcut_clash' });
      }
      // RD3: sending crash reports on, with nowhere to send them (the policy's server counts).
      const crashReports = { ...deps.settings.get().crashReports, ...patch.crashReports };
      if (patch.crashReports && crashReports.upload && crashReports.url === null) {
        return err('INVALID_INPUT', CRASH_REPORT_URL_REQUIRED_MESSAGE, { reason: CRASH_REPORT_URL_REQUIRED, field: 'crashReports.url' });
      }
      return ok(deps.settings.update(patch));
    },
  };
}

/** Refused for want of a signed-in member: the change waits for sign-in, nothing of it stored. */
export function signInRequired(field: string) {
  return err('UNAUTHENTICATED', 'Sign in with your staff account to change this setting.', { reason: 'sign_in_required', field });
}
