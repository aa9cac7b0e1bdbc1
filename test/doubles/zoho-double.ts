/**
 * A local Zoho for tests: one data centre's accounts (OAuth) server and its Mail API host, each a real server on
 * 127.0.0.1, speaking Zoho's wire format over a seeded mailbox, with scripted faults and a record of every request
 * (docs/external-apis.md, Zoho Mail; docs/testing.md).
 */
import { convert } from 'html-to-text';
import type { IncomingHttpHeaders } from 'node:http';
import { type ExchangeRecord, type HttpExchange, type IncomingCall, isFormEncoded, isStringRecord, pause, startHttpDouble, untilAborted } from './http-double';
import { COMPOSE_SCOPES, type SavedDraft, composeMessage } from './zoho-compose';
import { answerMail, mailEndpointOf } from './zoho-mail-api';
import { escapeHtml } from './zoho-mail-html';
import {
  type SeedFolderName,
  type SeededMailbox,
  type SeededMessage,
  SEED_OWNER,
  folderNamed,
  formatAddresses,
  seedMailbox,
  summarise,
  zohoMessageId,
} from './zoho-mailbox-seed';
import { type OAuthAnswer, type ZohoOAuth, ZOHO_OAUTH, createZohoOAuth } from './zoho-oauth';
import {
  type AccountsEndpoint,
  type ZohoEndpoint,
  type ZohoStep,
  ACCESS_DENIED_BODY,
  INVALID_OAUTHSCOPE_BODY,
  INVALID_OAUTHTOKEN_BODY,
  MALFORMED_BODY,
  isMailEndpoint,
  stepMisfit,
  zohoError,
} from './zoho-steps';
import { JSON_HEADERS, writeJson } from './zoho-wire';

export {
  type AccountsEndpoint,
  type MailEndpoint,
  type ZohoEndpoint,
  type ZohoMailErrorBody,
  type ZohoStep,
  ACCESS_DENIED_BODY,
  ACCOUNTS_ENDPOINTS,
  INVALID_OAUTHSCOPE_BODY,
  INVALID_OAUTHTOKEN_BODY,
  MAIL_ENDPOINTS,
  delay,
  expiredToken,
  hang,
  malformed,
  rateLimited,
  reset,
  serve,
  status,
  zohoError,
} from './zoho-steps';
export * from './zoho-mailbox-seed';
export { ZOHO_OAUTH } from './zoho-oauth';
export { COMPOSE_SCOPES, type SavedDraft } from './zoho-compose';

export interface ZohoDoubleOptions {
  /** The one OAuth client the accounts server knows. */
  clientId?: string;
  clientSecret?: string;
  /** The double's clock (epoch ms): token and device-code expiry, polling intervals, the rate-limit lock. */
  now?: () => number;
  /** How Zoho names the data centre this double plays; 'eu' by default. */
  location?: string;
  /** The device flow's polling interval; Zoho's is 30 s. */
  deviceIntervalSec?: number;
}

export interface ZohoRequest extends ExchangeRecord {
  server: 'accounts' | 'mail';
  endpoint: ZohoEndpoint | 'unknown';
  headers: IncomingHttpHeaders;
  /** The fields of a form-encoded POST (OAuth), null for any other request. */
  form: Record<string, string> | null;
  /** From `Authorization: Zoho-oauthtoken <token>`; null without one (a Bearer token counts as none). */
  accessToken: string | null;
}

/** Where the member's browser went after the authorization page, and what the app's loopback server answered. */
export interface AuthorizationRedirect {
  url: string;
  /** null when nothing answered at the redirect URI. */
  status: number | null;
}

/** A message to add: any seeded field, or `folder` by name; the rest gets sensible defaults. */
export type NewMessage = Partial<SeededMessage> & { folder?: SeedFolderName };

