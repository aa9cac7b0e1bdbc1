import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../shared/result';
import { useApi } from '../api';
import { useErrorText } from './use-error-text';
import './notice.css';

type Step = { kind: 'idle' } | { kind: 'copied' } | { kind: 'saved' } | { kind: 'failed'; error: AppError };

/**
 * Copy diagnostics (issue 28, TP4): main puts its report on the clipboard, for whoever supports the member; once it
 * is there, Save as file… writes it to a file the member chooses instead. Offered in Settings > About and beside an
 * error that names a failing part.
 */
export function CopyDiagnostics() {
  const api = useApi();
  const { t } = useTranslation();
  const describe = useErrorText();
  const [step, setStep] = useState<Step>({ kind: 'idle' });

  async function copy() {
    const result = await api.diagnostics.copy();
    setStep(result.ok ? { kind: 'copied' } : { kind: 'failed', error: result.error });
  }

  async function save() {
    const result = await api.diagnostics.save();
    // Cancelled in the system's dialog: the report is still on the clipboard, and the offer stays.
    if (!result.ok) setStep({ kind: 'failed', error: result.error });
    else if (result.value.saved) setStep({ kind: 'saved' });
  }

  const said =
    step.kind === 'copied'
      ? { tone: 'success', message: t('diagnostics.copied') }
      : step.kind === 'saved'
        ? { tone: 'success', message: t('diagnostics.saved') }
        : step.kind === 'failed'
          ? { tone: 'error', message: describe(step.error).message }
          : null;

  return (
    <div className="diagnostics">
      <div className="actions">
        <button type="button" onClick={() => void copy()}>
          {t('diagnostics.copy')}
        </button>
        {step.kind === 'copied' && (
          <button type="button" onClick={() => void save()}>
            {t('diagnostics.save')}
          </button>
        )}
      </div>
      {/* A live region of its own, without the status role: it sits beside the notice it follows, which has that. */}
      <div className="notice-region" aria-live="polite" aria-atomic="true">
        {said && (
          <div className={`notice notice-${said.tone}`}>
            <p>{said.message}</p>
          </div>
        )}
      </div>
    </div>
  );
}
