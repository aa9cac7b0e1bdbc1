import type { SecretStore } from '../secrets/secret-store';
import type { ZohoAnswer } from './zoho-http';
import { zohoFailed, type ZohoFailure, type ZohoResult } from './zoho-failure';
import { oauthErrorSchema, oauthTokenSchema, type OAuthToken } from './zoho-wire';

/** Read-only access: the secretary searches and reads, it never sends, moves or deletes. */
const READ_SCOPES = ['ZohoMail.messages.READ', 'ZohoMail.accounts.READ', 'ZohoMail.folders.READ'] as const;

/**
 * Leave to create messages, the narrowest scope Zoho's "Save Draft" takes (the other is messages.ALL). Zoho's
 * "Send an email" takes it too: that the app never sends is its own rule, kept by the one request it makes with it
 * (`mode: draft`, zoho-drafts.ts).
 */
const COMPOSE_SCOPE = 'ZohoMail.messages.CREATE';

/** What a connect flow asks Zoho for: reading, and creating drafts when the member allowed it. */
export function requestedScopes(compose: boolean): readonly string[] {
  return compose ? [...READ_SCOPES, COMPOSE_SCOPE] : READ_SCOPES;
}

/** Zoho's token answers list scopes spaced (its documented samples) or comma-separated (as they were asked). */
export function parseScopes(scope: string): string[] {
  return scope.split(/[\s,]+/).filter((item) => item !== '');
}

/** Scope names are compared as Zoho does, whatever their case. */
const isCompose = (scope: string) => scope.toLowerCase() === COMPOSE_SCOPE.toLowerCase();

export function grantsCompose(scopes: readonly string[]): boolean {
  return scopes.some(isCompose);
}

export function withoutCompose(scopes: readonly string[]): string[] {
  return scopes.filter((scope) => !isCompose(scope));
}

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

/** The OAuth client the member entered in Settings. */
export async function readClient(secrets: SecretStore): Promise<ZohoResult<OAuthClient>> {
  const clientId = await secrets.get('zoho.clientId');
  if (!clientId.ok) return zohoFailed({ kind: 'keychain', error: clientId.error });
  const clientSecret = await secrets.get('zoho.clientSecret');
  if (!clientSecret.ok) return zohoFailed({ kind: 'keychain', error: clientSecret.error });
  if (clientId.value === null || clientSecret.value === null) return zohoFailed({ kind: 'client_missing' });
  return { ok: true, value: { clientId: clientId.value, clientSecret: clientSecret.value } };
}

/** What the accounts server answered: a token, one of its `{"error": ...}` words (often with HTTP 200), or junk. */
type TokenAnswer =
  | { kind: 'token'; token: OAuthToken }
  | { kind: 'error'; error: string; description?: string; body: unknown }
  | { kind: 'unreadable'; status: number };

export function readTokenAnswer(answer: ZohoAnswer): TokenAnswer {
  const failed = oauthErrorSchema.safeParse(answer.body);
  if (failed.success) {
    const { error, error_description: description } = failed.data;
    return { kind: 'error', error, ...(description === undefined ? {} : { description }), body: answer.body };
  }
  const token = oauthTokenSchema.safeParse(answer.body);
  if (answer.status >= 200 && answer.status < 300 && token.success) return { kind: 'token', token: token.data };
  return { kind: 'unreadable', status: answer.status };
}

/**
 * The failures every token request shares. `invalid_client` most often means the client was made in another
 * data centre (`invalid_client_secret`: the secret does not match the id). Too many token requests come back as "Access Denied" with a description that says so.
 */
export function tokenErrorFailure(error: string, description: string | undefined, context: { dataCentre: string; lockMs: number }): ZohoFailure {
  if (error === 'invalid_client' || error === 'invalid_client_secret') return { kind: 'invalid_client', dataCentre: context.dataCentre };
  if (isTooManyRequests(error, description)) return { kind: 'rate_limited', retryAfterMs: context.lockMs };
  return { kind: 'upstream', detail: `oauth error ${error}` };
}

function isTooManyRequests(error: string, description: string | undefined): boolean {
  return /too many requests/i.test(description ?? '') || /^access denied$/i.test(error);
}
