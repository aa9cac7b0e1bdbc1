import type { AppContract } from '../../../shared/ipc/contract';
import type { GeminiGateway } from '../gemini/gateway';
import type { Handlers } from '../ipc/registry';
import type { SettingsStore } from '../settings/settings-store';
import { keyCheckOf } from './gemini-key-check';
import type { KeyCheckStore } from './key-check-store';

/**
 * `secrets:check`: the stored Gemini key, tried on the assistant's model as Settings name it right now. What it
 * came to is kept (secrets:status shows it), so a refused key is never shown as fine after a restart.
 */
export function secretsCheckHandler(deps: {
  gateway: Pick<GeminiGateway, 'checkKey'>;
  settings: Pick<SettingsStore, 'get'>;
  keyChecks: Pick<KeyCheckStore, 'set'>;
  /** Epoch milliseconds. */
  now: () => number;
}): Pick<Handlers<AppContract>, 'secrets:check'> {
  return {
    'secrets:check': async (_input, ctx) => {
      const checked = await deps.gateway.checkKey({ model: deps.settings.get().models.assistant, signal: ctx.signal });
      const check = keyCheckOf(checked, deps.now());
      if (check) deps.keyChecks.set(check);
      // The typed failure is for main; across IPC only the error travels.
      return checked.ok ? checked : { ok: false, error: checked.error };
    },
  };
}
