import type { Capability } from '../capability';
import type { GeminiGateway } from '../gemini/gateway';
import { modelsCheckHandler } from './models-check-handler';
import { settingsHandlers } from './settings-handlers';
import type { ManagedSettings } from './policy-locks';

export interface SettingsCapabilityDeps {
  /** The settings in effect, and what the machine's policy holds of them. */
  settings: ManagedSettings;
  /** Model ids are looked up with the stored key before Settings saves them. */
  gateway: Pick<GeminiGateway, 'lookUpModel'>;
}

/** The member's settings: read, written (every capability hears what changed), and model ids checked first. */
export function createSettingsCapability(
  deps: SettingsCapabilityDeps,
): Capability<'settings:get' | 'settings:update' | 'settings:checkModels'> {
  return {
    handlers: {
      ...settingsHandlers({ settings: deps.settings }),
      ...modelsCheckHandler({ gateway: deps.gateway }),
    },
  };
}
