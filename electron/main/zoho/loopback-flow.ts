import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ZOHO } from '../../../shared/limits';
import type { FlowDeps, Grant } from './device-flow';
import { readTokenAnswer, tokenErrorFailure } from './oauth';
import type { AccountsServer } from './zoho-endpoints';
import { zohoFailed, type ZohoFailure, type ZohoResult } from './zoho-failure';

/**
 * The redirect comes back to the loopback IP literal rather than `localhost` (RFC 8252 section 8.3): `localhost`
 * may resolve to ::1 or be remapped by the hosts file, 127.0.0.1 is where this server listens. The port is random,
 * so the OAuth client in Zoho's API console must accept http://127.0.0.1 redirects on any port (Zoho allows
 * loopback http redirects; whether it ignores the port is not documented, which is why the device flow is the
 * default). Only a request carrying this flow's random `state` is taken, its code is exchanged once, and the
 * server closes then, on timeout, or on cancel.
 */
const CALLBACK_PATH = '/callback';
const STATE_BYTES = 32;
/** 32 random bytes are 43 base64url characters: RFC 7636's shortest verifier, with 256 bits of entropy. */
const VERIFIER_BYTES = 32;

/**
 * PKCE (RFC 7636, S256), which Zoho's accounts server takes on /oauth/v2/auth and /oauth/v2/token: another program on
 * this computer that catches the redirect (a loopback port is anyone's to listen on) gets a code it cannot exchange
 * without the verifier, which never leaves this process. It adds to the client secret, which a desktop app cannot
 * truly keep.
 */
function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(VERIFIER_BYTES).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

type Callback = { params: URLSearchParams; reply: (page: Page) => Promise<void> };
type Page = 'connected' | 'declined' | 'failed';

const PAGES: Record<Page | 'wrong_state' | 'not_found', { status: number; text: string }> = {
  connected: { status: 200, text: 'Your Zoho mailbox is connected. You can close this tab and go back to Staff Desk.' },
  declined: { status: 200, text: 'Access was declined, so the mailbox is not connected. You can close this tab.' },
  failed: { status: 200, text: 'Zoho’s answer could not be used. Go back to Staff Desk to see why and try again.' },
  wrong_state: { status: 400, text: 'This sign-in answer was not meant for this window of Staff Desk.' },
  not_found: { status: 404, text: 'Not found.' },
};

export async function runLoopbackFlow(deps: FlowDeps, signal: AbortSignal): Promise<ZohoResult<Grant>> {
  const state = randomBytes(STATE_BYTES).toString('base64url');
  const pkce = pkcePair();
  let deliver: (callback: Callback) => void = () => {};
  const arrived = new Promise<Callback>((resolve) => {
    deliver = resolve;
  });
  const server = createServer((req, res) => answerRequest(req, res, state, (callback) => deliver(callback)));
  const port = await listen(server);
  if (port === null) return zohoFailed({ kind: 'loopback_unavailable' });

  const timer = new AbortController();
  try {
    const redirectUri = `http://127.0.0.1:${port}${CALLBACK_PATH}`;
    const start: AccountsServer = { url: deps.endpoints.accountsUrl(), dataCentre: deps.endpoints.dataCentre() };
    const authUrl = `${start.url}/oauth/v2/auth?${new URLSearchParams({
      scope: deps.scope,
      client_id: deps.client.clientId,
      response_type: 'code',
      redirect_uri: redirectUri,
      access_type: 'offline',
      prompt: 'consent',
      state,
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    })}`;
    try {
      // Built here from the configured accounts server, not from anything Zoho sent.
      await deps.openExternal(authUrl);
    } catch (error) {
      deps.log.warn('zoho: the sign-in page could not be opened', { error });
      return zohoFailed({ kind: 'browser_unavailable' });
    }
    deps.progress({ stage: 'browser_opened' });
    deps.progress({ stage: 'waiting' });

    const outcome = await Promise.race([
      arrived,
      deps.sleep(ZOHO.loopbackTimeoutMs, AbortSignal.any([signal, timer.signal])).then(() => null),
    ]);
    if (signal.aborted) return zohoFailed({ kind: 'cancelled' });
    if (outcome === null) return zohoFailed({ kind: 'connect_expired' });
    // One answer only: nothing else is accepted while (and after) the code is exchanged.
    server.close();
    const exchanged = await exchange(deps, { params: outcome.params, redirectUri, verifier: pkce.verifier }, start, signal);
    await outcome.reply(exchanged.ok ? 'connected' : exchanged.failure.kind === 'access_denied' ? 'declined' : 'failed');
    return exchanged;
  } finally {
    timer.abort();
    server.close();
    server.closeAllConnections();
  }
}

function answerRequest(req: IncomingMessage, res: ServerResponse, state: string, deliver: (callback: Callback) => void) {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  // Resolves once the page is sent, so closing the server right after cannot cut it off.
  const send = (page: keyof typeof PAGES) =>
    new Promise<void>((resolve) => {
      const { status, text } = PAGES[page];
      res.writeHead(status, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "default-src 'none'",
        'cache-control': 'no-store',
      });
      res.end(`<!doctype html><meta charset="utf-8"><title>Staff Desk</title><p>${text}</p>`, () => resolve());
      res.once('close', () => resolve());
    });
  if (req.method !== 'GET' || url.pathname !== CALLBACK_PATH) return void send('not_found');
  if (url.searchParams.get('state') !== state) return void send('wrong_state');
  deliver({ params: url.searchParams, reply: send });
}

/** What the exchange needs from this flow: Zoho's redirect, and the redirect URI and verifier it was asked with. */
interface Redirected {
  params: URLSearchParams;
  redirectUri: string;
  verifier: string;
}

async function exchange(deps: FlowDeps, { params, redirectUri, verifier }: Redirected, start: AccountsServer, signal: AbortSignal): Promise<ZohoResult<Grant>> {
  const error = params.get('error');
  if (error !== null) return zohoFailed(error === 'access_denied' ? { kind: 'access_denied' } : { kind: 'upstream', detail: `redirect error ${error}` });
  const code = params.get('code');
  if (!code) return zohoFailed({ kind: 'upstream', detail: 'redirect without a code' });
  const named = params.get('accounts-server');
  const location = params.get('location');
  const server = named === null ? start : deps.endpoints.accountsServer({ url: named, ...(location ? { location } : {}) });
  // Never send the client secret to a server Zoho's redirect named but the app does not know.
  if (!server) return zohoFailed({ kind: 'upstream', detail: 'redirect names an unknown accounts server' });

  const sent = await deps.http.send(
    {
      method: 'POST',
      url: `${server.url}/oauth/v2/token`,
      form: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: deps.client.clientId,
        client_secret: deps.client.clientSecret,
        redirect_uri: redirectUri,
        code,
        code_verifier: verifier,
      }),
    },
    signal,
  );
  if (!sent.ok) return zohoFailed(sent.failure);
  const answer = readTokenAnswer(sent.answer);
  if (answer.kind === 'token') return { ok: true, value: { token: answer.token, server } };
  const failure: ZohoFailure =
    answer.kind === 'error'
      ? tokenErrorFailure(answer.error, answer.description, { dataCentre: server.dataCentre ?? deps.endpoints.dataCentre(), lockMs: ZOHO.refreshWindowMs })
      : { kind: 'upstream', status: answer.status, detail: 'unreadable token answer' };
  return zohoFailed(failure);
}

function listen(server: Server): Promise<number | null> {
  return new Promise((resolve) => {
    server.once('error', () => resolve(null));
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}