export interface ZohoDouble {
  /** The accounts (OAuth) server, http://127.0.0.1:P. */
  accountsUrl: string;
  /** The Mail API host, http://127.0.0.1:P (paths start with /api/). */
  mailUrl: string;
  /** Every request to either server, in arrival order (a new array on each read). */
  readonly requests: readonly ZohoRequest[];
  requestsFor(endpoint: ZohoEndpoint): ZohoRequest[];
  readonly mailbox: SeededMailbox;
  /** Adds a message (received now on the double's clock unless given); it is searchable and readable at once. */
  addMessage(message?: NewMessage): SeededMessage;
  /** The drafts saved through the Mail API, oldest first (a new array on each read). */
  readonly drafts: readonly SavedDraft[];
  /**
   * The body of every POST to the messages route without `mode: draft` (a send, or a template), whether Zoho would
   * have taken it or not: what proves the app sent nothing is that this stays empty.
   */
  readonly sendAttempts: readonly unknown[];
  /** Each request to `endpoint` takes the next step; with none left, the double serves normally. */
  script(endpoint: ZohoEndpoint, ...steps: ZohoStep[]): void;
  /** The member approves the device in the browser; denyDevice(userCode) refuses it. */
  authorizeDevice(userCode: string): void;
  denyDevice(userCode: string): void;
  /** The member accepts the authorization page with this state: the browser follows the redirect to the app. */
  approveAuthorization(state: string): Promise<AuthorizationRedirect>;
  denyAuthorization(state: string): Promise<AuthorizationRedirect>;
  /** Every access token issued so far answers 401 from now on. */
  expireAccessTokens(): void;
  /** Every refresh token (and its access tokens) is revoked: the refresh grant answers invalid_code. */
  revokeRefreshTokens(): void;
  /**
   * The member's account lives in another data centre: once approved, the device poll answers `other_dc` with
   * this location. When accountsServerUrl is another running Zoho double, the approved device is collected there.
   */
  setOtherDc(location: string, accountsServerUrl: string): void;
  /** Clears scripts, the record, the lock, added messages, drafts, send attempts and flows under way; issued tokens stay valid. */
  reset(): void;
  close(): Promise<void>;
}

type Described = Omit<ZohoRequest, keyof ExchangeRecord>;

const HTML_HEADERS = { 'content-type': 'text/html;charset=UTF-8' };
/** How long the "browser" waits for the app's loopback server to answer the redirect. */
const BROWSER_TIMEOUT_MS = 10_000;

