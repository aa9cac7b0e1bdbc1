import { useTranslation } from 'react-i18next';
import { useRemainingMs } from './countdown';
import { waitText } from './error-text';

/**
 * "Try again in 17 seconds.", counting down while it is on screen (G9: a refusal's retryAfterMs), then saying
 * the member may ask again. `until` is when the refusal came plus its wait, held by whoever holds the refusal:
 * the count goes on from where it was when the member comes back to it.
 */
export function LiveWait({ until }: { until: number }) {
  const { t } = useTranslation();
  const remaining = useRemainingMs(until);
  return <p className="muted">{remaining > 0 ? waitText(remaining, t) : t('errors.readyAgain')}</p>;
}
