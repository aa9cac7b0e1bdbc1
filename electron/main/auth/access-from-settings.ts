import type { AccessConfig } from '../../../shared/access-config';
import type { Settings } from '../../../shared/settings';

/** The access section as sign-in can use it: all three fields set (each checked by the settings schema), or null. */
export function accessFromSettings(section: Settings['access']): AccessConfig | null {
  const { teamUrl, appUrl, aud } = section;
  return teamUrl !== null && appUrl !== null && aud !== null ? { teamUrl, appUrl, aud } : null;
}
