import { applySettingsPatch, DEFAULT_SETTINGS, type Settings } from '../../../shared/settings';
import type { ZohoProgress } from '../../../shared/zoho-connection';
import { createMemoryLogger } from '../../../electron/main/log/logger';
import { createMemorySecretStore } from '../../../electron/main/secrets/memory-secret-store';
import type { SecretStore } from '../../../electron/main/secrets/secret-store';
import type { SettingsStore } from '../../../electron/main/settings/settings-store';
import type { Sleep } from '../../../electron/main/timers/sleep';
import { createZoho, type Zoho } from '../../../electron/main/zoho/create-zoho';
import type { GrantScopes } from '../../../electron/main/zoho/grant-scopes';
import { mailHtmlToText } from '../../../electron/main/zoho/mail-text';
import type { ZohoOverrides } from '../../../electron/main/zoho/zoho-endpoints';
import { startZohoDouble, type ZohoDouble, type ZohoDoubleOptions } from '../../doubles/zoho-double';

/** The OAuth client the Zoho double knows. */
export const ZOHO_CLIENT = { 'zoho.clientId': 'zoho-client-id', 'zoho.clientSecret': 'zoho-client-secret' } as const;

/**
 * One clock for the app and the double: it only moves when the app sleeps (or the test says so), so a device flow
 * that polls every 30 s, a token that lives an hour and Zoho's lock all play out without real waiting.
 * `holdSleeps` makes sleeps wait for their abort instead (the loopback flow's timeout must not fire at once).
 */
export function fakeClock(start = Date.UTC(2026, 11, 10, 8, 0, 0)) {
  let now = start;
  const slept: number[] = [];
  const clock = {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
    slept,
    holdSleeps: false,
    sleep: ((ms, signal) => {
      if (signal?.aborted) return Promise.resolve();
      if (clock.holdSleeps) return new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve(), { once: true }));
      slept.push(ms);
      now += ms;
      return Promise.resolve();
    }) as Sleep,
  };
  return clock;
}
export type FakeClock = ReturnType<typeof fakeClock>;

export function memorySettings(initial: Settings = DEFAULT_SETTINGS): SettingsStore {
  let settings = initial;
  return {
    get: () => settings,
    update(patch) {
      settings = applySettingsPatch(settings, patch);
      return settings;
    },
  };
}

/** The stored grant's scopes, in memory as the settings table keeps them in the app. */
export function memoryGrantScopes(): GrantScopes {
  let scopes: readonly string[] | null = null;
  return {
    get: () => scopes,
    set(value) {
      scopes = value;
    },
    clear() {
      scopes = null;
    },
  };
}

export interface ZohoWorld {
  zoho: ZohoDouble;
  clock: FakeClock;
  app: Zoho;
  secrets: SecretStore;
  settings: SettingsStore;
  grantScopes: GrantScopes;
  log: ReturnType<typeof createMemoryLogger>;
  /** URLs handed to the system browser. */
  opened: string[];
  /** Runs the device flow with the member approving at once; the app is connected afterwards. */
  connect(options?: { compose?: boolean }): Promise<void>;
  signal(): AbortSignal;
  close(): Promise<void>;
}

export async function startZohoWorld(options: {
  double?: ZohoDoubleOptions;
  secrets?: Record<string, string>;
  overrides?: (zoho: ZohoDouble) => ZohoOverrides;
  clock?: FakeClock;
} = {}): Promise<ZohoWorld> {
  const clock = options.clock ?? fakeClock();
  const zoho = await startZohoDouble({ now: clock.now, ...options.double });
  const secrets = createMemorySecretStore(options.secrets ?? ZOHO_CLIENT);
  const settings = memorySettings();
  const grantScopes = memoryGrantScopes();
  const log = createMemoryLogger();
  const opened: string[] = [];
  const app = createZoho({
    secrets,
    settings,
    grantScopes,
    log,
    fetch: (url, init) => fetch(url, init),
    openExternal: async (url) => {
      opened.push(url);
    },
    now: clock.now,
    sleep: clock.sleep,
    htmlToText: mailHtmlToText,
    overrides: options.overrides?.(zoho) ?? { accountsUrl: zoho.accountsUrl, mailUrl: zoho.mailUrl },
  });
  const live = () => new AbortController().signal;
  return {
    zoho,
    clock,
    app,
    secrets,
    settings,
    grantScopes,
    log,
    opened,
    signal: live,
    async connect(options = {}) {
      const connected = await app.connection.connect({ method: 'device', ...options }, { signal: live(), progress: approveAtOnce(zoho) });
      // The log says which step failed.
      if (!connected.ok) throw new Error(`the test could not connect: ${connected.error.message} ${log.lines.join(' | ')}`);
    },
    close: () => zoho.close(),
  };
}

/** The member approves the device as soon as the code is on screen. */
export function approveAtOnce(zoho: ZohoDouble): (progress: ZohoProgress) => void {
  return (progress) => {
    if (progress.stage === 'code') zoho.authorizeDevice(progress.userCode);
  };
}

/** The refresh grants the double saw (the connect flow's grants are not refreshes). */
export function refreshRequests(zoho: ZohoDouble) {
  return zoho.requestsFor('token').filter((request) => request.form?.grant_type === 'refresh_token');
}
