import type { TFunction } from 'i18next';
import { OFF_BY_POLICY, SET_BY_POLICY } from '../../../shared/managed-policy';
import type { AppError } from '../../../shared/result';
import { en } from '../i18n/locales/en';

/** An error said in the member's language: what happened, and what to do about it when there is something. */
export interface ErrorText {
  readonly message: string;
  readonly hint?: string;
}

const MS_PER_SECOND = 1000;
const SECONDS_PER_MINUTE = 60;

/** English is the reference catalogue: a key it has is a key every language can say (others fall back to it). */
function known<T extends object>(table: T, key: string | undefined): key is keyof T & string {
  return key !== undefined && Object.hasOwn(table, key);
}

/** "Try again in 2 minutes.": rounded up, so that the member never retries too early. */
export function waitText(retryAfterMs: number | undefined, t: TFunction): string {
  if (retryAfterMs === undefined) return t('errors.retryLater');
  const seconds = Math.max(1, Math.ceil(retryAfterMs / MS_PER_SECOND));
  return seconds < SECONDS_PER_MINUTE
    ? t('errors.retryInSeconds', { count: seconds })
    : t('errors.retryInMinutes', { count: Math.ceil(seconds / SECONDS_PER_MINUTE) });
}

/** How to reach the keychain on this platform; main falls back to the Secret Service advice the same way. */
function keychainHint(platform: string | null, t: TFunction): string | undefined {
  if (platform === null) return undefined;
  return t(`errors.keychainHint.${known(en.errors.keychainHint, platform) ? platform : 'linux'}`);
}

/**
 * The sentence for the error's reason, or null when this version does not know it. A sign-in refusal is looked
 * up in its own table first: the verifier's words ("malformed") mean something else when Gemini says them.
 */
function reasonText(error: AppError, t: TFunction): string | null {
  // The machine's policy (issue 28): the same words whichever call it refused.
  if (error.reason === SET_BY_POLICY) return t('managed.setByPolicy');
  if (error.reason === OFF_BY_POLICY) return t('managed.offByPolicy');
  if (error.code === 'UNAUTHENTICATED' && known(en.errors.signIn, error.reason)) return t(`errors.signIn.${error.reason}`);
  // "One of the model ids" would leave the member guessing which: main names it when it knows.
  if (error.reason === 'unknown_model' && error.model !== undefined) return t('errors.modelUnavailable', { model: error.model });
  return known(en.errors.reason, error.reason) ? t(`errors.reason.${error.reason}`) : null;
}

/**
 * Main's `message` and `hint` are English. The member reads the sentence for the error's `reason` when this
 * version knows it, else the one for its `code`; main's message is shown only when neither is known (a newer
 * main), and main's hint only when the reason is not known, since it may be the one concrete step there is.
 * A wait (RATE_LIMITED, or any error that names one) and the keychain advice for the member's platform are said here too.
 */
export function errorText(error: AppError, t: TFunction, platform: string | null): ErrorText {
  const forReason = reasonText(error, t);
  const message = forReason ?? (known(en.errors.code, error.code) ? t(`errors.code.${error.code}`) : error.message);

  let hint: string | undefined;
  // Zoho's lock comes as UPSTREAM with a wait: whenever main names one, the member reads how long.
  if (error.code === 'RATE_LIMITED' || error.retryAfterMs !== undefined) hint = waitText(error.retryAfterMs, t);
  else if (error.reason === 'keychain_unavailable') hint = keychainHint(platform, t) ?? error.hint;
  // A known reason's sentence already says what to do; main's English advice would only repeat it.
  else if (forReason === null) hint = error.hint;

  return hint === undefined ? { message } : { message, hint };
}

/**
 * An error that names a part failing (Gemini or Zoho after their retries, our own bug, a part not set up, a sign-in
 * refused): whoever supports the member needs the diagnostics to tell why. Not a wait, a refused input, a
 * cancellation, nor the organization's own choice.
 */
export function offersDiagnostics(error: AppError): boolean {
  if (error.reason === 'cancelled' || error.reason === SET_BY_POLICY || error.reason === OFF_BY_POLICY) return false;
  // A part that says when to try again (Zoho's lock on the mailbox) is waiting, not failing.
  if (error.retryAfterMs !== undefined) return false;
  return error.code === 'UPSTREAM' || error.code === 'INTERNAL' || error.code === 'NOT_CONFIGURED' || error.code === 'UNAUTHENTICATED';
}
