import { useEffect, useState } from 'react';

/** The time (epoch ms), updated every `periodMs` while the component is on screen: "2 minutes ago" stays true. */
export function useNow(periodMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), periodMs);
    return () => clearInterval(timer);
  }, [periodMs]);
  return now;
}
