import { createContext, use, useCallback, type ReactNode } from 'react';
import type { AppApi } from '../../shared/ipc/app-api';
import type { ManagedField } from '../../shared/managed-fields';
import type { PolicyState } from '../../shared/managed-policy';
import type { Settings } from '../../shared/settings';
import { useFollowedValue } from './api';

const readSettings = (api: AppApi) => api.settings.get();
const readPolicy = (api: AppApi) => api.policy.state();

/** undefined: no provider above; null: not known (main has not answered yet, or could not). */
const SettingsContext = createContext<Settings | null | undefined>(undefined);
const PolicyContext = createContext<PolicyState | null | undefined>(undefined);

/**
 * The member's settings as main last stored them, from memory. Null until main has answered the first time, and
 * for as long as it could not: a component then does what it does without settings (the system's default
 * microphone, answers spoken), as it did when a read over IPC failed.
 */
export function useSettings(): Settings | null {
  const settings = use(SettingsContext);
  if (settings === undefined) throw new Error('useSettings() needs a <SettingsProvider> above it (see AppProviders).');
  return settings;
}

/**
 * The machine's policy (issue 28): where it was read, the fields it locks, what it switches off and why a policy
 * that was found does not apply. Null until main has said, and for as long as it could not: nothing is shown
 * locked then, and main still refuses a locked field's change.
 */
export function usePolicy(): PolicyState | null {
  const policy = use(PolicyContext);
  if (policy === undefined) throw new Error('usePolicy() needs a <SettingsProvider> above it (see AppProviders).');
  return policy;
}

/** Whether the machine's policy holds a field, so that its control is shown read-only with the organization's note. */
export function useLockedFields(): (field: ManagedField) => boolean {
  const policy = usePolicy();
  return useCallback((field: ManagedField) => policy?.locked.includes(field) ?? false, [policy]);
}

/**
 * Reads the settings and the policy once, then follows 'settings:changed', which main sends after every write it
 * stores (from this window, another one, or its own), and 'policy:changed', so that no component asks main for
 * them again on its way to act.
 */
export function SettingsProvider({ children }: { children: ReactNode }) {
  const settings = useFollowedValue('settings:changed', readSettings);
  const policy = useFollowedValue('policy:changed', readPolicy);
  return (
    <SettingsContext value={settings}>
      <PolicyContext value={policy}>{children}</PolicyContext>
    </SettingsContext>
  );
}