export async function startZohoDouble(options: ZohoDoubleOptions = {}): Promise<ZohoDouble> {
  const now = options.now ?? Date.now;
  const mailbox = seedMailbox();
  const seededCount = mailbox.messages.length;
  let sequence = seededCount;
  const queues = new Map<ZohoEndpoint, ZohoStep[]>();
  let lockedUntil = 0;
  let oauth: ZohoOAuth | null = null;
  const drafts: SavedDraft[] = [];
  const sendAttempts: unknown[] = [];

  const authority = (): ZohoOAuth => {
    if (!oauth) throw new Error('zoho-double: a request arrived before the double had started');
    return oauth;
  };
  const takeStep = (endpoint: ZohoEndpoint): ZohoStep => queues.get(endpoint)?.shift() ?? { kind: 'serve' };

  async function perform(exchange: HttpExchange<Described>, step: ZohoStep, serveNormally: () => void): Promise<void> {
    const server = exchange.record.server;
    switch (step.kind) {
      case 'serve':
        return serveNormally();
      case 'respond':
        return exchange.respond(step.status, JSON_HEADERS, typeof step.body === 'string' ? step.body : writeJson(step.body));
      case 'delay':
        if (await pause(step.ms, exchange.signal)) await perform(exchange, step.then, serveNormally);
        return;
      case 'hang':
        return untilAborted(exchange.signal);
      case 'reset':
        return exchange.destroySocket();
      case 'malformed':
        return exchange.respond(200, JSON_HEADERS, MALFORMED_BODY);
      case 'rateLimited':
        if (server === 'accounts') return exchange.respond(400, JSON_HEADERS, writeJson(ACCESS_DENIED_BODY));
        lockedUntil = Math.max(lockedUntil, now() + step.lockForMs);
        return exchange.respond(429, JSON_HEADERS, writeJson(zohoError(429)));
      case 'expiredToken':
        return exchange.respond(401, JSON_HEADERS, writeJson(INVALID_OAUTHTOKEN_BODY));
    }
  }

  const mail = await startHttpDouble<Described>({
    describe: (call) => ({ server: 'mail', endpoint: mailEndpointOf(call.method, call.path), headers: call.headers, form: null, accessToken: zohoAccessToken(call) }),
    handle: (exchange) => {
      const { endpoint, accessToken } = exchange.record;
      if (endpoint === 'unknown' || !isMailEndpoint(endpoint)) {
        return exchange.respond(404, JSON_HEADERS, writeJson(zohoError(404, 'URL_NOT_FOUND', `Zoho Mail has no ${exchange.call.method} ${exchange.call.path}.`)));
      }
      const body = exchange.record.body;
      if (endpoint === 'messages' && !(isStringRecord(body) && body.mode === 'draft')) sendAttempts.push(body);
      if (now() < lockedUntil) return exchange.respond(429, JSON_HEADERS, writeJson(zohoError(429)));
      return perform(exchange, takeStep(endpoint), () => {
        if (!authority().isValidAccessToken(accessToken)) return exchange.respond(401, JSON_HEADERS, writeJson(INVALID_OAUTHTOKEN_BODY));
        if (endpoint !== 'messages') {
          const answer = answerMail(endpoint, exchange.call.path, exchange.call.query, mailbox);
          return exchange.respond(answer.status, JSON_HEADERS, writeJson(answer.body));
        }
        if (!authority().allows(accessToken, COMPOSE_SCOPES)) return exchange.respond(401, JSON_HEADERS, writeJson(INVALID_OAUTHSCOPE_BODY));
        const composed = composeMessage(exchange.call.path, body, mailbox, zohoMessageId(now(), sequence++));
        if (composed.draft) drafts.push(composed.draft);
        exchange.respond(composed.answer.status, JSON_HEADERS, writeJson(composed.answer.body));
      });
    },
  });

  const accountsCore = await startHttpDouble<Described>({
    describe: (call) => ({ server: 'accounts', endpoint: accountsEndpointOf(call.method, call.path), headers: call.headers, form: null, accessToken: null }),
    handle: (exchange) => {
      const { record, call } = exchange;
      // http-double reads a form-encoded body into the object of its fields.
      record.form = isFormEncoded(call.headers['content-type']) && isStringRecord(record.body) ? record.body : null;
      const endpoint = record.endpoint;
      if (endpoint === 'unknown' || isMailEndpoint(endpoint)) return exchange.respond(404, HTML_HEADERS, '<!DOCTYPE html><html><body><h1>404 Not Found</h1></body></html>');
      const params = { ...call.query, ...(record.form ?? {}) };
      return perform(exchange, takeStep(endpoint), () => {
        const answer = answerAccounts(authority(), endpoint, params);
        exchange.respond(answer.status, answer.type === 'json' ? JSON_HEADERS : HTML_HEADERS, typeof answer.body === 'string' ? answer.body : writeJson(answer.body));
      });
    },
  });
  oauth = createZohoOAuth({
    clientId: options.clientId ?? 'zoho-client-id',
    clientSecret: options.clientSecret ?? 'zoho-client-secret',
    now,
    accountsUrl: accountsCore.baseUrl,
    location: options.location ?? 'eu',
    deviceIntervalSec: options.deviceIntervalSec ?? ZOHO_OAUTH.deviceIntervalSec,
  });
  const ready = oauth;

  const allRequests = () => [...accountsCore.requests, ...mail.requests].sort((a, b) => a.startedAt - b.startedAt);

  return {
    accountsUrl: accountsCore.baseUrl,
    mailUrl: mail.baseUrl,
    get requests() {
      return allRequests();
    },
    requestsFor: (endpoint) => allRequests().filter((request) => request.endpoint === endpoint),
    mailbox,
    get drafts() {
      return [...drafts];
    },
    get sendAttempts() {
      return [...sendAttempts];
    },
    addMessage(message = {}) {
      const added = newMessage(message, now(), sequence++);
      mailbox.messages.push(added);
      return added;
    },
    script(endpoint, ...steps) {
      for (const step of steps) {
        const misfit = stepMisfit(step, endpoint);
        if (misfit) throw new Error(misfit);
      }
      queues.set(endpoint, [...(queues.get(endpoint) ?? []), ...steps]);
    },
    authorizeDevice: (userCode) => ready.authorizeDevice(userCode),
    denyDevice: (userCode) => ready.denyDevice(userCode),
    approveAuthorization: (state) => followRedirect(ready.approveAuthorization(state)),
    denyAuthorization: (state) => followRedirect(ready.denyAuthorization(state)),
    expireAccessTokens: () => ready.expireAccessTokens(),
    revokeRefreshTokens: () => ready.revokeRefreshTokens(),
    setOtherDc: (location, accountsServerUrl) => ready.setOtherDc(location, accountsServerUrl),
    reset() {
      queues.clear();
      lockedUntil = 0;
      mailbox.messages.splice(seededCount);
      sequence = seededCount;
      drafts.length = 0;
      sendAttempts.length = 0;
      ready.clearFlows();
      accountsCore.clearRequests();
      mail.clearRequests();
    },
    async close() {
      ready.dispose();
      await Promise.all([accountsCore.close(), mail.close()]);
    },
  };
}

