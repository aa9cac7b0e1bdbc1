import type { Ref } from 'react';
import { IPC } from '../../../shared/limits';

/**
 * A field for a write-only secret (an API key, an OAuth client): uncontrolled, so the value never sits in React
 * state, read once by its form and then emptied; never autocompleted, spell-checked or capitalised.
 */
export function SecretInput(props: { ref: Ref<HTMLInputElement>; id: string; masked: boolean; disabled: boolean }) {
  return (
    <input
      ref={props.ref}
      id={props.id}
      type={props.masked ? 'password' : 'text'}
      dir="ltr"
      autoComplete="off"
      spellCheck={false}
      autoCapitalize="off"
      maxLength={IPC.secretValueMaxChars}
      disabled={props.disabled}
    />
  );
}
