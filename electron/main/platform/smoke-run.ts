import type { Result } from '../../../shared/result';
import { SECRET_NAMES, type SecretName } from '../../../shared/secrets';
import { parseUpstreamOverrides, type UpstreamOverrides } from '../app/upstream-overrides';

/** Set to 1 by the real-Electron smoke suite (RD1, test/electron/) for the app it launches. */
export const SMOKE_RUN_ENV = 'STAFF_DESK_SMOKE_PROBE';
/** JSON naming the protocol doubles a smoke run talks to: { gemini: { baseUrl }, zoho: {...}, cfAccess: {...} }. */
export const SMOKE_UPSTREAMS_ENV = 'STAFF_DESK_SMOKE_UPSTREAMS';
/** The keychain entries a smoke run keeps its secrets under: never the member's own. */
export const SMOKE_APP_KEYCHAIN_SERVICE = 'Staff Desk (smoke test)';

/** What is different about an app started by the smoke suite. */
export interface SmokeRun {
  /** The doubles it talks to in place of Google, Zoho and Cloudflare; each one left out stays the real service. */
  upstreams: UpstreamOverrides;
  /** Where its secrets go, so that a developer's own key is neither read nor overwritten by a run. */
  keychainService: string;
}

/**
 * A smoke run, or null for every other start: only an unpackaged app started with STAFF_DESK_SMOKE_PROBE=1 is
 * one (a packaged app's fuses also refuse the inspector the suite drives it through). A smoke run given overrides it
 * cannot read is a fault of the suite, not the member's: it throws, and the app says so as it closes.
 */
export function smokeRunOf(env: { isPackaged: boolean; vars: Readonly<Record<string, string | undefined>> }): SmokeRun | null {
  if (env.isPackaged || env.vars[SMOKE_RUN_ENV] !== '1') return null;
  const text = env.vars[SMOKE_UPSTREAMS_ENV];
  if (text === undefined || text === '') return { upstreams: {}, keychainService: SMOKE_APP_KEYCHAIN_SERVICE };
  const upstreams = parseUpstreamOverrides(text);
  if (!upstreams.ok) throw new Error(`${SMOKE_UPSTREAMS_ENV}: ${upstreams.error.message}`);
  return { upstreams: upstreams.value, keychainService: SMOKE_APP_KEYCHAIN_SERVICE };
}

/** Removes every secret a store may hold: a smoke run starts with none, and leaves none behind. */
export async function forgetSecrets(store: { delete(name: SecretName): Promise<Result<void>> }): Promise<boolean> {
  let forgotten = true;
  for (const name of SECRET_NAMES) forgotten = (await store.delete(name)).ok && forgotten;
  return forgotten;
}
