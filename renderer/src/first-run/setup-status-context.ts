import { createContext, use } from 'react';
import type { SetupStatus } from './use-setup-status';

/** The first run's status as the Settings pane holds it, for a section that shows part of it (start at login). */
export const SetupStatusContext = createContext<SetupStatus | null>(null);

export function useSetupStatusContext(): SetupStatus {
  const setup = use(SetupStatusContext);
  if (!setup) throw new Error('This section needs the <SetupStatusContext> the Settings pane provides.');
  return setup;
}
