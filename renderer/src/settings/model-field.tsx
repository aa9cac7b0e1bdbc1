import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_MODELS, type ModelRole } from '../../../shared/settings';

interface ModelFieldProps {
  readonly role: ModelRole;
  readonly value: string;
  readonly invalid: boolean;
  readonly disabled: boolean;
  readonly inputRef: Ref<HTMLInputElement>;
  readonly onChange: (value: string) => void;
}

/** One model id, with the model Staff Desk ships for it and, when refused, why, both read out with the field. */
export function ModelField({ role, value, invalid, disabled, inputRef, onChange }: ModelFieldProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const defaultId = useId();
  const errorId = useId();
  return (
    <div className="field">
      <label htmlFor={inputId}>{t(`settings.models.roles.${role}`)}</label>
      {/* Model ids are Latin identifiers: they read left to right in every UI language. */}
      <input
        ref={inputRef}
        id={inputId}
        type="text"
        dir="ltr"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="off"
        aria-invalid={invalid}
        aria-describedby={invalid ? `${errorId} ${defaultId}` : defaultId}
        disabled={disabled}
      />
      {invalid && (
        <p id={errorId} className="field-error">
          {t('settings.models.invalid')}
        </p>
      )}
      <p id={defaultId} className="muted">
        {t('settings.models.default', { id: DEFAULT_MODELS[role] })}
      </p>
    </div>
  );
}
