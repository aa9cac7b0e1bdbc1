import { createContext, use, type ReactNode } from 'react';
import type { AppApi } from '../../shared/ipc/app-api';
import type { Settings } from '../../shared/settings';
import { useFollowedValue } from './api';

const readSettings = (api: AppApi) => api.settings.get();

/** undefined: no provider above; null: not known (main has not answered yet, or could not). */
const SettingsContext = createContext<Settings | null | undefined>(undefined);

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
 * Reads the settings once, then follows 'settings:changed', which main sends after every write it stores (from this
 * window, another one, or its own), so that no component asks main for them again on its way to act.
 */
export function SettingsProvider({ children }: { children: ReactNode }) {
  const settings = useFollowedValue('settings:changed', readSettings);
  return <SettingsContext value={settings}>{children}</SettingsContext>;
}
