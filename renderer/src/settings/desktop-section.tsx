import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginItemState } from '../../../shared/desktop';
import { useApi } from '../api';
import { useSetupStatusContext } from '../first-run/setup-status-context';
import { errorNotice, NoticeRegion, type Notice } from '../ui/notice';
import { usePlatform } from '../ui/platform-context';

/**
 * The tray app (D4): whether it starts when the member signs in to the computer (as the system has it, changed at
 * once), and where it goes when its window is closed.
 */
export function DesktopSection() {
  const { t } = useTranslation();
  const api = useApi();
  const platform = usePlatform();
  const headingId = useId();
  const helpId = useId();
  const setup = useSetupStatusContext();
  const [loginItem, setLoginItem] = useState<LoginItemState | null>(setup.loginItem);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const place = platform === 'darwin' ? 'menuBar' : 'tray';

  // What the system has, as the pane last heard it (the first run's question may have set it above).
  useEffect(() => {
    if (setup.loginItem) setLoginItem(setup.loginItem);
  }, [setup.loginItem]);

  async function change(openAtLogin: boolean) {
    setBusy(true);
    setNotice(null);
    const result = await api.desktop.setLoginItem({ openAtLogin });
    setBusy(false);
    if (result.ok) setLoginItem(result.value);
    else setNotice(errorNotice(result.error));
  }

  return (
    <section className="settings-section" aria-labelledby={headingId} aria-busy={busy || loginItem === null}>
      <h2 id={headingId}>{t('settings.desktop.heading')}</h2>
      {loginItem?.supported === false && <p className="muted">{t('settings.desktop.unsupported')}</p>}
      {loginItem?.supported && (
        <div className="field">
          <label className="check-field">
            <input
              type="checkbox"
              checked={loginItem.openAtLogin}
              disabled={busy}
              aria-describedby={helpId}
              onChange={(event) => void change(event.target.checked)}
            />
            {t('settings.desktop.startAtLogin')}
          </label>
          <p id={helpId} className="muted">
            {t(`settings.desktop.startAtLoginHelp.${place}`)}
          </p>
        </div>
      )}
      <p className="muted">{t(`settings.desktop.closing.${place}`)}</p>
      <NoticeRegion notice={notice} />
    </section>
  );
}
