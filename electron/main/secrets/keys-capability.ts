import type Database from 'better-sqlite3';
import type { AppEvents, Capability } from '../capability';
import type { GeminiGateway } from '../gemini/gateway';
import type { Logger } from '../log/logger';
import type { KEY_CHECK_BUDGET } from '../rate-limit/ai-budgets';
import type { AiChannelLimiter } from '../rate-limit/ai-channel-limiter';
import type { SettingsStore } from '../settings/settings-store';
import { vetGeminiKey } from './gemini-key-check';
import { createKeyCheckStore } from './key-check-store';
import type { SecretStore } from './secret-store';
import { secretsCheckHandler } from './secrets-check-handler';
import { secretsHandlers } from './secrets-handlers';

type KeysChannel = 'secrets:set' | 'secrets:delete' | 'secrets:status' | 'secrets:check';

/** The member's keys: stored write-only, a Gemini key tried before it is stored and on request, its last check kept. */
export function createKeysCapability(deps: {
  db: Database.Database;
  secrets: SecretStore;
  gateway: Pick<GeminiGateway, 'checkKey' | 'lookUpModel'>;
  settings: Pick<SettingsStore, 'get'>;
  events: Pick<AppEvents, 'secretChanged'>;
  /** The AI channel's one limiter (G9): `secrets:check` counts against KEY_CHECK_BUDGET. */
  limiter: AiChannelLimiter<typeof KEY_CHECK_BUDGET>;
  /** Epoch milliseconds. */
  now: () => number;
  log: Logger;
}): Capability<KeysChannel> {
  const { gateway, settings, limiter, now, log } = deps;
  const keyChecks = createKeyCheckStore(deps.db);
  const vet = vetGeminiKey({ gateway, model: () => settings.get().models.assistant, now });
  return {
    handlers: {
      ...secretsHandlers({ secrets: deps.secrets, keyChecks, vetGeminiKey: vet, changed: deps.events.secretChanged }),
      ...secretsCheckHandler({ gateway, settings, keyChecks, limiter, now, log }),
    },
  };
}
