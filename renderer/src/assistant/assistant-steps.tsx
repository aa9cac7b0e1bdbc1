import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssistantStep } from '../../../shared/assistant';
import { summarizeStep } from './step-summary';

/** A tool's arguments or result, field by field: text as it reads (a mail's lines), anything else as JSON. */
function Fields({ value }: { value: unknown }) {
  if (typeof value === 'string') return <pre className="assistant-step-value">{value}</pre>;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return <pre className="assistant-step-value">{JSON.stringify(value, null, 2)}</pre>;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return <pre className="assistant-step-value">{'{}'}</pre>;
  return (
    <dl className="assistant-step-fields">
      {entries.map(([key, inner]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>
            <pre className="assistant-step-value">{typeof inner === 'string' ? inner : JSON.stringify(inner, null, 2)}</pre>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * G1 "what the assistant did": each tool call the app ran for this answer, as it happened, in one line (what,
 * and what came of it); opening a line shows what the model asked with and exactly what it got back.
 */
export function AssistantSteps({ steps }: { steps: readonly AssistantStep[] }) {
  const { t } = useTranslation();
  const labelId = useId();
  if (steps.length === 0) return null;
  return (
    <div className="assistant-steps">
      <p id={labelId} className="answer-sources-label">
        {t('assistant.steps.heading')}
      </p>
      <ol className="assistant-step-list" aria-labelledby={labelId}>
        {steps.map((step, index) => {
          const summary = summarizeStep(step, t);
          return (
            // Steps only ever grow at the end while an answer streams: the position is stable.
            <li key={index} className={summary.failed ? 'assistant-step assistant-step-failed' : 'assistant-step'}>
              <details>
                <summary>
                  <span dir="auto">{summary.action}</span>
                  {summary.outcome && <span className="assistant-step-outcome"> · {summary.outcome}</span>}
                </summary>
                <div className="assistant-step-details" dir="ltr">
                  <p className="assistant-step-label">{t('assistant.steps.args')}</p>
                  <Fields value={step.args} />
                  <p className="assistant-step-label">{t('assistant.steps.result')}</p>
                  <Fields value={step.result} />
                </div>
              </details>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
