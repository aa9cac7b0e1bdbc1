import { createRef, useCallback, useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../shared/result';
import { DEFAULT_MODELS, MODEL_ROLES, modelIdSchema, type ModelRole, type Settings, type SettingsPatch } from '../../../shared/settings';
import { useApi } from '../api';
import { useLockedFields } from '../settings-provider';
import { errorNotice, type Notice } from '../ui/notice';
import { ModelField } from './model-field';
import { LoadNotice } from '../ui/load-notice';
import { useErrorText } from '../ui/use-error-text';
import { useFocusAfterRender } from '../ui/use-focus-after-render';

type Models = Settings['models'];
type ModelsPatch = NonNullable<SettingsPatch['models']>;
type Load = { kind: 'loading' } | { kind: 'failed'; error: AppError } | { kind: 'ready'; saved: Models };
/** Why each refused field was refused, in the member's words. */
type Refusals = Partial<Record<ModelRole, string>>;

function defaultsOf(roles: readonly ModelRole[]): ModelsPatch {
  return Object.fromEntries(roles.map((role) => [role, DEFAULT_MODELS[role]]));
}

/**
 * The model id each feature uses. Ids are checked here with the schema main applies, so a typo is pointed at
 * next to its field; the ids that changed are then looked up with the member's key, so one Gemini does not offer
 * (a made-up or retired id) is refused by name instead of failing every question later. When the lookup cannot
 * be made (no key, Google out of reach) the ids are saved all the same, marked as not verified.
 */
export function ModelsSection() {
  const api = useApi();
  const { t } = useTranslation();
  const describe = useErrorText();
  const isLocked = useLockedFields();
  const locked = (role: ModelRole) => isLocked(`models.${role}`);
  const headingId = useId();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [draft, setDraft] = useState<Record<ModelRole, string>>(DEFAULT_MODELS);
  const [refusals, setRefusals] = useState<Refusals>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [fields] = useState(
    () => Object.fromEntries(MODEL_ROLES.map((role) => [role, createRef<HTMLInputElement>()])) as Record<ModelRole, RefObject<HTMLInputElement | null>>,
  );
  const saveButton = useRef<HTMLButtonElement>(null);
  const resetButton = useRef<HTMLButtonElement>(null);

  const focusAfterRender = useFocusAfterRender({ ...fields, save: saveButton, reset: resetButton });

  const fetchModels = useCallback(async () => {
    setLoad({ kind: 'loading' });
    const result = await api.settings.get();
    if (result.ok) {
      setLoad({ kind: 'ready', saved: result.value.models });
      setDraft(result.value.models);
    } else {
      setLoad({ kind: 'failed', error: result.error });
    }
  }, [api]);

  useEffect(() => {
    void fetchModels();
  }, [fetchModels]);

  function edit(role: ModelRole, value: string) {
    setDraft((current) => ({ ...current, [role]: value }));
    // The message goes once the member starts correcting the id; Save checks it again.
    setRefusals(({ [role]: _corrected, ...rest }) => rest);
  }

  /** Points at the refused fields, the keyboard at the first of them; nothing is saved. */
  function refuse(refused: Refusals) {
    setRefusals(refused);
    setNotice(null);
    const first = MODEL_ROLES.find((role) => refused[role] !== undefined);
    if (first) focusAfterRender(first);
  }

  async function store(models: ModelsPatch, done: string, focusAfter: 'save' | 'reset') {
    setBusy(true);
    setNotice(null);
    const result = await api.settings.update({ models });
    setBusy(false);
    if (result.ok) {
      setLoad({ kind: 'ready', saved: result.value.models });
      setDraft(result.value.models);
      setRefusals({});
    }
    setNotice(result.ok ? { tone: 'success', message: done } : errorNotice(result.error));
    focusAfterRender(focusAfter);
  }

  async function save(event: FormEvent<HTMLFormElement>, saved: Models) {
    event.preventDefault();
    const checked = MODEL_ROLES.map((role) => ({ role, parsed: modelIdSchema.safeParse(draft[role]) }));
    const malformed = checked.filter(({ parsed }) => !parsed.success).map(({ role }) => [role, t('settings.models.invalid')]);
    if (malformed.length > 0) return refuse(Object.fromEntries(malformed));

    const changed: ModelsPatch = Object.fromEntries(
      checked.flatMap(({ role, parsed }) => (parsed.success && parsed.data !== saved[role] ? [[role, parsed.data]] : [])),
    );
    const ids = [...new Set(Object.values(changed))];
    if (ids.length === 0) {
      setNotice({ tone: 'info', message: t('settings.models.unchanged') });
      return;
    }

    setBusy(true);
    setNotice(null);
    const looked = await api.settings.checkModels({ ids });
    setBusy(false);
    if (!looked.ok) {
      setNotice(errorNotice(looked.error));
      focusAfterRender('save');
      return;
    }
    const { unavailable, unverified } = looked.value;
    const refused = MODEL_ROLES.flatMap((role) => {
      const id = changed[role];
      return id !== undefined && unavailable.includes(id) ? [[role, t('settings.models.unavailable', { id })]] : [];
    });
    if (refused.length > 0) return refuse(Object.fromEntries(refused));
    const done = unverified ? `${t('settings.models.savedUnverified')} ${describe(unverified).message}` : t('settings.models.saved');
    await store(changed, done, 'save');
  }

  return (
    <section className="settings-section" aria-labelledby={headingId} aria-busy={busy || load.kind === 'loading'}>
      <h2 id={headingId}>{t('settings.models.heading')}</h2>
      <p className="muted">{t('settings.models.intro')}</p>

      {load.kind === 'loading' && <p className="muted">{t('common.loading')}</p>}

      {load.kind === 'ready' && (
        <form className="settings-form" onSubmit={(event) => void save(event, load.saved)} noValidate>
          {MODEL_ROLES.map((role) => (
            <ModelField
              key={role}
              role={role}
              value={draft[role]}
              error={refusals[role] ?? null}
              disabled={busy}
              managed={locked(role)}
              inputRef={fields[role]}
              onChange={(value) => edit(role, value)}
            />
          ))}
          {!MODEL_ROLES.every(locked) && (
            <div className="actions">
              <button type="submit" ref={saveButton} className="button-primary" disabled={busy}>
                {t('settings.models.save')}
              </button>
              <button
                type="button"
                ref={resetButton}
                disabled={busy}
                // The models the policy sets are not the member's to reset: main would refuse the whole change for them.
                onClick={() => {
                  const free = MODEL_ROLES.filter((role) => !locked(role));
                  const done = free.length < MODEL_ROLES.length ? t('settings.models.resetDoneUnmanaged') : t('settings.models.resetDone');
                  void store(defaultsOf(free), done, 'reset');
                }}
              >
                {t('settings.models.reset')}
              </button>
            </div>
          )}
        </form>
      )}

      <LoadNotice notice={notice} failure={load.kind === 'failed' ? load.error : null} onRetry={() => void fetchModels()} />
    </section>
  );
}
