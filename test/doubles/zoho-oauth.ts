/**
 * Zoho's accounts server for one data centre (docs/external-apis.md, Zoho Mail): the device flow, the
 * loopback authorization page (with PKCE, S256 or plain), the authorization_code and refresh_token grants and revocation, with Zoho's own
 * answers, several of them HTTP 200 with `{"error": ...}`. Every grant, and every access token issued from it,
 * keeps the scopes the member approved, which the Mail API checks. Time is the double's clock.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_DENIED_BODY } from './zoho-steps';

/** Zoho's facts, as its documentation and observed behaviour give them. */
export const ZOHO_OAUTH = {
  accessTokenLifetimeSec: 3600,
  deviceCodeLifetimeSec: 300,
  /** Zoho asks devices to poll at most every 30 s. */
  deviceIntervalSec: 30,
  authorizationCodeLifetimeMs: 2 * 60_000,
  refreshesPerWindow: 10,
  refreshWindowMs: 10 * 60_000,
  liveAccessTokensPerRefreshToken: 10,
} as const;

const DATA_CENTRES: Record<string, { accounts: string; api: string }> = {
  us: { accounts: 'https://accounts.zoho.com', api: 'https://www.zohoapis.com' },
  eu: { accounts: 'https://accounts.zoho.eu', api: 'https://www.zohoapis.eu' },
  in: { accounts: 'https://accounts.zoho.in', api: 'https://www.zohoapis.in' },
  au: { accounts: 'https://accounts.zoho.com.au', api: 'https://www.zohoapis.com.au' },
  jp: { accounts: 'https://accounts.zoho.jp', api: 'https://www.zohoapis.jp' },
  ca: { accounts: 'https://accounts.zohocloud.ca', api: 'https://www.zohoapis.ca' },
  sa: { accounts: 'https://accounts.zoho.sa', api: 'https://www.zohoapis.sa' },
  uk: { accounts: 'https://accounts.zoho.uk', api: 'https://www.zohoapis.uk' },
};

export interface OAuthAnswer {
  status: number;
  body: object | string;
  type: 'json' | 'html';
}

export interface ZohoOAuthOptions {
  clientId: string;
  clientSecret: string;
  now: () => number;
  /** This data centre's accounts server, as the redirect's `accounts-server` names it. */
  accountsUrl: string;
  /** How Zoho names this data centre: 'eu', 'us', 'in', ... */
  location: string;
  deviceIntervalSec: number;
}

/** A device the member approved at home, to be collected from the data centre where their account lives. */
export interface DeviceGrant {
  deviceCode: string;
  clientId: string;
  scope: string;
  offline: boolean;
  expiresAt: number;
}

export interface ZohoOAuth {
  deviceCode(params: Record<string, string>): OAuthAnswer;
  deviceToken(params: Record<string, string>): OAuthAnswer;
  token(params: Record<string, string>): OAuthAnswer;
  revoke(params: Record<string, string>): OAuthAnswer;
  authPage(params: Record<string, string>): OAuthAnswer;
  authorizeDevice(userCode: string): void;
  denyDevice(userCode: string): void;
  /** The redirect URL the member's browser is sent to after approving (or denying) the request with this state. */
  approveAuthorization(state: string): string;
  denyAuthorization(state: string): string;
  setOtherDc(location: string, accountsServerUrl: string): void;
  adoptDevice(grant: DeviceGrant): void;
  isValidAccessToken(token: string | null): boolean;
  /** Whether a valid access token's grant includes one of these scopes (Zoho compares them whatever their case). */
  allows(token: string | null, scopes: readonly string[]): boolean;
  expireAccessTokens(): void;
  revokeRefreshTokens(): void;
  /** Forgets flows under way and the other-data-centre setting; issued tokens stay valid. */
  clearFlows(): void;
  dispose(): void;
}

/**
 * Running doubles by accounts URL, so that a device approved in one data centre can be collected from another
 * (`other_dc`), as with Zoho's multi-DC accounts.
 */
const dataCentresByUrl = new Map<string, ZohoOAuth>();

type DeviceState = 'pending' | 'authorized' | 'denied' | 'elsewhere' | 'collected';

interface Device {
  deviceCode: string;
  /** '' for a device approved in another data centre and handed over. */
  userCode: string;
  clientId: string;
  scope: string;
  offline: boolean;
  expiresAt: number;
  lastPollAt?: number;
  state: DeviceState;
  /** Where the member's account lives, once approved there ('elsewhere'). */
  userLocation?: string;
}

