import { useEffect, useState } from 'react';
import type { AppError } from '../../../shared/result';

const SECOND_MS = 1000;
const SECONDS_PER_MINUTE = 60;

/** "9:05": minutes and seconds left, rounded up, so it shows 0:00 only once the time is really up. */
export function remainingText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / SECOND_MS));
  const rest = seconds % SECONDS_PER_MINUTE;
  return `${Math.floor(seconds / SECONDS_PER_MINUTE)}:${String(rest).padStart(2, '0')}`;
}

/**
 * Milliseconds left until `until` (epoch ms), updated every second while the component is on screen. `until` is
 * kept where it outlives the component (a conversation, a provider), so that leaving and coming back resumes the
 * count instead of starting it again.
 */
export function useRemainingMs(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), SECOND_MS);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, until - now);
}

/**
 * When the wait a refusal asked for (G9: its retryAfterMs) is over, in epoch ms, counted from `refusedAt`, when it
 * came; null when it asked for none.
 */
export function waitEnd(error: AppError, refusedAt: number): number | null {
  return error.retryAfterMs === undefined ? null : refusedAt + error.retryAfterMs;
}
