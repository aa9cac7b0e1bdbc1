import { err, ok, type Result } from '../../../shared/result';
import type { Redactor } from '../log/logger';
import { createSecretStore, type SecretStore } from './secret-store';

/** The part of keytar the store uses, so tests can hand in a fake one. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export interface KeytarSecretStoreDeps {
  /** The module, or a loader: loading lazily turns a broken native module into NOT_CONFIGURED, not a crash at start. */
  keytar: KeytarLike | (() => Promise<KeytarLike>);
  /** The keychain service every secret is filed under (the app's name); the account is the secret's name. */
  service: string;
  redactor?: Redactor;
  /** Chooses the advice the member gets when the keychain cannot be reached. */
  platform: NodeJS.Platform;
}

/** Loads the real keytar (CommonJS, so its functions sit on the default export). */
export async function loadKeytar(): Promise<KeytarLike> {
  return (await import('keytar')).default;
}

const KEYCHAIN_HINTS: Partial<Record<NodeJS.Platform, string>> = {
  darwin: 'Unlock your login keychain (Keychain Access), then try again.',
  win32: 'Make sure Windows Credential Manager is available for your Windows account, then try again.',
};
const SECRET_SERVICE_HINT =
  'Install and unlock GNOME Keyring or KWallet (a Secret Service provider) and sign in to a desktop session, ' +
  'then try again.';

function keychainUnavailable(platform: NodeJS.Platform): Result<never> {
  return err('NOT_CONFIGURED', 'The system keychain is not available, so keys cannot be stored safely.', {
    reason: 'keychain_unavailable',
    hint: KEYCHAIN_HINTS[platform] ?? SECRET_SERVICE_HINT,
  });
}

/** Secrets in the OS keychain. Whatever goes wrong there, nothing is ever written anywhere else instead. */
export function createKeytarSecretStore(deps: KeytarSecretStoreDeps): SecretStore {
  const { keytar, service } = deps;
  let loading: Promise<KeytarLike> | undefined;
  // A failed load is kept: a native module that did not load will not load on a second try either.
  const load = () =>
    typeof keytar === 'function' ? (loading ??= Promise.resolve().then(keytar)) : Promise.resolve(keytar);

  async function inKeychain<T>(call: (module: KeytarLike) => Promise<T>): Promise<Result<T>> {
    try {
      return ok(await call(await load()));
    } catch {
      // keytar's errors (D-Bus, locked keyring, missing module) say nothing the member can act on, and some
      // echo their arguments: only the advice goes out.
      return keychainUnavailable(deps.platform);
    }
  }

  return createSecretStore(
    {
      read: (name) => inKeychain((module) => module.getPassword(service, name)),
      write: (name, value) => inKeychain((module) => module.setPassword(service, name, value)),
      // Deleting what is not there is fine: the member wanted it gone.
      remove: (name) =>
        inKeychain(async (module) => {
          await module.deletePassword(service, name);
        }),
    },
    deps.redactor,
  );
}