interface PendingAuthorization {
  clientId: string;
  redirectUri: string;
  scope: string;
  offline: boolean;
  /** The PKCE challenge the auth page was asked with, in S256 form; null without PKCE. */
  challenge: string | null;
}

interface AuthorizationCode extends PendingAuthorization {
  expiresAt: number;
}

interface RefreshToken {
  clientId: string;
  scope: string;
  refreshedAt: number[];
  accessTokens: string[];
}

const json = (body: object, status = 200): OAuthAnswer => ({ status, body, type: 'json' });
const html = (body: string, status = 200): OAuthAnswer => ({ status, body, type: 'html' });

function zohoToken(prefix: string): string {
  return `${prefix}.${randomBytes(16).toString('hex')}.${randomBytes(16).toString('hex')}`;
}

const USER_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function userCode(): string {
  return Array.from(randomBytes(8), (byte) => USER_CODE_ALPHABET[byte % USER_CODE_ALPHABET.length]).join('');
}

export function createZohoOAuth(options: ZohoOAuthOptions): ZohoOAuth {
  const { now } = options;
  const dataCentre = DATA_CENTRES[options.location] ?? { accounts: `https://accounts.zoho.${options.location}`, api: `https://www.zohoapis.${options.location}` };
  const devices = new Map<string, Device>();
  const pendingAuthorizations = new Map<string, PendingAuthorization>();
  const codes = new Map<string, AuthorizationCode>();
  const refreshTokens = new Map<string, RefreshToken>();
  const accessTokens = new Map<string, { expiresAt: number; scope: string }>();
  let otherDc: { location: string; accountsServerUrl: string } | null = null;

  /** invalid_client for an unknown client id, invalid_client_secret for a wrong secret (both HTTP 200). */
  function clientProblem(params: Record<string, string>, needsSecret: boolean): OAuthAnswer | null {
    if (params.client_id !== options.clientId) return json({ error: 'invalid_client' });
    if (needsSecret && params.client_secret !== options.clientSecret) return json({ error: 'invalid_client_secret' });
    return null;
  }

  function issueAccessToken(refreshToken: string | null, scope: string): string {
    const token = zohoToken('1000');
    accessTokens.set(token, { expiresAt: now() + ZOHO_OAUTH.accessTokenLifetimeSec * 1000, scope });
    const owner = refreshToken === null ? undefined : refreshTokens.get(refreshToken);
    if (owner) {
      owner.accessTokens.push(token);
      // Zoho keeps at most ten live access tokens per refresh token and drops the oldest.
      while (owner.accessTokens.length > ZOHO_OAUTH.liveAccessTokensPerRefreshToken) accessTokens.delete(owner.accessTokens.shift() ?? '');
    }
    return token;
  }

  function grantTokens(clientId: string, scope: string, offline: boolean): object {
    const refreshToken = offline ? zohoToken('1000') : null;
    if (refreshToken !== null) refreshTokens.set(refreshToken, { clientId, scope, refreshedAt: [], accessTokens: [] });
    return {
      access_token: issueAccessToken(refreshToken, scope),
      ...(refreshToken === null ? {} : { refresh_token: refreshToken }),
      scope,
      api_domain: dataCentre.api,
      token_type: 'Bearer',
      expires_in: ZOHO_OAUTH.accessTokenLifetimeSec,
    };
  }

  function deviceWithUserCode(code: string): Device {
    for (const device of devices.values()) if (code !== '' && device.userCode === code) return device;
    throw new Error(`zoho-double: no device flow has the user code '${code}'`);
  }

  function dropRefreshToken(token: string): void {
    const entry = refreshTokens.get(token);
    if (!entry) return;
    for (const accessToken of entry.accessTokens) accessTokens.delete(accessToken);
    refreshTokens.delete(token);
  }

  function takePending(state: string): PendingAuthorization {
    const pending = pendingAuthorizations.get(state);
    if (!pending) throw new Error(`zoho-double: no authorization request with state '${state}' reached the auth page`);
    pendingAuthorizations.delete(state);
    return pending;
  }

  function redirect(pending: PendingAuthorization, state: string, outcome: Record<string, string>): string {
    const url = new URL(pending.redirectUri);
    for (const [key, value] of Object.entries(outcome)) url.searchParams.append(key, value);
    if (state !== '') url.searchParams.append('state', state);
    url.searchParams.append('location', options.location);
    url.searchParams.append('accounts-server', options.accountsUrl);
    return url.toString();
  }

  const oauth: ZohoOAuth = {
    deviceCode(params) {
      const problem = clientProblem(params, false);
      if (problem) return problem;
      if (params.grant_type !== 'device_request') return json({ error: 'unsupported_grant_type' });
      if (!params.scope) return json({ error: 'invalid_scope' });
      const deviceCode = zohoToken('1004');
      const device: Device = {
        deviceCode,
        userCode: userCode(),
        clientId: options.clientId,
        scope: params.scope,
        offline: params.access_type === 'offline',
        expiresAt: now() + ZOHO_OAUTH.deviceCodeLifetimeSec * 1000,
        state: 'pending',
      };
      devices.set(deviceCode, device);
      return json({
        user_code: device.userCode,
        device_code: deviceCode,
        interval: options.deviceIntervalSec,
        expires_in: ZOHO_OAUTH.deviceCodeLifetimeSec,
        verification_url: `${dataCentre.accounts}/oauth/v3/device`,
      });
    },

    deviceToken(params) {
      const problem = clientProblem(params, true);
      if (problem) return problem;
      if (params.grant_type !== 'device_token') return json({ error: 'unsupported_grant_type' });
      const device = devices.get(params.code ?? '');
      if (!device || device.state === 'collected') return json({ error: 'invalid_code' });
      const at = now();
      if (at >= device.expiresAt) return json({ error: 'expired' });
      const tooSoon = device.lastPollAt !== undefined && at - device.lastPollAt < options.deviceIntervalSec * 1000;
      device.lastPollAt = at;
      if (tooSoon) return json({ error: 'slow_down' });
      switch (device.state) {
        case 'pending':
          return json({ error: 'authorization_pending' });
        case 'denied':
          return json({ error: 'access_denied' });
        case 'elsewhere':
          return json({ user_location: device.userLocation ?? '', error: 'other_dc' });
        case 'authorized':
          device.state = 'collected';
          return json(grantTokens(device.clientId, device.scope, device.offline));
      }
    },

    token(params) {
      const problem = clientProblem(params, true);
      if (problem) return problem;
      if (params.grant_type === 'authorization_code') {
        const code = codes.get(params.code ?? '');
        codes.delete(params.code ?? '');
        if (!code || now() >= code.expiresAt) return json({ error: 'invalid_code' });
        if (params.redirect_uri !== code.redirectUri) return json({ error: 'invalid_redirect_uri' });
        // Zoho's documentation names no error for a verifier that does not match; its word for a bad code stands in.
        if (code.challenge !== null && s256(params.code_verifier ?? '') !== code.challenge) return json({ error: 'invalid_code' });
        return json(grantTokens(code.clientId, code.scope, code.offline));
      }
      if (params.grant_type === 'refresh_token') {
        const refreshToken = params.refresh_token ?? '';
        const entry = refreshTokens.get(refreshToken);
        if (!entry || entry.clientId !== params.client_id) return json({ error: 'invalid_code' });
        const at = now();
        entry.refreshedAt = entry.refreshedAt.filter((time) => at - time < ZOHO_OAUTH.refreshWindowMs);
        if (entry.refreshedAt.length >= ZOHO_OAUTH.refreshesPerWindow) return json(ACCESS_DENIED_BODY, 400);
        entry.refreshedAt.push(at);
        return json({ access_token: issueAccessToken(refreshToken, entry.scope), scope: entry.scope, api_domain: dataCentre.api, token_type: 'Bearer', expires_in: ZOHO_OAUTH.accessTokenLifetimeSec });
      }
      return json({ error: 'unsupported_grant_type' });
    },

    revoke(params) {
      const token = params.token ?? '';
      if (refreshTokens.has(token)) {
        dropRefreshToken(token);
        return json({ status: 'success' });
      }
      if (accessTokens.delete(token)) return json({ status: 'success' });
      return json({ error: 'invalid_token' });
    },

    authPage(params) {
      if (params.client_id !== options.clientId) return html(errorPage('Invalid Client', 'The client_id does not belong to any application.'), 400);
      if (params.response_type !== 'code') return html(errorPage('Invalid Response Type', 'response_type must be code.'), 400);
      if (!params.scope) return html(errorPage('Invalid Scope', 'No scope was requested.'), 400);
      if (!isHttpUrl(params.redirect_uri)) return html(errorPage('Invalid Redirect Uri', 'redirect_uri must be an http or https URL.'), 400);
      const method = params.code_challenge_method ?? 'plain';
      if (params.code_challenge !== undefined && method !== 'S256' && method !== 'plain') {
        return html(errorPage('Invalid Code Challenge Method', 'code_challenge_method must be S256 or plain.'), 400);
      }
      // Kept in S256 form: a plain challenge is the verifier itself (Zoho's default method).
      const challenge = params.code_challenge === undefined ? null : method === 'S256' ? params.code_challenge : s256(params.code_challenge);
      pendingAuthorizations.set(params.state ?? '', {
        clientId: options.clientId,
        redirectUri: params.redirect_uri ?? '',
        scope: params.scope,
        offline: params.access_type === 'offline',
        challenge,
      });
      return html(consentPage(params.scope));
    },

    authorizeDevice(code) {
      const device = deviceWithUserCode(code);
      if (!otherDc) {
        device.state = 'authorized';
        return;
      }
      device.state = 'elsewhere';
      device.userLocation = otherDc.location;
      dataCentresByUrl.get(otherDc.accountsServerUrl)?.adoptDevice({
        deviceCode: device.deviceCode,
        clientId: device.clientId,
        scope: device.scope,
        offline: device.offline,
        expiresAt: device.expiresAt,
      });
    },

    denyDevice(code) {
      deviceWithUserCode(code).state = 'denied';
    },

    approveAuthorization(state) {
      const pending = takePending(state);
      const code = zohoToken('1000');
      codes.set(code, { ...pending, expiresAt: now() + ZOHO_OAUTH.authorizationCodeLifetimeMs });
      return redirect(pending, state, { code });
    },

    denyAuthorization(state) {
      return redirect(takePending(state), state, { error: 'access_denied' });
    },

    setOtherDc(location, accountsServerUrl) {
      otherDc = { location, accountsServerUrl };
    },

    adoptDevice(grant) {
      devices.set(grant.deviceCode, { deviceCode: grant.deviceCode, userCode: '', clientId: grant.clientId, scope: grant.scope, offline: grant.offline, expiresAt: grant.expiresAt, state: 'authorized' });
    },

    isValidAccessToken(token) {
      const entry = token === null ? undefined : accessTokens.get(token);
      return entry !== undefined && now() < entry.expiresAt;
    },

    allows(token, scopes) {
      const entry = token === null ? undefined : accessTokens.get(token);
      if (entry === undefined || now() >= entry.expiresAt) return false;
      const granted = new Set(scopeList(entry.scope));
      return scopeList(scopes.join(',')).some((scope) => granted.has(scope));
    },

    expireAccessTokens() {
      accessTokens.clear();
    },

    revokeRefreshTokens() {
      for (const token of [...refreshTokens.keys()]) dropRefreshToken(token);
    },

    clearFlows() {
      devices.clear();
      pendingAuthorizations.clear();
      codes.clear();
      otherDc = null;
    },

    dispose() {
      if (dataCentresByUrl.get(options.accountsUrl) === oauth) dataCentresByUrl.delete(options.accountsUrl);
    },
  };
  dataCentresByUrl.set(options.accountsUrl, oauth);
  return oauth;
}

/** A scope parameter's names, lower-cased: Zoho separates them with commas (spaces are tolerated). */
function scopeList(scope: string): string[] {
  return scope
    .split(/[\s,]+/)
    .filter((item) => item !== '')
    .map((item) => item.toLowerCase());
}

/** RFC 7636 section 4.2: BASE64URL(SHA256(verifier)). */
function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function isHttpUrl(value: string | undefined): boolean {
  if (value === undefined) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function consentPage(scope: string): string {
  const scopes = scope.split(',').map((item) => `<li>${escape(item.trim())}</li>`).join('');
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Zoho Accounts</title></head><body><h1>Allow access to your Zoho account?</h1><p>The application wants to:</p><ul>${scopes}</ul><form method="post"><button name="approvedScope" value="accept">Accept</button><button name="approvedScope" value="reject">Reject</button></form></body></html>`;
}

function errorPage(title: string, detail: string): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Zoho Accounts</title></head><body><h1>${escape(title)}</h1><p>${escape(detail)}</p></body></html>`;
}
