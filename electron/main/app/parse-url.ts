/** The WHATWG parse of an untrusted string, or null (Node 20 has no URL.parse). */
export function parseUrl(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}
