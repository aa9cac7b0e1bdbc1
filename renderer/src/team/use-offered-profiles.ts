import { useEffect } from 'react';
import { useApi } from '../api';
import { useTeamProfiles } from './team-profile-context';

/**
 * A profile given with `--profile FILE` (TP2): the main window asks for it once it is up, and hears of one given to
 * the app while it runs; either is previewed at once (or its refusal said), over whatever the window shows, the sign-in gate included.
 */
export function useOfferedProfiles(): void {
  const api = useApi();
  const { show, refuse } = useTeamProfiles();
  useEffect(() => {
    let live = true;
    const stopOffered = api.on('profile:offered', show);
    const stopRefused = api.on('profile:refused', refuse);
    void api.profile.pending().then((result) => {
      if (!live) return;
      if (!result.ok) refuse(result.error);
      else if (result.value.preview) show(result.value.preview);
    });
    return () => {
      live = false;
      stopOffered();
      stopRefused();
    };
  }, [api, show, refuse]);
}
