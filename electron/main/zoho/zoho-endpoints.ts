import { dataCentreOfAccountsOrigin, dataCentreOfLocation, ZOHO_DATA_CENTRES, type ZohoDataCentre } from '../../../shared/zoho-data-centres';
import { parseUrl } from '../app/parse-url';
import type { SettingsStore } from '../settings/settings-store';

export interface ZohoHosts {
  accountsUrl: string;
  mailUrl: string;
}

/**
 * Where Zoho lives when it is not Zoho: the harness and tests point the app at local doubles. `accountsUrl` and
 * `mailUrl` stand in for whichever data centre Settings names; `dataCentres` for particular ones (a test of the
 * move to the member's own data centre runs one double per data centre).
 */
export interface ZohoOverrides extends Partial<ZohoHosts> {
  dataCentres?: Partial<Record<ZohoDataCentre, ZohoHosts>>;
}

/** An accounts server Zoho pointed the app to, that the app is willing to send its client secret to. */
export interface AccountsServer {
  url: string;
  /** Null only for an overridden server that names no location. */
  dataCentre: ZohoDataCentre | null;
}

export interface ZohoEndpoints {
  dataCentre(): ZohoDataCentre;
  accountsUrl(): string;
  mailUrl(): string;
  /** Zoho Mail's web app: always Zoho's own https host, since it is opened in the member's browser. */
  webMailUrl(): string;
  /**
   * The server a redirect's `accounts-server` or an `other_dc` answer's location names, or null if the app must
   * not talk to it: Zoho's own accounts hosts (from the table) or, when overridden, the overriding servers only.
   */
  accountsServer(named: { url?: string; location?: string }): AccountsServer | null;
  /** A connect flow finished there: the member's data centre becomes the setting (and so the hosts). */
  settle(server: AccountsServer): void;
}

export function createZohoEndpoints(deps: { settings: SettingsStore; overrides?: ZohoOverrides }): ZohoEndpoints {
  const overrides = deps.overrides ?? {};
  const dataCentre = () => deps.settings.get().zoho.dataCentre;

  function hostsOf(dc: ZohoDataCentre): ZohoHosts {
    return (
      overrides.dataCentres?.[dc] ?? {
        accountsUrl: overrides.accountsUrl ?? ZOHO_DATA_CENTRES[dc].accountsUrl,
        mailUrl: overrides.mailUrl ?? ZOHO_DATA_CENTRES[dc].mailUrl,
      }
    );
  }

  const overridden = [overrides.accountsUrl, ...Object.values(overrides.dataCentres ?? {}).map((hosts) => hosts.accountsUrl)].filter(
    (url): url is string => url !== undefined,
  );

  return {
    dataCentre,
    accountsUrl: () => hostsOf(dataCentre()).accountsUrl,
    mailUrl: () => hostsOf(dataCentre()).mailUrl,
    webMailUrl: () => ZOHO_DATA_CENTRES[dataCentre()].mailUrl,
    accountsServer({ url, location }) {
      const fromLocation = location ? dataCentreOfLocation(location) : null;
      if (url === undefined) return fromLocation ? { url: hostsOf(fromLocation).accountsUrl, dataCentre: fromLocation } : null;
      const parsed = parseUrl(url);
      if (!parsed) return null;
      const known = dataCentreOfAccountsOrigin(parsed.origin);
      if (known) return { url: hostsOf(known).accountsUrl, dataCentre: known };
      const same = overridden.find((candidate) => parseUrl(candidate)?.href === parsed.href);
      return same === undefined ? null : { url: same, dataCentre: fromLocation };
    },
    settle(server) {
      if (server.dataCentre && server.dataCentre !== dataCentre()) deps.settings.update({ zoho: { dataCentre: server.dataCentre } });
    },
  };
}
