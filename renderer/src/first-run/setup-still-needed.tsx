import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsSectionId } from '../navigation/settings-sections';
import { checklistState } from './setup-steps';
import type { SetupStatus } from './use-setup-status';
import './first-run.css';

interface SetupStillNeededProps {
  readonly setup: Pick<SetupStatus, 'steps'>;
  /** Opens Settings at the section where a step is done, or at its top (the whole checklist) with none. */
  readonly onOpen: (section?: SettingsSectionId) => void;
}

/**
 * Over the landing pane once the member is signed in, while a step nothing works without is left (the Gemini
 * key): what it is, the way to it, and the way back to the whole checklist, which Settings keeps until those steps
 * are done. The optional steps (the mailbox) are said where they are missed, not here.
 */
export function SetupStillNeeded({ setup, onOpen }: SetupStillNeededProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const { steps } = setup;
  if (steps === null || checklistState(steps).requiredDone) return null;
  const missing = steps.filter((step) => step.required && !step.done);
  return (
    <section className="callout setup-still-needed" aria-labelledby={headingId}>
      <h2 id={headingId} className="callout-lead">
        {t('firstRun.stillNeeded')}
      </h2>
      <div className="callout-actions">
        {missing.map((step) => (
          <button key={step.id} type="button" className="button-primary" onClick={() => onOpen(step.section)}>
            {t(`firstRun.steps.${step.id}`)}
          </button>
        ))}
        <button type="button" onClick={() => onOpen()}>
          {t('firstRun.showChecklist')}
        </button>
      </div>
    </section>
  );
}
