/**
 * What the Zoho double can be scripted to do for one request, and the bodies Zoho really sends when things go
 * wrong (docs/external-apis.md, Zoho Mail). Steps mirror the Gemini double's.
 */

/** Accounts server (OAuth). */
export const ACCOUNTS_ENDPOINTS = ['deviceCode', 'deviceToken', 'token', 'revoke', 'auth'] as const;
/** Mail API host; `messages` is the one POST (send, or save a draft or template). */
export const MAIL_ENDPOINTS = ['accounts', 'folders', 'search', 'content', 'view', 'messages'] as const;

export type AccountsEndpoint = (typeof ACCOUNTS_ENDPOINTS)[number];
export type MailEndpoint = (typeof MAIL_ENDPOINTS)[number];
export type ZohoEndpoint = AccountsEndpoint | MailEndpoint;

export function isMailEndpoint(endpoint: ZohoEndpoint): endpoint is MailEndpoint {
  return (MAIL_ENDPOINTS as readonly string[]).includes(endpoint);
}

export type ZohoStep =
  /** What the double does when nothing is scripted. */
  | { kind: 'serve' }
  /** An object body is written as JSON (LosslessNumber values stay exact); a string body is sent as it is. */
  | { kind: 'respond'; status: number; body: object | string }
  | { kind: 'delay'; ms: number; then: ZohoStep }
  | { kind: 'hang' }
  | { kind: 'reset' }
  | { kind: 'malformed' }
  | { kind: 'rateLimited'; lockForMs: number }
  | { kind: 'expiredToken' };

/** Why a step cannot serve an endpoint, or null when it can: scripting a misfit is a bug in the test. */
export function stepMisfit(step: ZohoStep, endpoint: ZohoEndpoint): string | null {
  if (step.kind === 'delay') return stepMisfit(step.then, endpoint);
  if (step.kind === 'expiredToken' && !isMailEndpoint(endpoint)) return `expiredToken() only serves Mail API endpoints, not '${endpoint}'.`;
  return null;
}

export interface ZohoMailErrorBody {
  status: { code: number; description: string };
  data: { errorCode: string; moreInfo?: string };
}

const CANONICAL: Record<number, { description: string; errorCode: string; moreInfo?: string }> = {
  400: { description: 'Invalid Input', errorCode: 'PATTERN_NOT_MATCHED', moreInfo: 'zoho-inputstream Input does not match the given pattern' },
  401: { description: 'Invalid Input', errorCode: 'INVALID_OAUTHTOKEN' },
  403: { description: 'Forbidden', errorCode: 'NO_PERMISSION' },
  404: { description: 'Not Found', errorCode: 'NOT_FOUND' },
  405: { description: 'Method Not Allowed', errorCode: 'METHOD_NOT_ALLOWED' },
  429: { description: 'Too Many Requests', errorCode: 'TOO_MANY_REQUESTS', moreInfo: 'You have made too many requests continuously. Please try again after some time.' },
  500: { description: 'Internal Error', errorCode: 'INTERNAL_SERVER_ERROR' },
  502: { description: 'Bad Gateway', errorCode: 'BAD_GATEWAY' },
  503: { description: 'Service Unavailable', errorCode: 'SERVICE_UNAVAILABLE' },
};

/** Zoho Mail's error body: `{status: {code, description}, data: {errorCode, moreInfo}}`. */
export function zohoError(code: number, errorCode?: string, moreInfo?: string): ZohoMailErrorBody {
  const canonical = CANONICAL[code] ?? { description: 'Error', errorCode: 'UNKNOWN_ERROR' };
  const info = moreInfo ?? (errorCode === undefined ? canonical.moreInfo : undefined);
  return { status: { code, description: canonical.description }, data: { errorCode: errorCode ?? canonical.errorCode, ...(info === undefined ? {} : { moreInfo: info }) } };
}

/** The answer to an access token that is missing, unknown, expired or revoked. */
export const INVALID_OAUTHTOKEN_BODY: ZohoMailErrorBody = { status: { code: 401, description: 'Invalid Input' }, data: { errorCode: 'INVALID_OAUTHTOKEN' } };

/** The answer to a valid access token whose grant lacks the scope the call needs (ZohoMail.messages.CREATE to compose). */
export const INVALID_OAUTHSCOPE_BODY: ZohoMailErrorBody = { status: { code: 401, description: 'Invalid Input' }, data: { errorCode: 'INVALID_OAUTHSCOPE' } };

const TOO_MANY_REQUESTS_DESCRIPTION = 'You have made too many requests continuously. Please try again after some time.';

/** The accounts server's refusal once a refresh token's requests run over its limit (HTTP 400). */
export const ACCESS_DENIED_BODY = { error_description: TOO_MANY_REQUESTS_DESCRIPTION, error: 'Access Denied', status: 'failure' } as const;

/** A Zoho JSON body cut short. */
export const MALFORMED_BODY = '{"status":{"code":200,"description":"success"},"data":[{"messageId":17098761';

/** What the double does unscripted; as a delay's `then`, "answer normally after the delay". */
export function serve(): ZohoStep {
  return { kind: 'serve' };
}

/** Any status; without a body, Zoho Mail's error body for that code. */
export function status(code: number, body?: object | string): ZohoStep {
  return { kind: 'respond', status: code, body: body ?? zohoError(code) };
}

export function delay(ms: number, then: ZohoStep = serve()): ZohoStep {
  return { kind: 'delay', ms, then };
}

/** Never answers; the request ends when the client gives up or the double closes. */
export function hang(): ZohoStep {
  return { kind: 'hang' };
}

/** Reads the request, then drops the connection without a response. */
export function reset(): ZohoStep {
  return { kind: 'reset' };
}

/** 200, JSON content type, a body cut short. */
export function malformed(): ZohoStep {
  return { kind: 'malformed' };
}

/**
 * Zoho's rate-limit lock. On the Mail API: 429 with Zoho's body, and with `lockForMs` every Mail API request
 * answers the same until that long has passed on the double's clock. On the accounts server: the token
 * endpoint's HTTP 400 "Access Denied".
 */
export function rateLimited(options: { lockForMs?: number } = {}): ZohoStep {
  return { kind: 'rateLimited', lockForMs: options.lockForMs ?? 0 };
}

/** 401 INVALID_OAUTHTOKEN whatever the token: Zoho expired or revoked it early. */
export function expiredToken(): ZohoStep {
  return { kind: 'expiredToken' };
}
