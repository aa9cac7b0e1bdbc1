import { useEffect } from 'react';
import { useApi } from '../api';
import { useTeamProfiles } from './team-profile-context';

/**
 * A profile given with `--profile FILE` (TP2): the main window asks for it once it is up, and hears of one given to
 * the app while it runs; either is previewed at once, over whatever the window shows, the sign-in gate included.
 */
export function useOfferedProfiles(): void {
  const api = useApi();
  const { show } = useTeamProfiles();
  useEffect(() => {
    let live = true;
    const stop = api.on('profile:offered', show);
    void api.profile.pending().then((result) => {
      if (live && result.ok && result.value.preview) show(result.value.preview);
    });
    return () => {
      live = false;
      stop();
    };
  }, [api, show]);
}
