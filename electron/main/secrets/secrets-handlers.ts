import type { AppContract } from '../../../shared/ipc/contract';
import { err, ok, type Result } from '../../../shared/result';
import { SIGNED_OUT_SECRETS, type KeyCheck, type MemberSecretName, type SecretsStatus } from '../../../shared/secrets';
import type { Handlers } from '../ipc/registry';
import { signInRequired } from '../settings/settings-handlers';
import type { KeyCheckStore } from './key-check-store';
import type { SecretStore } from './secret-store';

const GEMINI_KEY: MemberSecretName = 'gemini.apiKey';

/** Write-only secrets over IPC: every answer is which secrets are configured, never a value. */
export function secretsHandlers(deps: {
  secrets: SecretStore;
  /** The Gemini key's last check, shown with its status. */
  keyChecks: KeyCheckStore;
  /** Tries a Gemini key before it is stored: a key Google refuses is not stored, and its reason comes back. */
  vetGeminiKey: (key: string, signal: AbortSignal) => Promise<Result<KeyCheck>>;
  /** Told after a secret was stored or removed, so what depends on it (the knowledge base's vectors) can follow. */
  changed?: (name: MemberSecretName) => void;
}): Pick<Handlers<AppContract>, 'secrets:set' | 'secrets:delete' | 'secrets:status'> {
  async function status(): Promise<Result<SecretsStatus>> {
    const configured = await deps.secrets.status();
    return configured.ok ? ok({ configured: configured.value, geminiCheck: deps.keyChecks.get() }) : configured;
  }

  return {
    'secrets:set': async ({ name, value }, ctx) => {
      if (!ctx.member && !SIGNED_OUT_SECRETS.includes(name)) return signInRequired('name');
      // The member's keys travel as HTTP headers and form fields, which carry visible ASCII only: a key with
      // other characters (a smart quote, a non-breaking space from formatted text) could never work.
      const trimmed = value.trim();
      if (trimmed !== '' && !/^[\x21-\x7e]+$/.test(trimmed)) {
        return err('INVALID_INPUT', 'That key has characters no key contains. Copy it again as plain text.', {
          field: 'value',
          reason: 'key_characters',
        });
      }
      const vetted = name === GEMINI_KEY && trimmed !== '' ? await deps.vetGeminiKey(trimmed, ctx.signal) : null;
      if (vetted && !vetted.ok) return vetted;
      const saved = await deps.secrets.set(name, value);
      if (!saved.ok) return saved;
      if (vetted) deps.keyChecks.set(vetted.value);
      deps.changed?.(name);
      return status();
    },
    'secrets:delete': async ({ name }, ctx) => {
      if (!ctx.member && !SIGNED_OUT_SECRETS.includes(name)) return signInRequired('name');
      const removed = await deps.secrets.delete(name);
      if (!removed.ok) return removed;
      if (name === GEMINI_KEY) deps.keyChecks.clear();
      deps.changed?.(name);
      return status();
    },
    'secrets:status': status,
  };
}
