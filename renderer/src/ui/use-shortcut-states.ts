import { useEffect, useState } from 'react';
import type { ShortcutStates } from '../../../shared/shortcuts';
import { useApi } from '../api';

/** Whether each global shortcut works now, as main last said; null until it has. */
export function useShortcutStates(): ShortcutStates | null {
  const api = useApi();
  const [states, setStates] = useState<ShortcutStates | null>(null);
  useEffect(() => {
    let live = true;
    const stopListening = api.on('desktop:shortcutsChanged', setStates);
    void api.desktop.shortcuts().then((result) => {
      // A change main announced while this was on its way is the newer word.
      if (live && result.ok) setStates((current) => current ?? result.value);
    });
    return () => {
      live = false;
      stopListening();
    };
  }, [api]);
  return states;
}
