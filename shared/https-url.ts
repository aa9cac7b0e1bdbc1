/**
 * An absolute https URL with a host and without credentials, as the WHATWG parser reads it (so what is checked is
 * what is used), or null: the only kind the app opens in the browser or sends a crash report to.
 */
export function parseHttpsUrl(raw: string): URL | null {
  if (!URL.canParse(raw)) return null;
  const url = new URL(raw);
  if (url.protocol !== 'https:' || url.hostname === '' || url.username !== '' || url.password !== '') return null;
  return url;
}
