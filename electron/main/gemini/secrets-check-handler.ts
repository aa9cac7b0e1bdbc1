import type { AppContract } from '../../../shared/ipc/contract';
import type { Handlers } from '../ipc/registry';
import type { SettingsStore } from '../settings/settings-store';
import type { GeminiGateway } from './gateway';

/** `secrets:check`: the stored Gemini key, tried on the assistant's model as Settings name it right now. */
export function secretsCheckHandler(deps: {
  gateway: Pick<GeminiGateway, 'checkKey'>;
  settings: Pick<SettingsStore, 'get'>;
}): Pick<Handlers<AppContract>, 'secrets:check'> {
  return {
    'secrets:check': async (_input, ctx) => {
      const checked = await deps.gateway.checkKey({ model: deps.settings.get().models.assistant, signal: ctx.signal });
      // The typed failure is for main; across IPC only the error travels.
      return checked.ok ? checked : { ok: false, error: checked.error };
    },
  };
}
