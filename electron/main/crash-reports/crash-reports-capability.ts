import type { Capability } from '../capability';
import type { CrashReports } from './crash-reports';

/**
 * Crash reports as the app runs them (RD3): a pass at start, and another whenever sending is switched or its server
 * changes, by the member or the machine's policy. No channel: the setting is a setting, the list is the diagnostics'.
 */
export function createCrashReportsCapability(deps: { crashReports: CrashReports }): Capability {
  return {
    handlers: {},
    start: () => void deps.crashReports.pass(),
    settingsChanged: (patch) => {
      if (patch.crashReports) deps.crashReports.settingChanged();
    },
    close: () => deps.crashReports.close(),
  };
}
