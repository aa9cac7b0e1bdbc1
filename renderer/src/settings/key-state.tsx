import { useTranslation } from 'react-i18next';
import type { KeyCheck } from '../../../shared/secrets';
import { dateTimeText } from '../ui/date-time-text';
import './key-state.css';

/** The dot for each outcome of the last check: green only for a key that worked, red for one Google refused. */
const DOT: Record<KeyCheck['outcome'], string> = {
  works: 'key-state key-state-on',
  failed: 'key-state key-state-off',
  unverified: 'key-state',
};

/**
 * Whether the Gemini key is there and, from its last check (kept by main across restarts), whether it works and
 * when that was last known. Why a check failed is said once, in the section's notice.
 */
export function KeyState({ configured, check }: { configured: boolean; check: KeyCheck | null }) {
  const { t, i18n } = useTranslation();
  if (!configured) return <p className="key-state">{t('settings.apiKey.notConfigured')}</p>;
  if (check === null) {
    return (
      <>
        <p className="key-state">{t('settings.apiKey.configured')}</p>
        <p className="muted">{t('settings.apiKey.neverChecked')}</p>
      </>
    );
  }
  const when = dateTimeText(new Date(check.checkedAt).toISOString(), i18n.language);
  return (
    <>
      <p className={DOT[check.outcome]}>{t(`settings.apiKey.state.${check.outcome}`)}</p>
      <p className="muted">{t('settings.apiKey.lastChecked', { date: when })}</p>
    </>
  );
}
