import { z } from 'zod';
import { ZOHO } from '../../../shared/limits';
import type { ZohoProgress } from '../../../shared/zoho-connection';
import { parseExternalUrl } from '../app/external-url';
import type { Logger } from '../log/logger';
import type { Sleep } from '../timers/sleep';
import { readTokenAnswer, tokenErrorFailure, type OAuthClient } from './oauth';
import type { AccountsServer, ZohoEndpoints } from './zoho-endpoints';
import { zohoFailed, type ZohoFailure, type ZohoResult } from './zoho-failure';
import type { ZohoHttp } from './zoho-http';
import { deviceCodeSchema, type OAuthToken } from './zoho-wire';

/** What a connect flow hands back: the tokens, and the accounts server that issued them. */
export interface Grant {
  token: OAuthToken;
  server: AccountsServer;
}

export interface FlowDeps {
  http: ZohoHttp;
  endpoints: ZohoEndpoints;
  client: OAuthClient;
  /** The scopes to ask for, comma-separated as Zoho takes them. */
  scope: string;
  /** Opens an https URL in the system browser. */
  openExternal: (url: string) => Promise<void>;
  now: () => number;
  sleep: Sleep;
  progress: (progress: ZohoProgress) => void;
  log: Logger;
}

const SECOND_MS = 1000;

/** `other_dc`: the member's account lives in another data centre, which Zoho names. */
const otherDcSchema = z.object({
  user_location: z.string().optional(),
  accounts_server: z.string().optional(),
  'accounts-server': z.string().optional(),
});

type Poll = { kind: 'granted'; token: OAuthToken } | { kind: 'again'; extraMs: number } | { kind: 'move'; server: AccountsServer } | { kind: 'failed'; failure: ZohoFailure };

/**
 * OAuth's device flow (Zoho's "non-browser application"): the member types a code in Zoho's page while the app
 * polls. Every outcome is a value: approved, denied, expired, moved to the member's data centre, cancelled.
 */
export async function runDeviceFlow(deps: FlowDeps, signal: AbortSignal): Promise<ZohoResult<Grant>> {
  let server: AccountsServer = { url: deps.endpoints.accountsUrl(), dataCentre: deps.endpoints.dataCentre() };
  const dataCentre = () => server.dataCentre ?? deps.endpoints.dataCentre();

  const requested = await deps.http.send(
    {
      method: 'POST',
      url: `${server.url}/oauth/v3/device/code`,
      form: new URLSearchParams({ client_id: deps.client.clientId, scope: deps.scope, grant_type: 'device_request', access_type: 'offline' }),
    },
    signal,
  );
  if (!requested.ok) return zohoFailed(requested.failure);
  const answer = readTokenAnswer(requested.answer);
  if (answer.kind === 'error') return zohoFailed(tokenErrorFailure(answer.error, answer.description, { dataCentre: dataCentre(), lockMs: ZOHO.refreshWindowMs }));
  const code = deviceCodeSchema.safeParse(requested.answer.body);
  if (!code.success) return zohoFailed({ kind: 'upstream', status: requested.answer.status, detail: 'unreadable device code answer' });
  // Zoho's page is opened in the member's browser: only an https URL, exactly as checked.
  const verificationUrl = parseExternalUrl(code.data.verification_url);
  if (!verificationUrl) return zohoFailed({ kind: 'upstream', detail: 'verification url is not https' });

  const expiresAt = deps.now() + code.data.expires_in * SECOND_MS;
  deps.progress({ stage: 'code', userCode: code.data.user_code, verificationUrl, expiresAt: new Date(expiresAt).toISOString() });
  try {
    await deps.openExternal(verificationUrl);
    deps.progress({ stage: 'browser_opened' });
  } catch (error) {
    // The code and the link are on screen: the member can open it by hand.
    deps.log.warn('zoho: the verification page could not be opened', { error });
  }
  deps.progress({ stage: 'waiting' });

  let intervalMs = Math.min(code.data.interval ? code.data.interval * SECOND_MS : ZOHO.deviceIntervalDefaultMs, ZOHO.deviceIntervalMaxMs);
  for (;;) {
    await deps.sleep(intervalMs, signal);
    if (signal.aborted) return zohoFailed({ kind: 'cancelled' });
    if (deps.now() >= expiresAt) return zohoFailed({ kind: 'connect_expired' });
    const polled = await poll(deps, server, code.data.device_code, dataCentre(), signal);
    switch (polled.kind) {
      case 'granted':
        return { ok: true, value: { token: polled.token, server } };
      case 'again':
        intervalMs = Math.min(intervalMs + polled.extraMs, ZOHO.deviceIntervalMaxMs);
        break;
      case 'move':
        deps.log.info('zoho: the account lives in another data centre', { dataCentre: polled.server.dataCentre });
        server = polled.server;
        break;
      case 'failed':
        return zohoFailed(polled.failure);
    }
  }
}

async function poll(deps: FlowDeps, server: AccountsServer, deviceCode: string, dataCentre: string, signal: AbortSignal): Promise<Poll> {
  const sent = await deps.http.send(
    {
      method: 'POST',
      url: `${server.url}/oauth/v3/device/token`,
      form: new URLSearchParams({
        client_id: deps.client.clientId,
        client_secret: deps.client.clientSecret,
        grant_type: 'device_token',
        code: deviceCode,
      }),
    },
    signal,
  );
  if (!sent.ok) {
    // A blip while the member is still approving is not the end of the flow: the next poll may get through.
    return sent.failure.kind === 'cancelled' ? { kind: 'failed', failure: sent.failure } : { kind: 'again', extraMs: 0 };
  }
  const answer = readTokenAnswer(sent.answer);
  if (answer.kind === 'token') return { kind: 'granted', token: answer.token };
  if (answer.kind === 'unreadable') {
    return answer.status >= 500 ? { kind: 'again', extraMs: 0 } : { kind: 'failed', failure: { kind: 'upstream', status: answer.status, detail: 'unreadable device token answer' } };
  }
  switch (answer.error) {
    case 'authorization_pending':
      return { kind: 'again', extraMs: 0 };
    case 'slow_down':
      return { kind: 'again', extraMs: ZOHO.deviceSlowDownStepMs };
    case 'access_denied':
      return { kind: 'failed', failure: { kind: 'access_denied' } };
    case 'expired':
    case 'expired_token':
      return { kind: 'failed', failure: { kind: 'connect_expired' } };
    case 'other_dc': {
      const named = otherDcSchema.safeParse(answer.body);
      const url = named.success ? (named.data.accounts_server ?? named.data['accounts-server']) : undefined;
      const location = named.success ? named.data.user_location : undefined;
      const next = deps.endpoints.accountsServer({ ...(url ? { url } : {}), ...(location ? { location } : {}) });
      if (next) return { kind: 'move', server: next };
      deps.log.warn('zoho: other_dc names an accounts server the app does not know', { location });
      return { kind: 'failed', failure: { kind: 'upstream', detail: 'other_dc to an unknown data centre' } };
    }
    default:
      return { kind: 'failed', failure: tokenErrorFailure(answer.error, answer.description, { dataCentre, lockMs: ZOHO.refreshWindowMs }) };
  }
}
