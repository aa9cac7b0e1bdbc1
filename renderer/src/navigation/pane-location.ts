import { useEffect } from 'react';
import { PANE_IDS, type PaneId } from './pane-id';

/** `#/settings` -> 'settings'. Main opens a pane from outside (the tray's "Settings") by loading this fragment. */
export function paneFromHash(hash: string): PaneId | null {
  const name = hash.replace(/^#\/?/, '');
  return (PANE_IDS as readonly string[]).includes(name) ? (name as PaneId) : null;
}

/**
 * Keeps the URL fragment and the open pane in step: a fragment set from outside opens its pane, and the open
 * pane is written back (without a navigation), so asking again for the same pane is always a change.
 */
export function usePaneLocation(active: PaneId, openPane: (id: PaneId) => void): void {
  useEffect(() => {
    function follow() {
      const pane = paneFromHash(window.location.hash);
      if (pane) openPane(pane);
    }
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [openPane]);

  useEffect(() => {
    const fragment = `#/${active}`;
    if (window.location.hash !== fragment) window.history.replaceState(null, '', fragment);
  }, [active]);
}
