import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemainingMs } from './countdown';
import { waitText } from './error-text';

/**
 * "Try again in 17 seconds.", counting down while it is on screen (G9: a refusal's retryAfterMs), then saying
 * the member may ask again. The wait is measured from when it was first shown, which is when the refusal came.
 */
export function LiveWait({ retryAfterMs }: { retryAfterMs: number }) {
  const { t } = useTranslation();
  const [until] = useState(() => Date.now() + retryAfterMs);
  const remaining = useRemainingMs(until);
  return <p className="muted">{remaining > 0 ? waitText(remaining, t) : t('errors.readyAgain')}</p>;
}
