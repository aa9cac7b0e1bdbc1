import { useId, type Ref } from 'react';

interface TextFieldProps {
  readonly label: string;
  readonly value: string;
  /** Said under the field and read out with it. */
  readonly help: string;
  /** Why the value was refused, next to the field; null while it is not. */
  readonly error: string | null;
  readonly disabled: boolean;
  readonly inputRef: Ref<HTMLInputElement>;
  readonly onChange: (value: string) => void;
  readonly onBlur?: () => void;
}

/**
 * A setting written the same in every language (a model id, a domain, a URL, a tag): it reads left to right
 * even in an Arabic UI, and the keyboard neither corrects nor capitalises it.
 */
export function TextField({ label, value, help, error, disabled, inputRef, onChange, onBlur }: TextFieldProps) {
  const inputId = useId();
  const helpId = useId();
  const errorId = useId();
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
        aria-describedby={error === null ? helpId : `${errorId} ${helpId}`}
        disabled={disabled}
      />
      {error !== null && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
      <p id={helpId} className="muted">
        {help}
      </p>
    </div>
  );
}
