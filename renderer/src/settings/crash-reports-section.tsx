import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CRASH_REPORT_URL_EXAMPLE, crashReportUrlSchema, crashServerOrigin, type CrashReportsSettings } from '../../../shared/crash-reports';
import type { SettingsPatch } from '../../../shared/settings';
import { useApi } from '../api';
import { useLockedFields, useSettings } from '../settings-provider';
import { isolated } from '../ui/bidi-isolate';
import { ManagedNote } from '../ui/managed-note';
import { errorNotice, NoticeRegion, type Notice } from '../ui/notice';
import { useFocusAfterRender } from '../ui/use-focus-after-render';
import { TextField } from './text-field';

type Draft = { upload: boolean; url: string };
type Problem = 'invalid' | 'required';
type Checked = { ok: true; settings: CrashReportsSettings } | { ok: false; problem: Problem };

const draftOf = (settings: CrashReportsSettings): Draft => ({ upload: settings.upload, url: settings.url ?? '' });
const sameSettings = (a: CrashReportsSettings | null, b: CrashReportsSettings) => a !== null && a.upload === b.upload && a.url === b.url;

/** The draft as main would store it, checked with main's schema; sending on needs an address. */
function check(draft: Draft): Checked {
  if (draft.url.trim() === '') return draft.upload ? { ok: false, problem: 'required' } : { ok: true, settings: { upload: false, url: null } };
  const url = crashReportUrlSchema.safeParse(draft.url);
  return url.success ? { ok: true, settings: { upload: draft.upload, url: url.data } } : { ok: false, problem: 'invalid' };
}

/**
 * Crash reports (issue 29, RD3): minidumps stay on this computer, and go to the team's crash server only when the
 * member turns sending on (or the machine's policy does). What a minidump may hold is said before the switch.
 */
export function CrashReportsSection() {
  const api = useApi();
  const { t } = useTranslation();
  const headingId = useId();
  const uploadHelpId = useId();
  const managedId = useId();
  const isLocked = useLockedFields();
  const locked = { upload: isLocked('crashReports.upload'), url: isLocked('crashReports.url') };
  // What main stored, from the settings the app follows: a save here, another window's or the policy's.
  const saved = useSettings()?.crashReports ?? null;
  const [draft, setDraft] = useState<Draft>({ upload: false, url: '' });
  const [draftFrom, setDraftFrom] = useState<CrashReportsSettings | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const urlField = useRef<HTMLInputElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender({ save: saveButton });

  // The form starts again from what is stored whenever that changes; a change elsewhere in the settings leaves it be.
  if (saved !== null && !sameSettings(draftFrom, saved)) {
    setDraftFrom(saved);
    setDraft(draftOf(saved));
    setProblem(null);
  }

  function edit(change: Partial<Draft>) {
    setDraft((current) => ({ ...current, ...change }));
    setProblem(null);
    setNotice(null);
  }

  async function save(event: FormEvent<HTMLFormElement>, saved: CrashReportsSettings) {
    event.preventDefault();
    const checked = check(draft);
    if (!checked.ok) {
      setProblem(checked.problem);
      setNotice(null);
      urlField.current?.focus();
      return;
    }
    // Only what changed, and never what the policy holds: main would refuse the whole change for it.
    const crashReports: NonNullable<SettingsPatch['crashReports']> = {
      ...(!locked.upload && checked.settings.upload !== saved.upload && { upload: checked.settings.upload }),
      ...(!locked.url && checked.settings.url !== saved.url && { url: checked.settings.url }),
    };
    if (Object.keys(crashReports).length === 0) {
      setNotice({ tone: 'info', message: t('settings.crashReports.unchanged') });
      return;
    }
    setBusy(true);
    setNotice(null);
    const result = await api.settings.update({ crashReports });
    setBusy(false);
    focusAfterRender('save');
    if (!result.ok) {
      setNotice(errorNotice(result.error));
      return;
    }
    const stored = result.value.crashReports;
    setNotice({
      tone: 'success',
      message:
        stored.upload && stored.url !== null
          ? t('settings.crashReports.savedOn', { server: isolated(crashServerOrigin(stored.url)) })
          : t('settings.crashReports.savedOff'),
    });
  }

  // An address reads left to right inside an Arabic sentence too.
  const example = isolated(CRASH_REPORT_URL_EXAMPLE);
  const problemText = problem === null ? null : t(problem === 'required' ? 'settings.crashReports.urlRequired' : 'settings.crashReports.urlInvalid', { example });

  return (
    <section className="settings-section" aria-labelledby={headingId} aria-busy={busy || saved === null}>
      <h2 id={headingId}>{t('settings.crashReports.heading')}</h2>
      <p className="muted">{t('settings.crashReports.intro')}</p>

      {saved === null && <p className="muted">{t('common.loading')}</p>}

      {saved !== null && (
        <form className="settings-form" onSubmit={(event) => void save(event, saved)} noValidate>
          <div className="field">
            <label className="check-field">
              <input
                type="checkbox"
                checked={draft.upload}
                disabled={busy || locked.upload}
                aria-describedby={[locked.upload ? managedId : null, uploadHelpId].filter((id) => id !== null).join(' ')}
                onChange={(event) => edit({ upload: event.target.checked })}
              />
              {t('settings.crashReports.upload')}
            </label>
            {locked.upload && <ManagedNote id={managedId} />}
            <p id={uploadHelpId} className="muted">
              {t('settings.crashReports.uploadHelp')}
            </p>
          </div>
          <TextField
            label={t('settings.crashReports.url')}
            value={draft.url}
            // Set by the policy, there is nothing to type: the help says what the address is for.
            help={locked.url ? t('settings.crashReports.urlHelpManaged') : t('settings.crashReports.urlHelp', { example })}
            error={problemText}
            disabled={busy}
            managed={locked.url}
            inputRef={urlField}
            onChange={(url) => edit({ url })}
          />
          {!(locked.upload && locked.url) && (
            <div className="actions">
              <button type="submit" ref={saveButton} className="button-primary" disabled={busy}>
                {t('settings.crashReports.save')}
              </button>
            </div>
          )}
        </form>
      )}

      <NoticeRegion notice={notice} />
    </section>
  );
}
