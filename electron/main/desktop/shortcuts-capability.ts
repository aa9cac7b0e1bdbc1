import { ok } from '../../../shared/result';
import { SHORTCUT_NAMES, type ShortcutName, type ShortcutState, type ShortcutStates } from '../../../shared/shortcuts';
import type { Capability } from '../capability';
import type { Logger } from '../log/logger';
import type { SettingsStore } from '../settings/settings-store';
import type { ShortcutPort } from './shortcut-port';

export interface ShortcutsCapabilityDeps {
  settings: Pick<SettingsStore, 'get'>;
  /** The desktop's global shortcuts; absent where there is no desktop (the browser harness). */
  shortcuts?: ShortcutPort;
  /** What each shortcut does when pressed. */
  actions: Readonly<Record<ShortcutName, () => void>>;
  /** Tells the app's windows that the shortcuts were registered again (Settings changed them). */
  publish: (states: ShortcutStates) => void;
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
  // Until start() registers what Settings hold.
  let states = statesOf(() => ({ accelerator: null, state: shortcuts ? 'off' : 'unavailable' }));

  function registerAll(): ShortcutStates {
    const stored = deps.settings.get().shortcuts;
    shortcuts?.unregisterAll();
    return statesOf((name) => {
      const accelerator = stored[name];
      if (!shortcuts) return { accelerator, state: 'unavailable' };
      if (accelerator === null) return { accelerator, state: 'off' };
      const state = shortcuts.register(name, accelerator, deps.actions[name]);
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
      deps.publish(states);
    },
    close() {
      shortcuts?.unregisterAll();
    },
  };
}