function accountsEndpointOf(method: string, path: string): AccountsEndpoint | 'unknown' {
  if (method === 'GET') return path === '/oauth/v2/auth' ? 'auth' : 'unknown';
  if (method !== 'POST') return 'unknown';
  const byPath: Record<string, AccountsEndpoint> = {
    '/oauth/v3/device/code': 'deviceCode',
    '/oauth/v3/device/token': 'deviceToken',
    '/oauth/v2/token': 'token',
    '/oauth/v2/token/revoke': 'revoke',
  };
  return byPath[path] ?? 'unknown';
}

function answerAccounts(oauth: ZohoOAuth, endpoint: AccountsEndpoint, params: Record<string, string>): OAuthAnswer {
  switch (endpoint) {
    case 'deviceCode':
      return oauth.deviceCode(params);
    case 'deviceToken':
      return oauth.deviceToken(params);
    case 'token':
      return oauth.token(params);
    case 'revoke':
      return oauth.revoke(params);
    case 'auth':
      return oauth.authPage(params);
  }
}

function zohoAccessToken(call: IncomingCall): string | null {
  const header = call.headers.authorization;
  const match = header === undefined ? null : /^Zoho-oauthtoken (\S+)$/.exec(header);
  return match?.[1] ?? null;
}

function newMessage(message: NewMessage, receivedAt: number, sequence: number): SeededMessage {
  const { folder, ...fields } = message;
  const html = fields.html ?? `<div>${escapeHtml(fields.text ?? '')}</div>`;
  const text = fields.text ?? convert(html, { wordwrap: false, selectors: [{ selector: 'a', options: { ignoreHref: true } }, { selector: 'img', format: 'skip' }] });
  const receivedTime = fields.receivedTime ?? String(receivedAt);
  const messageId = fields.messageId ?? zohoMessageId(Number(receivedTime), sequence);
  return Object.freeze({
    messageId,
    folderId: fields.folderId ?? folderNamed(folder ?? 'Inbox').folderId,
    threadId: fields.threadId ?? messageId,
    fromAddress: fields.fromAddress ?? 'sender@example.com',
    sender: fields.sender ?? 'Sender',
    toAddress: fields.toAddress ?? formatAddresses([SEED_OWNER]),
    ccAddress: fields.ccAddress ?? '',
    subject: fields.subject ?? '(no subject)',
    summary: fields.summary ?? summarise(text),
    receivedTime,
    status: fields.status ?? 'unread',
    html,
    text,
    hasAttachment: fields.hasAttachment ?? false,
  });
}

async function followRedirect(url: string): Promise<AuthorizationRedirect> {
  try {
    const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(BROWSER_TIMEOUT_MS) });
    await response.arrayBuffer();
    return { url, status: response.status };
  } catch {
    return { url, status: null };
  }
}
