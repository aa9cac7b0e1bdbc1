import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isLang, LANG_NATIVE_NAMES, LANGS_BY_NAME } from '../../../shared/lang';
import { useLanguage } from '../i18n/language-context';
import { errorNotice, NoticeRegion, type Notice } from '../ui/notice';

/** The select's value for "follow the system" (the stored setting is null). */
const SYSTEM = 'system';

export function LanguageSection() {
  const { t } = useTranslation();
  const { preference, systemLang, loadError, choose } = useLanguage();
  const headingId = useId();
  const selectId = useId();
  const helpId = useId();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);

  async function onChange(event: ChangeEvent<HTMLSelectElement>) {
    const value = event.target.value;
    setBusy(true);
    setNotice(null);
    const result = await choose(isLang(value) ? value : null);
    setBusy(false);
    if (!result.ok) setNotice(errorNotice(result.error));
  }

  return (
    <section className="settings-section" aria-labelledby={headingId} aria-busy={busy}>
      <h2 id={headingId}>{t('settings.language.heading')}</h2>
      <div className="field">
        <label htmlFor={selectId}>{t('settings.language.label')}</label>
        <select id={selectId} value={preference ?? SYSTEM} onChange={(event) => void onChange(event)} aria-describedby={helpId}>
          <option value={SYSTEM}>{t('settings.language.system', { name: LANG_NATIVE_NAMES[systemLang] })}</option>
          {LANGS_BY_NAME.map((lang) => (
            <option key={lang} value={lang} lang={lang}>
              {LANG_NATIVE_NAMES[lang]}
            </option>
          ))}
        </select>
        <p id={helpId} className="muted">
          {t('settings.language.help')}
        </p>
      </div>
      <NoticeRegion notice={notice ?? (loadError && errorNotice(loadError))} />
    </section>
  );
}
