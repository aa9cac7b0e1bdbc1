import { useEffect } from 'react';
import { PANE_IDS, type PaneId } from '../navigation/pane-id';

type ShortcutKeys = Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'altKey' | 'isComposing' | 'key' | 'code'>;

/** Ctrl/Cmd+1..6 opens the pane in that position and Ctrl/Cmd+, opens Settings, as desktop apps do. */
function shortcutPane(event: ShortcutKeys): PaneId | null {
  // AltGr arrives as Ctrl+Alt on Windows: it types characters, it is not a shortcut.
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.isComposing) return null;
  if (event.key === ',') return 'settings';
  // The physical digit row, so layouts that need Shift for digits (AZERTY) work too.
  const digit = /^Digit(\d)$/.exec(event.code)?.[1] ?? (/^\d$/.test(event.key) ? event.key : null);
  return digit === null ? null : (PANE_IDS[Number(digit) - 1] ?? null);
}

/** The keys to announce on the pane's tab (aria-keyshortcuts). */
export function paneShortcutKeys(id: PaneId): string {
  const position = PANE_IDS.indexOf(id) + 1;
  const keys = [`Control+${position}`, `Meta+${position}`];
  return (id === 'settings' ? [...keys, 'Control+,', 'Meta+,'] : keys).join(' ');
}

export function usePaneShortcuts(openPane: (id: PaneId) => void): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const pane = shortcutPane(event);
      if (!pane) return;
      event.preventDefault();
      openPane(pane);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [openPane]);
}
