import { parseHttpsUrl } from '../../../shared/https-url';

/**
 * The only links that leave the app: absolute https URLs without credentials. Returns the normalised URL
 * (as the WHATWG parser prints it, so what is checked is what is opened), or null.
 */
export function parseExternalUrl(raw: string): string | null {
  return parseHttpsUrl(raw)?.href ?? null;
}
