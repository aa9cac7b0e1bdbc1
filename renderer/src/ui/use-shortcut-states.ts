import type { AppApi } from '../../../shared/ipc/app-api';
import type { ShortcutStates } from '../../../shared/shortcuts';
import { useFollowedValue } from '../api';

const readStates = (api: AppApi) => api.desktop.shortcuts();

/** Whether each global shortcut works now, as main last said; null until it has. */
export function useShortcutStates(): ShortcutStates | null {
  return useFollowedValue('desktop:shortcutsChanged', readStates);
}
