import type { KeytarLike } from '../../electron/main/secrets/keytar-secret-store';

/** An in-memory keychain with keytar's shape, recording every call, for the stores' unit tests. */
export function createFakeKeytar(): KeytarLike & {
  readonly entries: Map<string, string>;
  readonly calls: { method: keyof KeytarLike; service: string; account: string }[];
} {
  const entries = new Map<string, string>();
  const calls: { method: keyof KeytarLike; service: string; account: string }[] = [];
  const key = (service: string, account: string) => `${service}/${account}`;
  return {
    entries,
    calls,
    async getPassword(service, account) {
      calls.push({ method: 'getPassword', service, account });
      return entries.get(key(service, account)) ?? null;
    },
    async setPassword(service, account, password) {
      calls.push({ method: 'setPassword', service, account });
      entries.set(key(service, account), password);
    },
    async deletePassword(service, account) {
      calls.push({ method: 'deletePassword', service, account });
      return entries.delete(key(service, account));
    },
  };
}

/** A keytar whose every call fails the way keytar does when the keychain cannot be reached. */
export function createFailingKeytar(message: (password?: string) => string): KeytarLike {
  return {
    getPassword: async () => Promise.reject(new Error(message())),
    setPassword: async (_service, _account, password) => Promise.reject(new Error(message(password))),
    deletePassword: async () => Promise.reject(new Error(message())),
  };
}
