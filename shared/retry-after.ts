const SECOND_MS = 1000;

/**
 * An HTTP Retry-After header (RFC 9110: delay in seconds, or an HTTP date) in milliseconds from `now`; undefined when
 * absent or unreadable. An absurd delay (over six digits of seconds) is unreadable, not a reason to wait for days.
 */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return value.length <= 6 ? Number(value) * SECOND_MS : undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
