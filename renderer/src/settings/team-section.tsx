import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TEAM_PROFILE } from '../../../shared/limits';
import { useApi } from '../api';
import { useAuth } from '../auth/auth-context';
import { ImportProfileButton } from '../team/import-profile-button';
import { errorNotice, NoticeRegion, type Notice } from '../ui/notice';

/**
 * TP1 and TP2: an admin exports this install's team settings to one file, and a member imports it (here, from the
 * sign-in gate, or by dropping the file on the window). The export says what including the Zoho client secret
 * means, and waits for sign-in as main does.
 */
export function TeamSection() {
  const { t } = useTranslation();
  const api = useApi();
  const { status } = useAuth();
  const headingId = useId();
  const exportId = useId();
  const importId = useId();
  const nameId = useId();
  const secretHelpId = useId();
  const signInNoteId = useId();
  const [name, setName] = useState('');
  const [includeClientSecret, setIncludeClientSecret] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  // Not while main has not said yet: a signed-in member would see the note flash.
  const signedOut = status !== null && status.state !== 'signed_in';

  async function exportProfile(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setNotice(null);
    const named = name.trim();
    const result = await api.profile.export({ includeClientSecret, ...(named ? { name: named } : {}) });
    setBusy(false);
    // A cancelled save dialog is the admin's choice: nothing to say about it.
    if (!result.ok) setNotice(errorNotice(result.error));
    else if (result.value.saved) setNotice({ tone: 'success', message: t('team.section.exported') });
  }

  return (
    <section className="settings-section" aria-labelledby={headingId} aria-busy={busy}>
      <h2 id={headingId}>{t('team.section.heading')}</h2>
      <p className="muted">{t('team.section.intro')}</p>

      <form className="settings-subsection" aria-labelledby={exportId} onSubmit={(event) => void exportProfile(event)} noValidate>
        <h3 id={exportId}>{t('team.section.exportHeading')}</h3>
        {signedOut && (
          <p id={signInNoteId} className="settings-locked-note">
            {t('team.section.signInToExport')}
          </p>
        )}
        <fieldset className="settings-fieldset" disabled={signedOut || busy} aria-describedby={signedOut ? signInNoteId : undefined}>
          <div className="field">
            <label htmlFor={nameId}>{t('team.section.name')}</label>
            <input id={nameId} type="text" dir="auto" value={name} maxLength={TEAM_PROFILE.nameMaxChars} onChange={(event) => setName(event.target.value)} />
          </div>
          <div className="field">
            <label className="check-field">
              <input
                type="checkbox"
                checked={includeClientSecret}
                aria-describedby={secretHelpId}
                onChange={(event) => setIncludeClientSecret(event.target.checked)}
              />
              {t('team.section.includeSecret')}
            </label>
            <p id={secretHelpId} className="muted">
              {t('team.section.secretHelp')}
            </p>
          </div>
          <div className="actions">
            <button type="submit">{t('team.section.export')}</button>
          </div>
        </fieldset>
        <NoticeRegion notice={notice} />
      </form>

      <div className="settings-subsection" role="group" aria-labelledby={importId}>
        <h3 id={importId}>{t('team.section.importHeading')}</h3>
        <p className="muted">{t('team.section.importHelp')}</p>
        <div className="actions">
          <ImportProfileButton label={t('team.section.import')} />
          <span className="muted">{t('team.section.orDrop')}</span>
        </div>
      </div>
    </section>
  );
}
