import { useEffect, useState } from 'react';
import type { ShortcutState } from '../../../shared/voice';
import { useApi } from '../api';

/** Whether the global push-to-talk shortcut works now, as main last said; null until it has. */
export function useShortcutState(): ShortcutState | null {
  const api = useApi();
  const [shortcut, setShortcut] = useState<ShortcutState | null>(null);
  useEffect(() => {
    let live = true;
    const stopListening = api.on('voice:shortcutChanged', setShortcut);
    void api.voice.shortcut().then((result) => {
      // A change main announced while this was on its way is the newer word.
      if (live && result.ok) setShortcut((current) => current ?? result.value);
    });
    return () => {
      live = false;
      stopListening();
    };
  }, [api]);
  return shortcut;
}
