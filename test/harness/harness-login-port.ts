import type { LoginPort } from '../../electron/main/auth/login-port';

/**
 * The harness has no windows to sign in with: the config's cfToken stands in for what the login window would
 * hand back (and is verified in full all the same). Without one, every sign-in is a window closed by hand. There
 * is no identity-provider session behind it, so silent renewal never succeeds, and there is nothing to clear.
 */
export function harnessLoginPort(cfToken: string | undefined): LoginPort {
  return {
    signIn: async () => cfToken ?? null,
    renewSilently: async () => null,
    clear: async () => {},
  };
}
