import { useEffect, useState } from 'react';
import type { DigestState } from '../../../shared/digest';
import { useApi } from '../api';
import { useAuth } from '../auth/auth-context';

const openItems = (state: DigestState) => state.latest?.items.length ?? 0;

/**
 * How many items of the signed-in member's latest pass still need them (neither handled nor dismissed), for the
 * Secretary's tab badge: asked once per member, then kept by main's 'digest:updated' (a pass stored or failed, an
 * item dismissed). 0 while signed out, or while main cannot say.
 */
export function useNeedsYouCount(): number {
  const api = useApi();
  const { status } = useAuth();
  const member = status?.state === 'signed_in' ? status.email : null;
  // Whose count it is: after a sign-out or a change of member, an older member's count is never shown.
  const [known, setKnown] = useState<{ member: string; count: number } | null>(null);

  useEffect(() => {
    if (member === null) return;
    let heard = false;
    const stop = api.on('digest:updated', (state) => {
      heard = true;
      setKnown({ member, count: openItems(state) });
    });
    void api.digest.state().then((result) => {
      // An answer to the question asked before main announced a change is older than that change.
      if (!heard && result.ok) setKnown({ member, count: openItems(result.value) });
    });
    return () => {
      heard = true;
      stop();
    };
  }, [api, member]);

  return known !== null && known.member === member ? known.count : 0;
}
