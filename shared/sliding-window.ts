/**
 * The rule of every rate limit in the app: at most `limit` events in any `windowMs`. Pure, so main's limiters and
 * the renderer's live captions (which must not send what main would refuse) apply the same one.
 */

/** The earliest time, not before `at`, at which one more event keeps within the limit. `times` is oldest first. */
export function slidingWindowFreeAt(times: readonly number[], at: number, limit: number, windowMs: number): number {
  const recent = times.filter((time) => time > at - windowMs);
  if (recent.length < limit) return at;
  return Math.max(at, recent[recent.length - limit]! + windowMs);
}
