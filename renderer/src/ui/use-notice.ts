import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { NOTICE } from '../../../shared/limits';
import type { Notice } from './notice';

/**
 * A notice that passes: a confirmation ("Copied.", "The pass is done.") goes away on its own after
 * `NOTICE.transientMs`, so that it is not left standing beside what the member does next; an error stays until
 * something replaces it, as the member may need it to act.
 */
export function useTransientNotice(): readonly [Notice | null, Dispatch<SetStateAction<Notice | null>>] {
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    if (notice === null || notice.tone === 'error') return;
    const timer = setTimeout(() => setNotice((current) => (current === notice ? null : current)), NOTICE.transientMs);
    return () => clearTimeout(timer);
  }, [notice]);
  return [notice, setNotice] as const;
}
