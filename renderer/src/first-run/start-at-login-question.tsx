import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorNotice, NoticeRegion, type Notice } from '../ui/notice';
import { usePlatform } from '../ui/platform-context';
import type { SetupStatus } from './use-setup-status';
import './first-run.css';

/**
 * Asked once, on the first run (D4): should the app start, hidden in the tray, when the member signs in to the
 * computer? Either answer is remembered; Settings' Desktop section changes it later.
 */
export function StartAtLoginQuestion({ setup }: { readonly setup: Pick<SetupStatus, 'askStartAtLogin' | 'answerStartAtLogin'> }) {
  const { t } = useTranslation();
  const platform = usePlatform();
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  if (!setup.askStartAtLogin) return null;

  async function answer(open: boolean) {
    setBusy(true);
    setNotice(null);
    const result = await setup.answerStartAtLogin(open);
    setBusy(false);
    if (!result.ok) setNotice(errorNotice(result.error));
  }

  return (
    <section className="callout first-run start-at-login" aria-labelledby={headingId} aria-busy={busy}>
      <h2 id={headingId}>{t('firstRun.startAtLogin.heading')}</h2>
      <p>{t(platform === 'darwin' ? 'firstRun.startAtLogin.menuBar' : 'firstRun.startAtLogin.tray')}</p>
      <div className="actions">
        <button type="button" className="button-primary" disabled={busy} onClick={() => void answer(true)}>
          {t('firstRun.startAtLogin.yes')}
        </button>
        <button type="button" disabled={busy} onClick={() => void answer(false)}>
          {t('firstRun.startAtLogin.no')}
        </button>
      </div>
      <NoticeRegion notice={notice} />
    </section>
  );
}
