import { ZOHO } from '../../../shared/limits';
import type { Result } from '../../../shared/result';
import type { z } from 'zod';
import type { ZohoConnected, zohoConnectInputSchema, ZohoProgress, ZohoStatus } from '../../../shared/zoho-connection';
import type { Logger } from '../log/logger';
import type { SecretStore } from '../secrets/secret-store';
import type { Sleep } from '../timers/sleep';
import { runDeviceFlow, type FlowDeps, type Grant } from './device-flow';
import { runLoopbackFlow } from './loopback-flow';
import type { GrantScopes } from './grant-scopes';
import { grantsCompose, parseScopes, readClient, requestedScopes } from './oauth';
import type { TokenManager } from './token-manager';
import type { AccountCache } from './zoho-account';
import type { ZohoEndpoints } from './zoho-endpoints';
import { connectFailure, zohoFailed, type ZohoResult } from './zoho-failure';
import type { ZohoHttp } from './zoho-http';

export type ConnectRequest = z.infer<typeof zohoConnectInputSchema>;
type ConnectMethod = ConnectRequest['method'];

type ConnectRun = { signal: AbortSignal; progress: (progress: ZohoProgress) => void };

/** Connect, status and disconnect: what Settings does with the member's Zoho mailbox. */
export interface ZohoConnection {
  /**
   * Zoho's errors come back in the words of connecting (`connectFailure`), whichever step of the flow met them.
   * Zoho is asked for leave to create drafts when `compose` says so, or when the grant being replaced had it.
   */
  connect(request: ConnectRequest, run: ConnectRun): Promise<ZohoResult<ZohoConnected>>;
  /** Asks Zoho for the account's address only when it is not known yet (once per run of the app). */
  status(signal: AbortSignal): Promise<Result<ZohoStatus>>;
  /** Deletes the refresh token, forgets the access token, and revokes the grant at Zoho (best effort). */
  disconnect(signal: AbortSignal): Promise<Result<ZohoStatus>>;
}

export interface ZohoConnectionDeps {
  secrets: SecretStore;
  http: ZohoHttp;
  endpoints: ZohoEndpoints;
  tokens: TokenManager;
  account: AccountCache;
  grantScopes: GrantScopes;
  openExternal: (url: string) => Promise<void>;
  now: () => number;
  sleep: Sleep;
  log: Logger;
}

const FLOWS: Record<ConnectMethod, (deps: FlowDeps, signal: AbortSignal) => Promise<ZohoResult<Grant>>> = {
  device: runDeviceFlow,
  loopback: runLoopbackFlow,
};

export function createZohoConnection(deps: ZohoConnectionDeps): ZohoConnection {
  async function status(signal: AbortSignal): Promise<Result<ZohoStatus>> {
    const dataCentre = deps.endpoints.dataCentre();
    const client = await readClient(deps.secrets);
    if (!client.ok) return client.failure.kind === 'client_missing' ? { ok: true, value: { state: 'not_configured', dataCentre, canDraft: false } } : client;
    const refresh = await deps.secrets.get('zoho.refreshToken');
    if (!refresh.ok) return refresh;
    if (refresh.value === null) return { ok: true, value: { state: 'disconnected', dataCentre, canDraft: false } };
    // Asked first: the address may still be known from before Zoho refused the grant.
    if (deps.tokens.isRefused(refresh.value)) return { ok: true, value: { state: 'reconnect_needed', dataCentre, canDraft: false } };
    const canDraft = grantsCompose(deps.grantScopes.get() ?? []);
    const account = await deps.account.get(signal);
    if (account.ok) return { ok: true, value: { state: 'connected', email: account.value.email, dataCentre: deps.endpoints.dataCentre(), canDraft } };
    // Zoho refused the grant: say so. Offline or busy: still connected, address unknown.
    const kind = account.failure.kind;
    const state = kind === 'reconnect_needed' ? 'reconnect_needed' : kind === 'not_connected' ? 'disconnected' : 'connected';
    return { ok: true, value: { state, dataCentre, canDraft: state === 'connected' && canDraft } };
  }

  async function connectMailbox({ method, compose }: ConnectRequest, run: ConnectRun): Promise<ZohoResult<ZohoConnected>> {
    const client = await readClient(deps.secrets);
    if (!client.ok) return client;
    // A reconnect (after a refusal, or to add drafts) must not quietly take back what the member once allowed.
    const asked = requestedScopes(compose === true || grantsCompose(deps.grantScopes.get() ?? []));
    const flowDeps: FlowDeps = {
      http: deps.http,
      endpoints: deps.endpoints,
      client: client.value,
      scope: asked.join(','),
      openExternal: deps.openExternal,
      now: deps.now,
      sleep: deps.sleep,
      progress: run.progress,
      log: deps.log,
    };
    const granted = await FLOWS[method](flowDeps, run.signal);
    if (!granted.ok) {
      deps.log.info('zoho: connect did not complete', { method, reason: granted.failure.kind });
      return granted;
    }
    const { token, server } = granted.value;
    // access_type=offline (and prompt=consent) make Zoho issue one; without it the app could not stay connected.
    if (!token.refresh_token) return zohoFailed({ kind: 'upstream', detail: 'no refresh token granted' });
    const stored = await deps.secrets.set('zoho.refreshToken', token.refresh_token);
    if (!stored.ok) return zohoFailed({ kind: 'keychain', error: stored.error });
    // What Zoho says it granted, when it says; else what was asked, all of which the member accepted.
    deps.grantScopes.set(token.scope === undefined ? asked : parseScopes(token.scope));
    deps.endpoints.settle(server);
    deps.tokens.adopt({ accessToken: token.access_token, expiresInSec: token.expires_in });
    deps.account.forget();
    const account = await deps.account.get(run.signal);
    if (!account.ok) return account;
    deps.log.info('zoho: mailbox connected', { method, dataCentre: deps.endpoints.dataCentre(), canDraft: grantsCompose(deps.grantScopes.get() ?? []) });
    return { ok: true, value: account.value };
  }

  return {
    async connect(request, run) {
      const connected = await connectMailbox(request, run);
      return connected.ok ? connected : zohoFailed(connectFailure(connected.failure));
    },

    status,

    async disconnect(signal) {
      const refresh = await deps.secrets.get('zoho.refreshToken');
      if (!refresh.ok) return refresh;
      const removed = await deps.secrets.delete('zoho.refreshToken');
      if (!removed.ok) return removed;
      deps.grantScopes.clear();
      deps.tokens.forget();
      deps.account.forget();
      if (refresh.value !== null) await revoke(refresh.value, signal);
      return status(signal);
    },
  };

  /** Best effort: the token is already gone from here, and a failure to tell Zoho must not keep the member waiting. */
  async function revoke(refreshToken: string, signal: AbortSignal): Promise<void> {
    const url = `${deps.endpoints.accountsUrl()}/oauth/v2/token/revoke?${new URLSearchParams({ token: refreshToken })}`;
    const sent = await deps.http.send({ method: 'POST', url }, AbortSignal.any([signal, AbortSignal.timeout(ZOHO.revokeTimeoutMs)]));
    // The URL holds the token: only the outcome is logged.
    if (!sent.ok) deps.log.warn('zoho: the grant could not be revoked at Zoho', { reason: sent.failure.kind });
    else if (sent.answer.status >= 300) deps.log.warn('zoho: Zoho refused to revoke the grant', { status: sent.answer.status });
  }
}
