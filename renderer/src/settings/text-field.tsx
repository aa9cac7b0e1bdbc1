import { useId, type Ref } from 'react';
import { ManagedNote } from '../ui/managed-note';

interface TextFieldProps {
  readonly label: string;
  readonly value: string;
  /** Said under the field and read out with it. */
  readonly help: string;
  /** Why the value was refused, next to the field; null while it is not. */
  readonly error: string | null;
  readonly disabled: boolean;
  /** The machine's policy holds it (issue 28): read-only, so still readable and copyable, with the organization's note. */
  readonly managed?: boolean;
  readonly inputRef: Ref<HTMLInputElement>;
  readonly onChange: (value: string) => void;
  readonly onBlur?: () => void;
}

/**
 * A setting written the same in every language (a model id, a domain, a URL, a tag): it reads left to right
 * even in an Arabic UI, and the keyboard neither corrects nor capitalises it.
 */
export function TextField({ label, value, help, error, disabled, managed = false, inputRef, onChange, onBlur }: TextFieldProps) {
  const inputId = useId();
  const helpId = useId();
  const errorId = useId();
  const managedId = useId();
  const describedBy = [error === null ? null : errorId, managed ? managedId : null, helpId].filter((id) => id !== null).join(' ');
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input
        ref={inputRef}
        id={inputId}
        type="text"
        dir="ltr"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="off"
        aria-invalid={error !== null}
        aria-describedby={describedBy}
        readOnly={managed}
        disabled={disabled}
      />
      {error !== null && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
      {managed && <ManagedNote id={managedId} />}
      <p id={helpId} className="muted">
        {help}
      </p>
    </div>
  );
}
