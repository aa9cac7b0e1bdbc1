import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../shared/result';
import { DEFAULT_MODELS, MODEL_ROLES, modelIdSchema, type ModelRole, type Settings, type SettingsPatch } from '../../../shared/settings';
import { useApi } from '../api';
import { errorNotice, type Notice } from '../ui/notice';
import { ModelField } from './model-field';
import { LoadNotice } from '../ui/load-notice';
import { useFocusAfterRender } from '../ui/use-focus-after-render';

type Models = Settings['models'];
type Load = { kind: 'loading' } | { kind: 'failed'; error: AppError } | { kind: 'ready'; saved: Models };
type FocusTarget = 'save' | 'reset';

/**
 * The model id each feature uses. Ids are checked here with the schema main applies, so a typo is pointed at
 * next to its field instead of coming back from main; Save sends only the fields that changed.
 */
export function ModelsSection() {
  const api = useApi();
  const { t } = useTranslation();
  const headingId = useId();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [draft, setDraft] = useState<Record<ModelRole, string>>(DEFAULT_MODELS);
  const [invalid, setInvalid] = useState<ReadonlySet<ModelRole>>(new Set());
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const fields = useRef<Partial<Record<ModelRole, HTMLInputElement | null>>>({});
  const saveButton = useRef<HTMLButtonElement>(null);
  const resetButton = useRef<HTMLButtonElement>(null);

  const focusAfterRender = useFocusAfterRender({ save: saveButton, reset: resetButton });

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
    setInvalid((current) => new Set([...current].filter((other) => other !== role)));
  }

  async function store(models: NonNullable<SettingsPatch['models']>, done: string, focusAfter: FocusTarget) {
    setBusy(true);
    setNotice(null);
    const result = await api.settings.update({ models });
    setBusy(false);
    if (result.ok) {
      setLoad({ kind: 'ready', saved: result.value.models });
      setDraft(result.value.models);
      setInvalid(new Set());
    }
    setNotice(result.ok ? { tone: 'info', message: done } : errorNotice(result.error));
    focusAfterRender(focusAfter);
  }

  async function save(event: FormEvent<HTMLFormElement>, saved: Models) {
    event.preventDefault();
    const checked = MODEL_ROLES.map((role) => ({ role, parsed: modelIdSchema.safeParse(draft[role]) }));
    const refused = checked.filter(({ parsed }) => !parsed.success).map(({ role }) => role);
    setInvalid(new Set(refused));
    const firstRefused = refused[0];
    if (firstRefused) {
      setNotice(null);
      fields.current[firstRefused]?.focus();
      return;
    }
    const changed = Object.fromEntries(
      checked.flatMap(({ role, parsed }) => (parsed.success && parsed.data !== saved[role] ? [[role, parsed.data]] : [])),
    );
    if (Object.keys(changed).length === 0) {
      setNotice({ tone: 'info', message: t('settings.models.unchanged') });
      return;
    }
    await store(changed, t('settings.models.saved'), 'save');
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
              invalid={invalid.has(role)}
              disabled={busy}
              inputRef={(element) => {
                fields.current[role] = element;
              }}
              onChange={(value) => edit(role, value)}
            />
          ))}
          <div className="actions">
            <button type="submit" ref={saveButton} className="button-primary" disabled={busy}>
              {t('settings.models.save')}
            </button>
            <button
              type="button"
              ref={resetButton}
              disabled={busy}
              onClick={() => void store({ ...DEFAULT_MODELS }, t('settings.models.resetDone'), 'reset')}
            >
              {t('settings.models.reset')}
            </button>
          </div>
        </form>
      )}

      <LoadNotice notice={notice} failure={load.kind === 'failed' ? load.error : null} onRetry={() => void fetchModels()} />
    </section>
  );
}
