import { z } from 'zod';

/**
 * Zoho's data centres (docs/external-apis.md, Zoho Mail): the one table the accounts (OAuth) and Mail hosts
 * come from. `location` is how Zoho itself names a data centre in the device flow's `user_location` and in the
 * redirect's `location` parameter. The Canadian Mail host (mail.zohocloud.ca) is not confirmed by Zoho's docs.
 */
export const ZOHO_DATA_CENTRES = {
  com: { location: 'us', accountsUrl: 'https://accounts.zoho.com', mailUrl: 'https://mail.zoho.com' },
  eu: { location: 'eu', accountsUrl: 'https://accounts.zoho.eu', mailUrl: 'https://mail.zoho.eu' },
  in: { location: 'in', accountsUrl: 'https://accounts.zoho.in', mailUrl: 'https://mail.zoho.in' },
  'com.au': { location: 'au', accountsUrl: 'https://accounts.zoho.com.au', mailUrl: 'https://mail.zoho.com.au' },
  jp: { location: 'jp', accountsUrl: 'https://accounts.zoho.jp', mailUrl: 'https://mail.zoho.jp' },
  ca: { location: 'ca', accountsUrl: 'https://accounts.zohocloud.ca', mailUrl: 'https://mail.zohocloud.ca' },
  sa: { location: 'sa', accountsUrl: 'https://accounts.zoho.sa', mailUrl: 'https://mail.zoho.sa' },
  uk: { location: 'uk', accountsUrl: 'https://accounts.zoho.uk', mailUrl: 'https://mail.zoho.uk' },
} as const satisfies Record<string, { location: string; accountsUrl: string; mailUrl: string }>;

export type ZohoDataCentre = keyof typeof ZOHO_DATA_CENTRES;
export const ZOHO_DATA_CENTRE_IDS = Object.keys(ZOHO_DATA_CENTRES) as [ZohoDataCentre, ...ZohoDataCentre[]];
export const zohoDataCentreSchema = z.enum(ZOHO_DATA_CENTRE_IDS);

/**
 * zoho.com (Zoho's US data centre, where accounts are made unless the member picked another region). A wrong
 * guess costs little: the device flow answers `other_dc` and the redirect names its accounts server, and the
 * connect flow then moves this setting to the member's own data centre.
 */
export const DEFAULT_ZOHO_DATA_CENTRE: ZohoDataCentre = 'com';

/** The data centre Zoho calls `location` (us, eu, au, ...), or null for one this table does not know. */
export function dataCentreOfLocation(location: string): ZohoDataCentre | null {
  const wanted = location.trim().toLowerCase();
  return ZOHO_DATA_CENTRE_IDS.find((id) => ZOHO_DATA_CENTRES[id].location === wanted) ?? null;
}

/** The data centre whose accounts server has this origin (e.g. https://accounts.zoho.eu), or null. */
export function dataCentreOfAccountsOrigin(origin: string): ZohoDataCentre | null {
  return ZOHO_DATA_CENTRE_IDS.find((id) => ZOHO_DATA_CENTRES[id].accountsUrl === origin) ?? null;
}
