import { ok } from '../../../shared/result';
import { SHORTCUT_NAMES, type ShortcutName, type ShortcutState, type ShortcutStates } from '../../../shared/shortcuts';
import type { Broadcast, Capability } from '../capability';
import type { Logger } from '../log/logger';
import type { SettingsStore } from '../settings/settings-store';
import type { QuickAskPort } from './quick-ask-capability';
import type { ShortcutPort } from './shortcut-port';

export interface ShortcutsCapabilityDeps {
  settings: Pick<SettingsStore, 'get'>;
  /** The desktop's global shortcuts; absent where there is no desktop (the browser harness). */
  shortcuts?: ShortcutPort | undefined;
  /** The quick-ask window its shortcut opens; absent where there is none. */
  quickAsk?: QuickAskPort | undefined;
  /**
   * Asks the app's window to start push-to-talk or live captions (desktop:command), and tells it the shortcuts
   * were registered again (desktop:shortcutsChanged).
   */
  broadcast: Broadcast;
  log: Logger;
}

function statesOf(state: (name: ShortcutName) => ShortcutState): ShortcutStates {
  return Object.fromEntries(SHORTCUT_NAMES.map((name) => [name, state(name)])) as ShortcutStates;
}

/**
 * The app's global shortcuts (quick ask, push-to-talk, live captions), registered from Settings each on its own:
 * one that another app holds is reported `taken` (Settings shows it) and the others still work.
 */
export function createShortcutsCapability(deps: ShortcutsCapabilityDeps): Capability<'desktop:shortcuts'> {
  const { shortcuts, log } = deps;
  const actions: Readonly<Record<ShortcutName, () => void>> = {
    quickAsk: () => deps.quickAsk?.toggle(),
    pushToTalk: () => deps.broadcast('desktop:command', { command: 'pushToTalk' }),
    liveCaptions: () => deps.broadcast('desktop:command', { command: 'liveCaptions' }),
  };
  // Until start() registers what Settings hold.
  let states = statesOf(() => ({ accelerator: null, state: shortcuts ? 'off' : 'unavailable' }));

  function registerAll(): ShortcutStates {
    const stored = deps.settings.get().shortcuts;
    shortcuts?.unregisterAll();
    return statesOf((name) => {
      const accelerator = stored[name];
      if (!shortcuts) return { accelerator, state: 'unavailable' };
      if (accelerator === null) return { accelerator, state: 'off' };
      const state = shortcuts.register(name, accelerator, actions[name]);
      // Which keys is no secret; a conflict is worth finding in the log when the member asks why it does nothing.
      if (state === 'taken') log.warn('global shortcut taken by another app', { shortcut: name, accelerator });
      return { accelerator, state };
    });
  }

  return {
    handlers: { 'desktop:shortcuts': () => ok(states) },
    start() {
      states = registerAll();
    },
    settingsChanged(patch) {
      if (patch.shortcuts === undefined) return;
      states = registerAll();
      deps.broadcast('desktop:shortcutsChanged', states);
    },
    close() {
      shortcuts?.unregisterAll();
    },
  };
}
