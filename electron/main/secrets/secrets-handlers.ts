import type { AppContract } from '../../../shared/ipc/contract';
import { err, ok, type Result } from '../../../shared/result';
import type { MemberSecretName, SecretsStatus } from '../../../shared/secrets';
import type { Handlers } from '../ipc/registry';
import type { SecretStore } from './secret-store';

/** Write-only secrets over IPC: every answer is which secrets are configured, never a value. */
export function secretsHandlers(deps: {
  secrets: SecretStore;
  /** Told after a secret was stored or removed, so what depends on it (the knowledge base's vectors) can follow. */
  changed?: (name: MemberSecretName) => void;
}): Pick<Handlers<AppContract>, 'secrets:set' | 'secrets:delete' | 'secrets:status'> {
  async function status(): Promise<Result<SecretsStatus>> {
    const configured = await deps.secrets.status();
    return configured.ok ? ok({ configured: configured.value }) : configured;
  }

  return {
    'secrets:set': async ({ name, value }) => {
      // The member's keys travel as HTTP headers and form fields, which carry visible ASCII only: a key with
      // other characters (a smart quote, a non-breaking space from formatted text) could never work.
      const trimmed = value.trim();
      if (trimmed !== '' && !/^[\x21-\x7e]+$/.test(trimmed)) {
        return err('INVALID_INPUT', 'That key has characters no key contains. Copy it again as plain text.', {
          field: 'value',
          reason: 'key_characters',
        });
      }
      const saved = await deps.secrets.set(name, value);
      if (!saved.ok) return saved;
      deps.changed?.(name);
      return status();
    },
    'secrets:delete': async ({ name }) => {
      const removed = await deps.secrets.delete(name);
      if (!removed.ok) return removed;
      deps.changed?.(name);
      return status();
    },
    'secrets:status': status,
  };
}
