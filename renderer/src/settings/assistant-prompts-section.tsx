import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssistantPrompts, AssistantPromptsState, PromptLayer } from '../../../shared/assistant';
import { ASSISTANT } from '../../../shared/limits';
import type { AppError, Result } from '../../../shared/result';
import { useApi } from '../api';
import { CharCounter } from '../ui/char-counter';
import { dateTimeText } from '../ui/date-time-text';
import { LoadNotice } from '../ui/load-notice';
import { errorNotice, type Notice } from '../ui/notice';
import { useFocusAfterRender } from '../ui/use-focus-after-render';

type Load = { kind: 'loading' } | { kind: 'failed'; error: AppError } | { kind: 'ready'; state: AssistantPromptsState };

const LAYER_MAX_CHARS: Record<PromptLayer, number> = {
  scope: ASSISTANT.promptScopeMaxChars,
  instructions: ASSISTANT.promptInstructionsMaxChars,
};
const LAYERS: readonly PromptLayer[] = ['scope', 'instructions'];

interface LayerFieldProps {
  readonly layer: PromptLayer;
  readonly value: string;
  readonly customised: boolean;
  readonly busy: boolean;
  readonly onChange: (value: string) => void;
  readonly onRestore: () => void;
}

/** One layer: its text, how long it is against its limit, and whether it is still the shipped text. */
function LayerField({ layer, value, customised, busy, onChange, onRestore }: LayerFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const helpId = useId();
  const counterId = useId();
  const max = LAYER_MAX_CHARS[layer];
  const over = value.length > max;
  return (
    <div className="field">
      <label htmlFor={id}>{t(`settings.assistant.${layer}.label`)}</label>
      <p id={helpId} className="muted">
        {t(`settings.assistant.${layer}.help`)}
      </p>
      <textarea
        id={id}
        dir="auto"
        rows={layer === 'scope' ? 4 : 6}
        value={value}
        disabled={busy}
        aria-invalid={over}
        aria-describedby={`${helpId} ${counterId}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="field-meta">
        <p className="muted">{customised ? t('settings.assistant.customised') : t('settings.assistant.shipped')}</p>
        <CharCounter id={counterId} count={value.length} max={max} />
      </div>
      {customised && (
        <button type="button" className="button-link" disabled={busy} onClick={onRestore}>
          {t('settings.assistant.restore')}
        </button>
      )}
    </div>
  );
}

/**
 * G4: the two layers of the Assistant's system prompt a team shapes (what it is for, how it works), with the
 * shipped text one click away, and a file to hand the same prompts to every member. The safeguards are code: this
 * section says so and never shows them as editable.
 */
export function AssistantPromptsSection() {
  const api = useApi();
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [draft, setDraft] = useState<AssistantPrompts>({ scope: '', instructions: '' });
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender({ save: saveButton });

  const show = useCallback((state: AssistantPromptsState) => {
    setLoad({ kind: 'ready', state });
    setDraft(state.prompts);
  }, []);

  const fetchPrompts = useCallback(async () => {
    setLoad({ kind: 'loading' });
    const result = await api.assistant.prompts();
    if (result.ok) show(result.value);
    else setLoad({ kind: 'failed', error: result.error });
  }, [api, show]);

  useEffect(() => {
    void fetchPrompts();
  }, [fetchPrompts]);

  /** Runs one change through main; its answer is what the section shows from then on. */
  async function apply(run: () => Promise<Result<AssistantPromptsState>>, said: string) {
    setBusy(true);
    setNotice(null);
    const result = await run();
    setBusy(false);
    if (result.ok) show(result.value);
    setNotice(result.ok ? { tone: 'success', message: said } : errorNotice(result.error));
    focusAfterRender('save');
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const prompts = { scope: draft.scope.trim(), instructions: draft.instructions.trim() };
    void apply(() => api.assistant.savePrompts(prompts), t('settings.assistant.saved'));
  }

  async function exportPrompts() {
    setBusy(true);
    setNotice(null);
    const result = await api.assistant.exportPrompts();
    setBusy(false);
    // A cancelled dialog is the member's choice: nothing to say about it.
    if (!result.ok) setNotice(errorNotice(result.error));
    else if (result.value.saved) setNotice({ tone: 'success', message: t('settings.assistant.exported') });
  }

  async function importPrompts() {
    setBusy(true);
    setNotice(null);
    const result = await api.assistant.importPrompts();
    setBusy(false);
    if (!result.ok) return setNotice(errorNotice(result.error));
    if (!result.value.imported) return;
    show(result.value.state);
    setNotice({ tone: 'success', message: t('settings.assistant.imported') });
  }

  const ready = load.kind === 'ready' ? load.state : null;
  const dirty = ready !== null && (draft.scope !== ready.prompts.scope || draft.instructions !== ready.prompts.instructions);
  const tooLong = LAYERS.some((layer) => draft[layer].length > LAYER_MAX_CHARS[layer]);

  return (
    <section className="settings-section" aria-labelledby={headingId} aria-busy={busy || load.kind === 'loading'}>
      <h2 id={headingId}>{t('settings.assistant.heading')}</h2>
      <p className="muted">{t('settings.assistant.intro')}</p>

      {load.kind === 'loading' && <p className="muted">{t('common.loading')}</p>}

      {ready && (
        <form className="settings-form" onSubmit={save} noValidate>
          {LAYERS.map((layer) => (
            <LayerField
              key={layer}
              layer={layer}
              value={draft[layer]}
              customised={draft[layer] !== ready.defaults[layer]}
              busy={busy}
              onChange={(value) => {
                setDraft((current) => ({ ...current, [layer]: value }));
                setNotice(null);
              }}
              onRestore={() =>
                dirty
                  ? setDraft((current) => ({ ...current, [layer]: ready.defaults[layer] }))
                  : void apply(() => api.assistant.resetPrompts({ layer }), t('settings.assistant.restored'))
              }
            />
          ))}
          {ready.updatedAt && (
            <p className="muted">{t('settings.assistant.updatedAt', { date: dateTimeText(ready.updatedAt, i18n.language) })}</p>
          )}
          <div className="actions">
            <button type="submit" ref={saveButton} className="button-primary" disabled={busy || !dirty || tooLong}>
              {t('settings.assistant.save')}
            </button>
            {dirty && (
              <button type="button" disabled={busy} onClick={() => show(ready)}>
                {t('common.cancel')}
              </button>
            )}
            <button type="button" disabled={busy} onClick={() => void exportPrompts()}>
              {t('settings.assistant.export')}
            </button>
            <button type="button" disabled={busy} onClick={() => void importPrompts()}>
              {t('settings.assistant.import')}
            </button>
          </div>
        </form>
      )}

      <LoadNotice notice={notice} failure={load.kind === 'failed' ? load.error : null} onRetry={() => void fetchPrompts()} />
    </section>
  );
}
