import type { SecretName } from '../../../shared/secrets';
import { ok } from '../../../shared/result';
import type { Redactor } from '../log/logger';
import { acceptSecret, createSecretStore, type SecretStore } from './secret-store';

/** Secrets held in this process only: for the test harness (`"secrets": "memory"`) and unit tests. */
export function createMemorySecretStore(
  initial: Partial<Record<SecretName, string>> = {},
  redactor?: Redactor,
): SecretStore {
  const values = new Map<SecretName, string>();
  for (const [name, value] of Object.entries(initial)) {
    const accepted = acceptSecret(name, value);
    // Seeds come from code or an already-validated config, so a bad one is a bug in the caller.
    if (!accepted.ok) throw new Error(`Initial secret "${name}": ${accepted.error.message}`);
    redactor?.add(accepted.value);
    values.set(name as SecretName, accepted.value);
  }

  return createSecretStore(
    {
      read: async (name) => ok(values.get(name) ?? null),
      write: async (name, value) => {
        values.set(name, value);
        return ok(undefined);
      },
      remove: async (name) => {
        values.delete(name);
        return ok(undefined);
      },
    },
    redactor,
  );
}
