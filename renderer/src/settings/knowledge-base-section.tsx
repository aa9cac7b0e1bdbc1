import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { meetingsFolderSchema } from '../../../shared/meeting-notes';
import type { KnowledgeStatus } from '../../../shared/oracle';
import { ok, type AppError, type Result } from '../../../shared/result';
import type { Settings } from '../../../shared/settings';
import { useApi } from '../api';
import { useLockedFields } from '../settings-provider';
import { ManagedNote } from '../ui/managed-note';
import { isolated } from '../ui/bidi-isolate';
import { errorNotice, type Notice } from '../ui/notice';
import { numberText } from '../ui/knowledge-format';
import { TextField } from './text-field';
import { LoadNotice } from '../ui/load-notice';
import { useFocusAfterRender } from '../ui/use-focus-after-render';

type Load = { kind: 'loading' } | { kind: 'failed'; error: AppError } | { kind: 'ready'; settings: Settings; status: KnowledgeStatus };
/** Where the keyboard goes once a change is done: the button pressed may be gone by then (Reset, the guide). */
type FocusTarget = 'choose' | 'save' | 'meetings';

/** The floor as typed: a comma is a decimal point in half the UI languages. Null when it is no floor (O9: 0 to 1). */
function parseFloor(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  const value = Number(trimmed);
  return trimmed === '' || !Number.isFinite(value) || value < 0 || value > 1 ? null : value;
}

/**
 * The oracle's notes folder (the built-in user guide until the member chooses one) and, folded under Advanced, O9's
 * relevance floor for the current embedding model, said as how closely the notes must match: shown with where it
 * came from, set by hand or reset. The folder and the floor main reports come from `oracle:status`; the floors
 * stored, from the settings.
 */
