import type Database from 'better-sqlite3';
import type { Capability } from '../capability';
import type { GeminiGateway } from '../gemini/gateway';
import type { Logger } from '../log/logger';
import type { LatestDigests } from '../mail/latest-digest';
import type { SettingsStore } from '../settings/settings-store';
import type { Zoho } from '../zoho/create-zoho';
import { zohoFailed } from '../zoho/zoho-failure';
import { createSecretary } from './secretary';

export interface SecretaryCapabilityDeps {
  db: Database.Database;
  gateway: GeminiGateway;
  zoho: Zoho;
  digests: LatestDigests;
  settings: SettingsStore;
  /** Wall clock, epoch milliseconds. */
  now: () => number;
  log: Logger;
}

/** The mailbox secretary (seeds 000): one question answered from the member's own mail. */
export function createSecretaryCapability(deps: SecretaryCapabilityDeps): Capability<'secretary:ask'> {
  const secretary = createSecretary({
    gateway: deps.gateway,
    mailbox: deps.zoho.mailbox,
    db: deps.db,
    digests: deps.digests,
    settings: deps.settings,
    now: deps.now,
    log: deps.log,
  });
  return {
    handlers: {
      'secretary:ask': async (input, ctx) => {
        // No mailbox, no question: say so before any model tokens are spent or the question is counted.
        const link = await deps.zoho.link();
        if (!link.ok) return link;
        if (link.value === 'disconnected') return zohoFailed({ kind: 'not_connected' });
        if (link.value === 'reconnect_needed') return zohoFailed({ kind: 'reconnect_needed' });
        return secretary.ask(input, {
          member: ctx.member,
          signal: ctx.signal,
          emitStep: (step) => ctx.emit('secretary:step', step),
        });
      },
    },
  };
}
