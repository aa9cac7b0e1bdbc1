import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptionsSettings, TranslationLang } from '../../../shared/translate';
import { useApi } from '../api';
import { usePolicy, useSettings } from '../settings-provider';
import { useLanguage } from '../i18n/language-context';
import { LanguagePicker } from '../ui/language-picker';
import { languageNamer } from '../ui/language-names';
import { ManagedNote } from '../ui/managed-note';
import { errorNotice, NoticeRegion, type Notice } from '../ui/notice';

type Field = keyof CaptionsSettings;

/**
 * What live captions start with (issue 28): the language spoken (or detected), the captions' language (or the
 * app's), and whether the translation is read aloud. Each choice is saved as it is made; a meeting may still change
 * them in Translate. A team profile may have set them, and the machine's policy may hold them.
 */
export function CaptionsDefaults() {
  const api = useApi();
  const { t } = useTranslation();
  const { lang: uiLang } = useLanguage();
  const settings = useSettings();
  const policy = usePolicy();
  const headingId = useId();
  const managedId = useId();
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  if (settings === null) return null;
  const captions = settings.captions;
  const locked = (field: Field) => policy?.locked.includes(`captions.${field}`) ?? false;
  const speakOff = policy?.features.spokenAnswers === false;
  const describedBy = (field: Field) => (locked(field) ? managedId : undefined);

  function savedText(field: Field, stored: CaptionsSettings): string {
    const name = (lang: TranslationLang) => languageNamer(uiLang)(lang);
    switch (field) {
      case 'from':
        return stored.from === null ? t('captionsDefaults.fromDetect') : t('captionsDefaults.fromSaved', { language: name(stored.from) });
      case 'to':
        return stored.to === null ? t('captionsDefaults.toApp') : t('captionsDefaults.toSaved', { language: name(stored.to) });
      case 'speak':
        return t(stored.speak ? 'captionsDefaults.speakOn' : 'captionsDefaults.speakOff');
    }
  }

  async function save<K extends Field>(field: K, value: CaptionsSettings[K]) {
    setSaving(true);
    setNotice(null);
    const result = await api.settings.update({ captions: { [field]: value } });
    setSaving(false);
    setNotice(result.ok ? { tone: 'success', message: savedText(field, result.value.captions) } : errorNotice(result.error));
  }

  return (
    <div className="field-group" role="group" aria-labelledby={headingId} aria-busy={saving}>
      <h3 id={headingId}>{t('captionsDefaults.heading')}</h3>
      <p className="muted">{t('captionsDefaults.intro')}</p>
      <LanguagePicker
        className="field"
        label={t('captionsDefaults.from')}
        open="detect"
        value={captions.from}
        disabled={saving || locked('from')}
        describedBy={describedBy('from')}
        onChange={(from) => void save('from', from)}
      />
      <LanguagePicker
        className="field"
        label={t('captionsDefaults.to')}
        open="appLanguage"
        value={captions.to}
        disabled={saving || locked('to')}
        describedBy={describedBy('to')}
        onChange={(to) => void save('to', to)}
      />
      <label className="check-field">
        <input
          type="checkbox"
          checked={captions.speak}
          disabled={saving || locked('speak')}
          aria-describedby={describedBy('speak')}
          onChange={(event) => void save('speak', event.target.checked)}
        />
        {t('captionsDefaults.speak')}
      </label>
      {(['from', 'to', 'speak'] as const).some(locked) && (
        <ManagedNote id={managedId} text={speakOff && !locked('from') && !locked('to') ? t('managed.spokenAnswersOff') : undefined} />
      )}
      <NoticeRegion notice={notice} />
    </div>
  );
}
