import { SECRET_NAMES, type SecretName } from '../../../shared/secrets';
import { err, ok, type Result } from '../../../shared/result';
import type { Redactor } from '../log/logger';

/**
 * Where the app keeps its keys. Values never leave main: IPC only ever sees `status()`.
 * A store that cannot reach a safe place for keys answers NOT_CONFIGURED rather than keeping them elsewhere.
 */
export interface SecretStore {
  get(name: SecretName): Promise<Result<string | null>>;
  set(name: SecretName, value: string): Promise<Result<void>>;
  delete(name: SecretName): Promise<Result<void>>;
  status(): Promise<Result<Record<SecretName, boolean>>>;
}

/** Raw storage under a SecretStore: names are known and values already trimmed when they get here. */
export interface SecretBackend {
  read(name: SecretName): Promise<Result<string | null>>;
  write(name: SecretName, value: string): Promise<Result<void>>;
  remove(name: SecretName): Promise<Result<void>>;
}

// Names are typed, but some arrive from JSON (the harness config), so they are checked at runtime too.
function checkName(name: string): Result<void> {
  return (SECRET_NAMES as readonly string[]).includes(name)
    ? ok(undefined)
    : err('INVALID_INPUT', 'There is no secret with that name.', { field: 'name' });
}

/** Checks a name and value on their way in; pasted keys often carry a trailing newline, hence the trim. */
export function acceptSecret(name: string, value: string): Result<string> {
  const known = checkName(name);
  if (!known.ok) return known;
  const trimmed = value.trim();
  return trimmed === ''
    ? err('INVALID_INPUT', 'The key is empty. Paste the whole key and try again.', { field: 'value' })
    : ok(trimmed);
}

/** The semantics every store shares (validation, trimming, redaction, status) over a backend that only stores. */
export function createSecretStore(backend: SecretBackend, redactor?: Redactor): SecretStore {
  async function get(name: SecretName): Promise<Result<string | null>> {
    const known = checkName(name);
    if (!known.ok) return known;
    const read = await backend.read(name);
    if (!read.ok) return read;
    // A blank entry written by another tool is no key at all.
    const value = read.value?.trim() || null;
    if (value !== null) redactor?.add(value);
    return ok(value);
  }

  return {
    get,
    async set(name, value) {
      const accepted = acceptSecret(name, value);
      if (!accepted.ok) return accepted;
      redactor?.add(accepted.value);
      return backend.write(name, accepted.value);
    },
    async delete(name) {
      const known = checkName(name);
      return known.ok ? backend.remove(name) : known;
    },
    async status() {
      const configured = {} as Record<SecretName, boolean>;
      // One at a time: a keychain that asks the member to unlock it should ask once, not once per secret.
      for (const name of SECRET_NAMES) {
        const read = await get(name);
        if (!read.ok) return read;
        configured[name] = read.value !== null;
      }
      return ok(configured);
    },
  };
}
