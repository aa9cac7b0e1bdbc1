import type { AppError, Err, Ok } from '../../../shared/result';

/** Why a Zoho request or a connect flow failed, classified once and turned into what the member reads once. */
export type ZohoFailure =
  /** No OAuth client id or secret in the keychain. */
  | { kind: 'client_missing' }
  /** No refresh token: the mailbox was never connected, or was disconnected. */
  | { kind: 'not_connected' }
  /** Zoho refused the refresh token (`invalid_code`): the grant was revoked or has lapsed. */
  | { kind: 'reconnect_needed' }
  /** Zoho does not know this client here (`invalid_client`), most often because it lives in another data centre. */
  | { kind: 'invalid_client'; dataCentre: string }
  /** The keychain could not be read or written: its own error is passed on as it is. */
  | { kind: 'keychain'; error: AppError }
  | { kind: 'network' }
  | { kind: 'timeout' }
  | { kind: 'cancelled' }
  /** Zoho's rate-limit lock, or our own budget keeping us under it. */
  | { kind: 'rate_limited'; retryAfterMs: number }
  | { kind: 'not_found' }
  /** The connected Zoho login lists no mail account. */
  | { kind: 'no_mail_account' }
  /** The grant does not let the app create messages (ZohoMail.messages.CREATE), which a draft needs. */
  | { kind: 'compose_scope_missing' }
  /** Anything else Zoho answered that we cannot use; `detail` is for the log, never for the member. */
  | { kind: 'upstream'; status?: number; detail?: string }
  /** Connect flows: the member said no in Zoho's page. */
  | { kind: 'access_denied' }
  /**
   * Connect flows: Zoho answered something unusable while the mailbox was being connected (the connect flow's own
   * word for `upstream` and `not_found`, which speak of reading mail); `detail` is for the log.
   */
  | { kind: 'connect_failed'; status?: number; detail?: string }
  /** Connect flows: the code or the wait ran out before the member approved. */
  | { kind: 'connect_expired' }
  /** Loopback flow: no port on 127.0.0.1 could be opened for Zoho's redirect. */
  | { kind: 'loopback_unavailable' }
  /** Loopback flow: the system browser would not open Zoho's page. */
  | { kind: 'browser_unavailable' };

/** A Result error that still carries the typed failure, for callers in main that decide by kind. */
export type ZohoErr = Err & { readonly failure: ZohoFailure };
/** Assignable to Result<T>: the registry passes only `error` across IPC. */
export type ZohoResult<T> = Ok<T> | ZohoErr;

export function zohoFailed(failure: ZohoFailure): ZohoErr {
  return { ok: false, error: zohoError(failure), failure };
}

const SECOND_MS = 1000;

/** The one mapping from a failure to a sentence the member can act on; `reason` lets the UI translate it. */
export function zohoError(failure: ZohoFailure): AppError {
  switch (failure.kind) {
    case 'client_missing':
      return appError('NOT_CONFIGURED', 'Add the Zoho OAuth client id and secret in Settings first.', 'zoho_client_missing');
    case 'not_connected':
      return appError('NOT_CONFIGURED', 'Connect your Zoho mailbox in Settings first.', 'zoho_not_connected');
    case 'reconnect_needed':
      return appError(
        'NOT_CONFIGURED',
        'Zoho no longer accepts the app’s access to your mailbox (it was revoked or has lapsed). Connect your mailbox again in Settings.',
        'zoho_reconnect_needed',
      );
    case 'invalid_client':
      return appError(
        'NOT_CONFIGURED',
        `Zoho's ${failure.dataCentre} data centre does not know this OAuth client. The data centre in Settings is probably not the one the client was made in; otherwise check the client id and secret.`,
        'zoho_invalid_client',
      );
    case 'keychain':
      return failure.error;
    case 'network':
      return appError('UPSTREAM', 'Zoho could not be reached. Check your internet connection and try again.', 'zoho_unreachable');
    case 'timeout':
      return appError('UPSTREAM', 'Zoho took too long to answer. Try again in a moment.', 'zoho_unreachable');
    case 'cancelled':
      return appError('UPSTREAM', 'The request to Zoho was cancelled.', 'cancelled');
    case 'rate_limited': {
      const seconds = Math.max(1, Math.ceil(failure.retryAfterMs / SECOND_MS));
      return appError(
        'UPSTREAM',
        `Zoho is limiting how often the app may ask for now. Try again in ${seconds} seconds.`,
        'zoho_rate_limited',
        failure.retryAfterMs,
      );
    }
    case 'not_found':
      return appError('UPSTREAM', 'Zoho no longer has that message or folder: it may have been moved or deleted.', 'zoho_error');
    case 'no_mail_account':
      return appError(
        'NOT_CONFIGURED',
        'The Zoho login you connected has no Zoho Mail account. Connect again with the login that holds your mailbox.',
        'zoho_no_mail_account',
      );
    case 'compose_scope_missing':
      return appError(
        'NOT_CONFIGURED',
        'The app may not save drafts in your Zoho mailbox yet. Allow it in Zoho’s page when the app asks, then try again.',
        'zoho_compose_scope',
      );
    case 'upstream':
      return appError('UPSTREAM', 'Zoho answered with an error. Try again in a moment.', 'zoho_error');
    case 'access_denied':
      return appError(
        'NOT_CONFIGURED',
        'Access was declined in Zoho’s page, so the mailbox is not connected. Connect again and accept to go on.',
        'zoho_access_denied',
      );
    case 'connect_failed':
      return appError('UPSTREAM', 'Zoho answered with an error while your mailbox was being connected. Nothing changed: try connecting again in a moment.', 'zoho_connect_failed');
    case 'connect_expired':
      return appError(
        'NOT_CONFIGURED',
        'The approval in Zoho’s page did not arrive in time. Start connecting again.',
        'zoho_connect_expired',
      );
    case 'loopback_unavailable':
      return appError(
        'INTERNAL',
        'The app could not wait for Zoho’s answer on this computer. Connect with a code instead.',
        'zoho_loopback_unavailable',
      );
    case 'browser_unavailable':
      return appError(
        'INTERNAL',
        'The system browser could not be opened for Zoho’s page. Connect with a code instead.',
        'zoho_browser_unavailable',
      );
  }
}

/**
 * What a failure means while the member connects the mailbox: Zoho's errors are said as a failed connection, not in
 * the words of reading mail ("no longer has that message", "no longer accepts the app's access").
 */
export function connectFailure(failure: ZohoFailure): ZohoFailure {
  switch (failure.kind) {
    case 'upstream':
      return { kind: 'connect_failed', ...(failure.status === undefined ? {} : { status: failure.status }), ...(failure.detail === undefined ? {} : { detail: failure.detail }) };
    case 'not_found':
    case 'reconnect_needed':
      return { kind: 'connect_failed', detail: failure.kind };
    default:
      return failure;
  }
}

function appError(code: AppError['code'], message: string, reason: string, retryAfterMs?: number): AppError {
  return { code, message, reason, ...(retryAfterMs === undefined ? {} : { retryAfterMs: Math.ceil(retryAfterMs) }) };
}
