import { Circle, CircleCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsSectionId } from '../navigation/settings-sections';
import { errorNotice, NoticeRegion, type Notice } from '../ui/notice';
import { checklistState } from './setup-steps';
import type { SetupStatus } from './use-setup-status';
import './first-run.css';

interface FirstRunChecklistProps {
  readonly setup: SetupStatus;
  /** Opens the Settings section where a step is done. */
  readonly onOpen: (section: SettingsSectionId) => void;
  /** Called once the list is put away, to give keyboard focus a place: the button pressed is gone. */
  readonly onDismissed?: () => void;
}

/**
 * The first run in the member's steps (sign-in, the Gemini key, the mailbox, the team's notes unless the team set
 * them up): what is done, and a way to each step's section. Shown until every step is done; once the needed ones
 * are, it can be put away for good.
 */
export function FirstRunChecklist({ setup, onOpen, onDismissed }: FirstRunChecklistProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const stateId = useId();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const { steps } = setup;
  if (steps === null || setup.dismissed) return null;
  const { allDone, requiredDone } = checklistState(steps);
  if (allDone) return null;

  async function dismiss() {
    setBusy(true);
    setNotice(null);
    const result = await setup.dismiss();
    setBusy(false);
    if (result.ok) onDismissed?.();
    else setNotice(errorNotice(result.error));
  }

  const done = steps.filter((step) => step.done).length;
  return (
    <section className="callout first-run" aria-labelledby={headingId}>
      <div className="first-run-head">
        <h2 id={headingId}>{t('firstRun.heading')}</h2>
        <p className="muted">{t('firstRun.progress', { done, total: steps.length })}</p>
      </div>
      <div className="first-run-meter" aria-hidden="true">
        <span style={{ inlineSize: `${(100 * done) / steps.length}%` }} />
      </div>
      <ol className="stack-list stack-list-tight">
        {steps.map((step) => {
          const Icon = step.done ? CircleCheck : Circle;
          const state = step.done ? t('firstRun.done') : step.required ? t('firstRun.toDo') : t('firstRun.optional');
          return (
            <li key={step.id} className="first-run-step" data-done={step.done}>
              <Icon className="first-run-icon" aria-hidden="true" />
              <button type="button" className="button-link" aria-describedby={`${stateId}-${step.id}`} onClick={() => onOpen(step.section)}>
                {t(`firstRun.steps.${step.id}`)}
              </button>
              <span id={`${stateId}-${step.id}`} className="first-run-state">
                {state}
              </span>
            </li>
          );
        })}
      </ol>
      {requiredDone && (
        <div className="actions">
          <button type="button" disabled={busy} onClick={() => void dismiss()}>
            {t('firstRun.dismiss')}
          </button>
        </div>
      )}
      <NoticeRegion notice={notice} />
    </section>
  );
}
