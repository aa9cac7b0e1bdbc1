import { ArrowRight, Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { managedFieldKind, type FieldValue, type ManagedField } from '../../../shared/managed-fields';
import type { ProfileChange } from '../../../shared/team-profile';
import { fieldValueText } from './field-value-text';

/** A prompt longer than this is shown cut, with Show all: a layer may run to pages, and the list must stay readable. */
const PROMPT_PREVIEW_CHARS = 160;

/** One change a profile would make: the field, what it holds now and what it would hold, and whether it may change. */
export function ProfileChangeItem({ change }: { change: ProfileChange }) {
  const { t } = useTranslation();
  const lockId = useId();
  const prompt = managedFieldKind(change.field) === 'prompt';
  return (
    <li className="profile-change" data-locked={change.lockedByPolicy || undefined} aria-describedby={change.lockedByPolicy ? lockId : undefined}>
      <p className="profile-change-field">
        {change.lockedByPolicy && <Lock className="profile-change-lock" aria-hidden="true" />}
        {t(`team.fields.${change.field}`)}
      </p>
      <div className={prompt ? 'profile-change-values profile-change-prompt' : 'profile-change-values'}>
        <Value field={change.field} value={change.from} side="from" />
        <ArrowRight className="profile-change-arrow icon-directional" aria-hidden="true" />
        <span className="visually-hidden"> {t('team.dialog.becomes')} </span>
        <Value field={change.field} value={change.to} side="to" />
      </div>
      {change.lockedByPolicy && (
        <p id={lockId} className="profile-change-locked">
          {t('team.dialog.locked')}
        </p>
      )}
    </li>
  );
}

function Value({ field, value, side }: { field: ManagedField; value: FieldValue; side: 'from' | 'to' }) {
  const { t, i18n } = useTranslation();
  const [whole, setWhole] = useState(false);
  const text = fieldValueText(field, value, side, t, i18n.language);
  const long = managedFieldKind(field) === 'prompt' && text.length > PROMPT_PREVIEW_CHARS;
  return (
    <span className="profile-value" data-side={side}>
      <bdi>{long && !whole ? `${text.slice(0, PROMPT_PREVIEW_CHARS).trimEnd()}…` : text}</bdi>
      {long && (
        <button type="button" className="button-link profile-value-more" aria-expanded={whole} onClick={() => setWhole(!whole)}>
          {t(whole ? 'team.dialog.showLess' : 'team.dialog.showAll')}
        </button>
      )}
    </span>
  );
}
