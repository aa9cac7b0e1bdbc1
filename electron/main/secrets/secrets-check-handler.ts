import type { AppContract } from '../../../shared/ipc/contract';
import type { GeminiGateway } from '../gemini/gateway';
import type { Handlers } from '../ipc/registry';
import type { Logger } from '../log/logger';
import { KEY_CHECK_BUDGET, THIS_INSTALLATION } from '../rate-limit/ai-budgets';
import type { AiChannelLimiter } from '../rate-limit/ai-channel-limiter';
import type { SettingsStore } from '../settings/settings-store';
import { keyCheckOf } from './gemini-key-check';
import type { KeyCheckStore } from './key-check-store';

/**
 * `secrets:check`: the stored Gemini key, tried on the assistant's model as Settings name it right now. What it
 * came to is kept (secrets:status shows it), so a refused key is never shown as fine after a restart. It is a real
 * model call open before sign-in: the installation's KEY_CHECK_BUDGET bounds it, whoever is signed in (G9).
 */
export function secretsCheckHandler(deps: {
  gateway: Pick<GeminiGateway, 'checkKey'>;
  settings: Pick<SettingsStore, 'get'>;
  keyChecks: Pick<KeyCheckStore, 'set'>;
  limiter: AiChannelLimiter<typeof KEY_CHECK_BUDGET>;
  /** Epoch milliseconds. */
  now: () => number;
  log: Logger;
}): Pick<Handlers<AppContract>, 'secrets:check'> {
  return {
    'secrets:check': async (_input, ctx) => {
      // Before anything goes upstream; a refused check is not counted, and tells nothing new about the key.
      const admitted = deps.limiter.admit(KEY_CHECK_BUDGET, THIS_INSTALLATION);
      if (!admitted.ok) {
        deps.log.info('key check refused: rate limit', { retryAfterMs: admitted.error.retryAfterMs });
        return admitted;
      }
      const checked = await deps.gateway.checkKey({ model: deps.settings.get().models.assistant, signal: ctx.signal });
      const check = keyCheckOf(checked, deps.now());
      if (check) deps.keyChecks.set(check);
      // The typed failure is for main; across IPC only the error travels.
      return checked.ok ? checked : { ok: false, error: checked.error };
    },
  };
}
