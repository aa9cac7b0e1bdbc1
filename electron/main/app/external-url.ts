/**
 * The only links that leave the app: absolute https URLs without credentials. Returns the normalised URL
 * (as the WHATWG parser prints it, so what is checked is what is opened), or null.
 */
export function parseExternalUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.hostname === '') return null;
  return url.href;
}
