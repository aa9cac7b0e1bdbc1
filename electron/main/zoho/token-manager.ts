import { ZOHO } from '../../../shared/limits';
import type { Logger } from '../log/logger';
import type { SecretStore } from '../secrets/secret-store';
import { readClient, readTokenAnswer, tokenErrorFailure } from './oauth';
import { createSlidingWindow } from '../rate-limit/sliding-window';
import { zohoFailed, type ZohoFailure, type ZohoResult } from './zoho-failure';
import type { ZohoHttp } from './zoho-http';

/**
 * The Mail API's access token. The refresh token lives in the keychain; the access token only here, in memory.
 * However many callers need a token at once, ONE refresh request is in flight and they all share its answer.
 */
export interface TokenManager {
  /** A usable access token: the one in memory, or the answer of the (single) refresh in flight. */
  get(signal: AbortSignal): Promise<ZohoResult<string>>;
  /** The Mail API refused this token (401): it is dropped, unless a newer one has replaced it meanwhile. */
  rejected(token: string): void;
  /** A fresh token pair from a connect flow: its access token is used at once, its refresh token is new. */
  adopt(token: { accessToken: string; expiresInSec: number }): void;
  /** Disconnect: the access token is forgotten, and a refresh still in flight will not bring one back. */
  forget(): void;
  /** Whether Zoho refused this refresh token (invalid_code) since the app started. */
  isRefused(refreshToken: string): boolean;
}

export interface TokenManagerDeps {
  secrets: SecretStore;
  http: ZohoHttp;
  /** Where tokens come from now, and which data centre that is (for the member's messages). */
  accountsUrl: () => string;
  dataCentre: () => string;
  now: () => number;
  log: Logger;
  /** Told when Zoho refuses the refresh token: the mailbox must be connected again, and the page may say so now. */
  onRefused?: () => void;
}

const SECOND_MS = 1000;

export function createTokenManager(deps: TokenManagerDeps): TokenManager {
  let current: { value: string; expiresAt: number } | null = null;
  let inflight: Promise<ZohoResult<string>> | null = null;
  /** Bumped by forget() and adopt(): a refresh that started before either must not store its answer. */
  let generation = 0;
  // Zoho allows 10 token requests per 10 minutes per refresh token; the window is ours to never exceed it.
  const budget = createSlidingWindow(ZOHO.refreshesPerWindow, ZOHO.refreshWindowMs);
  let lockedUntil = 0;
  /**
   * The refresh token Zoho refused: never sent again, so a dead grant spends no more of the budget. It stays in the
   * keychain, where it tells the app (after a restart too, at the cost of one refusal) that the mailbox needs
   * connecting again, which a missing token would say as "never connected". Connect replaces it; Disconnect deletes it.
   */
  let refusedToken: string | null = null;

  const fresh = () => current !== null && deps.now() < current.expiresAt - ZOHO.accessTokenRenewBeforeMs;

  async function refresh(): Promise<ZohoResult<string>> {
    const started = generation;
    const now = deps.now();
    const freeAt = Math.max(budget.nextFreeAt(now), lockedUntil);
    if (freeAt > now) return zohoFailed({ kind: 'rate_limited', retryAfterMs: freeAt - now });
    const client = await readClient(deps.secrets);
    if (!client.ok) return client;
    const stored = await deps.secrets.get('zoho.refreshToken');
    if (!stored.ok) return zohoFailed({ kind: 'keychain', error: stored.error });
    if (stored.value === null) return zohoFailed({ kind: 'not_connected' });
    if (stored.value === refusedToken) return zohoFailed({ kind: 'reconnect_needed' });

    budget.record(now);
    const form = new URLSearchParams({
      refresh_token: stored.value,
      client_id: client.value.clientId,
      client_secret: client.value.clientSecret,
      grant_type: 'refresh_token',
    });
    // Not any caller's signal: one caller giving up must not fail the refresh the others are waiting for.
    const sent = await deps.http.send({ method: 'POST', url: `${deps.accountsUrl()}/oauth/v2/token`, form }, new AbortController().signal);
    if (!sent.ok) return zohoFailed(sent.failure);
    const answer = readTokenAnswer(sent.answer);
    // Kept from the log even when it comes too late to be used.
    if (answer.kind === 'token') deps.log.concealToken(answer.token.access_token);
    // A connect or disconnect happened meanwhile: this answer belongs to a refresh token that is no longer ours.
    if (started !== generation) return current ? { ok: true, value: current.value } : zohoFailed({ kind: 'not_connected' });
    if (answer.kind === 'token') {
      current = { value: answer.token.access_token, expiresAt: deps.now() + answer.token.expires_in * SECOND_MS };
      return { ok: true, value: current.value };
    }
    if (answer.kind === 'unreadable') return zohoFailed({ kind: 'upstream', status: answer.status, detail: 'unreadable token answer' });
    return refused(stored.value, answer.error, answer.description);
  }

  function refused(refreshToken: string, error: string, description: string | undefined): ZohoResult<string> {
    if (error === 'invalid_code') {
      refusedToken = refreshToken;
      current = null;
      deps.log.warn('zoho: the refresh token was refused; the member must connect again');
      deps.onRefused?.();
      return zohoFailed({ kind: 'reconnect_needed' });
    }
    const failure: ZohoFailure = tokenErrorFailure(error, description, { dataCentre: deps.dataCentre(), lockMs: ZOHO.refreshWindowMs });
    if (failure.kind === 'rate_limited') lockedUntil = deps.now() + failure.retryAfterMs;
    deps.log.warn('zoho: token refresh refused', { error });
    return zohoFailed(failure);
  }

  return {
    get(signal) {
      if (fresh()) return Promise.resolve({ ok: true, value: current!.value });
      inflight ??= refresh().finally(() => {
        inflight = null;
      });
      return untilAborted(inflight, signal);
    },
    rejected(token) {
      if (current?.value === token) current = null;
    },
    adopt(token) {
      deps.log.concealToken(token.accessToken);
      generation += 1;
      current = { value: token.accessToken, expiresAt: deps.now() + token.expiresInSec * SECOND_MS };
      // The budget and any lock belonged to the previous refresh token.
      budget.clear();
      lockedUntil = 0;
    },
    forget() {
      generation += 1;
      current = null;
    },
    isRefused: (refreshToken) => refreshToken === refusedToken,
  };
}

/** The shared answer, or `cancelled` as soon as this caller's own signal aborts. */
function untilAborted<T>(shared: Promise<ZohoResult<T>>, signal: AbortSignal): Promise<ZohoResult<T>> {
  if (signal.aborted) return Promise.resolve(zohoFailed({ kind: 'cancelled' }));
  return new Promise((resolve) => {
    const onAbort = () => resolve(zohoFailed({ kind: 'cancelled' }));
    signal.addEventListener('abort', onAbort, { once: true });
    void shared.then((result) => {
      signal.removeEventListener('abort', onAbort);
      resolve(result);
    });
  });
}
