import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_MODELS, type ModelRole } from '../../../shared/settings';
import { TextField } from './text-field';

interface ModelFieldProps {
  readonly role: ModelRole;
  readonly value: string;
  /** Why the id was refused (not an id at all, or one Gemini does not offer); null while it is not. */
  readonly error: string | null;
  readonly disabled: boolean;
  /** The machine's policy sets this model (issue 28). */
  readonly managed: boolean;
  readonly inputRef: Ref<HTMLInputElement>;
  readonly onChange: (value: string) => void;
}

/** One model id, with the model Staff Desk ships for it and, when refused, why, both read out with the field. */
export function ModelField({ role, value, error, disabled, managed, inputRef, onChange }: ModelFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t(`settings.models.roles.${role}`)}
      value={value}
      help={t('settings.models.default', { id: DEFAULT_MODELS[role] })}
      error={error}
      disabled={disabled}
      managed={managed}
      inputRef={inputRef}
      onChange={onChange}
    />
  );
}
