import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DIGEST_SETTINGS, digestTimeSchema, type DigestSettings } from '../../../shared/digest';
import { DIGEST } from '../../../shared/limits';
import type { AppError } from '../../../shared/result';
import type { SettingsPatch } from '../../../shared/settings';
import { useApi } from '../api';
import { hoursText } from '../i18n/locale-format';
import { useLockedFields } from '../settings-provider';
import { ManagedNote } from '../ui/managed-note';
import { errorNotice, type Notice } from '../ui/notice';
import { LoadNotice } from '../ui/load-notice';
import { useFocusAfterRender } from '../ui/use-focus-after-render';

type Load = { kind: 'loading' } | { kind: 'failed'; error: AppError } | { kind: 'ready'; saved: DigestSettings };
type DigestPatch = NonNullable<SettingsPatch['digest']>;

const HOUR_MS = 60 * 60 * 1000;

/** What the member changed and nothing else: main applies a patch field by field, and an empty one means nothing to save. */
function changedFields(saved: DigestSettings, draft: DigestSettings): DigestPatch {
  return {
    ...(draft.enabled !== saved.enabled && { enabled: draft.enabled }),
    ...(draft.time !== saved.time && { time: draft.time }),
    ...(draft.weekdaysOnly !== saved.weekdaysOnly && { weekdaysOnly: draft.weekdaysOnly }),
  };
}

/**
 * When the Secretary's morning pass (F0) runs on its own: on or off, the local time of day, weekends or not. The
 * time is checked here with the schema main applies, so a refused entry is pointed at beside its field.
 */
export function DigestScheduleSection() {
  const api = useApi();
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const timeId = useId();
  const timeErrorId = useId();
  const managedId = useId();
  const isLocked = useLockedFields();
  const locked = { enabled: isLocked('digest.enabled'), time: isLocked('digest.time'), weekdaysOnly: isLocked('digest.weekdaysOnly') };
  const anyLocked = locked.enabled || locked.time || locked.weekdaysOnly;
  const managedNote = anyLocked ? managedId : undefined;
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [draft, setDraft] = useState<DigestSettings>(DEFAULT_DIGEST_SETTINGS);
  const [timeInvalid, setTimeInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const timeField = useRef<HTMLInputElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);

  const focusAfterRender = useFocusAfterRender({ save: saveButton });

  const show = useCallback((saved: DigestSettings) => {
    setLoad({ kind: 'ready', saved });
    setDraft(saved);
    setTimeInvalid(false);
  }, []);

  const fetchSchedule = useCallback(async () => {
    setLoad({ kind: 'loading' });
    const result = await api.settings.get();
    if (result.ok) show(result.value.digest);
    else setLoad({ kind: 'failed', error: result.error });
  }, [api, show]);

  useEffect(() => {
    void fetchSchedule();
  }, [fetchSchedule]);

  function edit(change: Partial<DigestSettings>) {
    setDraft((current) => ({ ...current, ...change }));
    setNotice(null);
  }

  function savedMessage(stored: DigestSettings): string {
    if (!stored.enabled) return t('settings.digestSchedule.savedOff');
    return t(stored.weekdaysOnly ? 'settings.digestSchedule.savedWeekdays' : 'settings.digestSchedule.savedEveryDay', { time: stored.time });
  }

  async function save(event: FormEvent<HTMLFormElement>, saved: DigestSettings) {
    event.preventDefault();
    if (!digestTimeSchema.safeParse(draft.time).success) {
      setTimeInvalid(true);
      setNotice(null);
      timeField.current?.focus();
      return;
    }
    const digest = changedFields(saved, draft);
    if (Object.keys(digest).length === 0) {
      setNotice({ tone: 'info', message: t('settings.digestSchedule.unchanged') });
      return;
    }
    setBusy(true);
    setNotice(null);
    const result = await api.settings.update({ digest });
    setBusy(false);
    if (result.ok) show(result.value.digest);
    setNotice(result.ok ? { tone: 'success', message: savedMessage(result.value.digest) } : errorNotice(result.error));
    focusAfterRender('save');
  }

  function cancel(saved: DigestSettings) {
    show(saved);
    setNotice(null);
    focusAfterRender('save');
  }

  const ready = load.kind === 'ready' ? load : null;
  const dirty = ready !== null && Object.keys(changedFields(ready.saved, draft)).length > 0;

  return (
    <section className="settings-section" aria-labelledby={headingId} aria-busy={busy || load.kind === 'loading'}>
      <h2 id={headingId}>{t('settings.digestSchedule.heading')}</h2>
      <p className="muted">{t('settings.digestSchedule.intro', { age: hoursText(DIGEST.staleAfterMs / HOUR_MS, i18n.language) })}</p>

      {load.kind === 'loading' && <p className="muted">{t('common.loading')}</p>}

      {ready && (
        <form className="settings-form" onSubmit={(event) => void save(event, ready.saved)} noValidate>
          <label className="check-field">
            <input
              type="checkbox"
              checked={draft.enabled}
              disabled={busy || locked.enabled}
              aria-describedby={locked.enabled ? managedNote : undefined}
              onChange={(event) => edit({ enabled: event.target.checked })}
            />
            {t('settings.digestSchedule.enabled')}
          </label>
          <div className="field">
            <label htmlFor={timeId}>{t('settings.digestSchedule.time')}</label>
            <input
              ref={timeField}
              id={timeId}
              type="time"
              value={draft.time}
              disabled={busy}
              readOnly={locked.time}
              aria-invalid={timeInvalid}
              aria-describedby={[timeInvalid ? timeErrorId : null, locked.time ? managedId : null].filter((id) => id !== null).join(' ') || undefined}
              onChange={(event) => {
                edit({ time: event.target.value });
                // The message goes once the member starts correcting the time; Save checks it again.
                setTimeInvalid(false);
              }}
            />
            {timeInvalid && (
              <p id={timeErrorId} className="field-error">
                {t('settings.digestSchedule.timeInvalid', { example: DIGEST.defaultTime })}
              </p>
            )}
          </div>
          <label className="check-field">
            <input
              type="checkbox"
              checked={draft.weekdaysOnly}
              disabled={busy || locked.weekdaysOnly}
              aria-describedby={locked.weekdaysOnly ? managedNote : undefined}
              onChange={(event) => edit({ weekdaysOnly: event.target.checked })}
            />
            {t('settings.digestSchedule.weekdaysOnly')}
          </label>
          {/* One note for the schedule: the policy usually sets it whole, and each held control points at it. */}
          {anyLocked && <ManagedNote id={managedId} />}
          {!(locked.enabled && locked.time && locked.weekdaysOnly) && (
            <div className="actions">
              <button type="submit" ref={saveButton} className="button-primary" disabled={busy}>
                {t('settings.digestSchedule.save')}
              </button>
              {dirty && (
                <button type="button" disabled={busy} onClick={() => cancel(ready.saved)}>
                  {t('common.cancel')}
                </button>
              )}
            </div>
          )}
        </form>
      )}

      <LoadNotice notice={notice} failure={load.kind === 'failed' ? load.error : null} onRetry={() => void fetchSchedule()} />
    </section>
  );
}