export function KnowledgeBaseSection() {
  const api = useApi();
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const hintId = useId();
  const managedId = useId();
  const isLocked = useLockedFields();
  const folderLocked = isLocked('knowledgeBase.path');
  const meetingsLocked = isLocked('meetings.folder');
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [draft, setDraft] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [meetingsDraft, setMeetingsDraft] = useState('');
  const [meetingsInvalid, setMeetingsInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const meetingsField = useRef<HTMLInputElement>(null);
  const meetingsButton = useRef<HTMLButtonElement>(null);

  const focusAfterRender = useFocusAfterRender({ choose: chooseButton, save: saveButton, meetings: meetingsButton });

  const show = useCallback((settings: Settings, status: KnowledgeStatus) => {
    setLoad({ kind: 'ready', settings, status });
    setDraft(String(status.floor.value));
    setInvalid(false);
    setMeetingsDraft(settings.meetings.folder);
    setMeetingsInvalid(false);
  }, []);

  const fetchAll = useCallback(async () => {
    setLoad({ kind: 'loading' });
    const [settings, status] = await Promise.all([api.settings.get(), api.oracle.status()]);
    if (!settings.ok) setLoad({ kind: 'failed', error: settings.error });
    else if (!status.ok) setLoad({ kind: 'failed', error: status.error });
    else show(settings.value, status.value);
  }, [api, show]);

  useEffect(() => {
    void fetchAll();
  }, [fetchAll]);

  /**
   * Runs a change main stores (null: the member cancelled it, nothing changed), then asks main for the status it
   * leads to, which says the new folder and floor in main's own terms.
   */
  async function apply(change: () => Promise<Result<Settings> | null>, done: (status: KnowledgeStatus) => string, focusAfter: FocusTarget) {
    setBusy(true);
    setNotice(null);
    const changed = await change();
    if (changed?.ok) {
      const status = await api.oracle.status();
      if (status.ok) show(changed.value, status.value);
      setNotice(status.ok ? { tone: 'success', message: done(status.value) } : errorNotice(status.error));
    } else if (changed) {
      setNotice(errorNotice(changed.error));
    }
    setBusy(false);
    focusAfterRender(focusAfter);
  }

  function chooseFolder() {
    void apply(
      async () => {
        const result = await api.oracle.chooseFolder();
        if (!result.ok) return result;
        return result.value.chosen ? ok(result.value.settings) : null;
      },
      (status) => t('settings.knowledgeBase.chosen', { path: isolated(status.folder.path) }),
      'choose',
    );
  }

  function useBuiltIn() {
    void apply(() => api.settings.update({ knowledgeBase: { path: null } }), () => t('settings.knowledgeBase.builtInNow'), 'choose');
  }

  function saveFloor(event: FormEvent<HTMLFormElement>, settings: Settings, model: string) {
    event.preventDefault();
    const value = parseFloor(draft);
    if (value === null) {
      setInvalid(true);
      setNotice(null);
      field.current?.focus();
      return;
    }
    const floors = { ...settings.knowledgeBase.floors, [model]: value };
    void apply(
      () => api.settings.update({ knowledgeBase: { floors } }),
      (status) => t('settings.knowledgeBase.floorSaved', { value: numberText(status.floor.value, i18n.language) }),
      'save',
    );
  }

  function resetFloor(settings: Settings, model: string) {
    const floors = Object.fromEntries(Object.entries(settings.knowledgeBase.floors).filter(([id]) => id !== model));
    void apply(
      () => api.settings.update({ knowledgeBase: { floors } }),
      (status) => t('settings.knowledgeBase.floorReset', { value: numberText(status.floor.value, i18n.language) }),
      'save',
    );
  }

  /** Where meeting notes go in a chosen folder: a folder name inside it, created by the first save (issue 27). */
  function saveMeetingsFolder(event: FormEvent<HTMLFormElement>, base: string) {
    event.preventDefault();
    const folder = meetingsFolderSchema.safeParse(meetingsDraft);
    if (!folder.success) {
      setMeetingsInvalid(true);
      setNotice(null);
      meetingsField.current?.focus();
      return;
    }
    void apply(
      () => api.settings.update({ meetings: { folder: folder.data } }),
      () => t('settings.knowledgeBase.meetingsFolderSaved', { path: isolated(meetingsPath(base, folder.data)) }),
      'meetings',
    );
  }

  const ready = load.kind === 'ready' ? load : null;

  return (
    <section className="settings-section" aria-labelledby={headingId} aria-busy={busy || load.kind === 'loading'}>
      <h2 id={headingId}>{t('settings.knowledgeBase.heading')}</h2>
      <p className="muted">{t('settings.knowledgeBase.intro')}</p>

      {load.kind === 'loading' && <p className="muted">{t('common.loading')}</p>}

      {ready && (
        <>
          <dl className="facts">
            <dt>{t('settings.knowledgeBase.folder')}</dt>
            {ready.status.folder.isDefault ? (
              <dd>{t('settings.knowledgeBase.builtIn')}</dd>
            ) : (
              // A path reads left to right in every UI language.
              <dd dir="ltr" className="path">
                {ready.status.folder.path}
              </dd>
            )}
            <dt>{t('settings.knowledgeBase.meetingNotes')}</dt>
            {ready.status.folder.isDefault ? (
              <dd>{t('settings.knowledgeBase.meetingNotesBuiltIn')}</dd>
            ) : (
              <dd dir="ltr" className="path">
                {meetingsPath(ready.status.folder.path, ready.settings.meetings.folder)}
              </dd>
            )}
          </dl>
          {/* The team's profile names where its notes are; the picker opens there (main's), the member still chooses. */}
          {ready.settings.knowledgeBase.hint !== null && !folderLocked && (
            <p id={hintId} className="muted">
              {t('managed.teamNotes', { path: isolated(ready.settings.knowledgeBase.hint) })}
            </p>
          )}
          <div className="actions">
            <button
              type="button"
              ref={chooseButton}
              onClick={chooseFolder}
              disabled={busy || folderLocked}
              aria-describedby={folderLocked ? managedId : ready.settings.knowledgeBase.hint !== null ? hintId : undefined}
            >
              {t('settings.knowledgeBase.choose')}
            </button>
            {!ready.status.folder.isDefault && (
              <button type="button" onClick={useBuiltIn} disabled={busy || folderLocked} aria-describedby={folderLocked ? managedId : undefined}>
                {t('settings.knowledgeBase.useBuiltIn')}
              </button>
            )}
          </div>
          {folderLocked && <ManagedNote id={managedId} />}

          {!ready.status.folder.isDefault && (
            <form className="settings-form" onSubmit={(event) => saveMeetingsFolder(event, ready.status.folder.path)} noValidate>
              <TextField
                label={t('settings.knowledgeBase.meetingsFolder')}
                value={meetingsDraft}
                help={t('settings.knowledgeBase.meetingsFolderHelp')}
                error={meetingsInvalid ? t('settings.knowledgeBase.meetingsFolderInvalid') : null}
                disabled={busy}
                managed={meetingsLocked}
                inputRef={meetingsField}
                onChange={(value) => {
                  setMeetingsDraft(value);
                  setMeetingsInvalid(false);
                }}
              />
              {!meetingsLocked && (
                <div className="actions">
                  <button type="submit" ref={meetingsButton} disabled={busy}>
                    {t('settings.knowledgeBase.saveMeetingsFolder')}
                  </button>
                </div>
              )}
            </form>
          )}

          <details className="advanced">
            <summary>{t('settings.knowledgeBase.advanced')}</summary>
            <form className="settings-form" onSubmit={(event) => saveFloor(event, ready.settings, ready.status.embeddingModel)} noValidate>
              <p className="muted">{t('settings.knowledgeBase.floorIntro')}</p>
              <TextField
                label={t('settings.knowledgeBase.floor')}
                value={draft}
                help={t(`settings.knowledgeBase.floorSource.${ready.status.floor.source}`)}
                error={invalid ? t('settings.knowledgeBase.floorInvalid') : null}
                disabled={busy}
                inputRef={field}
                onChange={(value) => {
                  setDraft(value);
                  setInvalid(false);
                }}
              />
              <div className="actions">
                <button type="submit" ref={saveButton} className="button-primary" disabled={busy}>
                  {t('settings.knowledgeBase.saveFloor')}
                </button>
                {ready.status.floor.source === 'settings' && (
                  <button type="button" disabled={busy} onClick={() => resetFloor(ready.settings, ready.status.embeddingModel)}>
                    {t('settings.knowledgeBase.resetFloor')}
                  </button>
                )}
              </div>
            </form>
          </details>
        </>
      )}

      <LoadNotice notice={notice} failure={load.kind === 'failed' ? load.error : null} onRetry={() => void fetchAll()} />
    </section>
  );
}

/** The meetings folder as the member's system writes it: with the separator the chosen folder's path already uses. */
function meetingsPath(base: string, folder: string): string {
  const separator = base.includes('\\') && !base.includes('/') ? '\\' : '/';
  return `${base.replace(/[\\/]+$/, '')}${separator}${folder}`;
}
