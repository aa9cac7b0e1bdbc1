import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ZohoDouble, ACCESS_DENIED_BODY, INVALID_OAUTHTOKEN_BODY, ZOHO_OAUTH, startZohoDouble } from './zoho-double';
import { CLIENT, MAIL_SCOPE, connect, formJson, mailGet, pollDeviceToken, refreshGrant, requestDeviceCode } from './zoho-test-client';

const START = Date.parse('2026-11-30T09:00:00Z');
let clock: number;
let zoho: ZohoDouble;

const advance = (seconds: number) => {
  clock += seconds * 1000;
};

beforeEach(async () => {
  clock = START;
  zoho = await startZohoDouble({ now: () => clock });
});

afterEach(async () => {
  await zoho.close();
});

const accountsOk = (token: string) => mailGet(zoho, token, '/api/accounts');

describe('device flow', () => {
  it('hands out a user code, a device code, an https verification URL, the interval and the lifetime', async () => {
    const { status, body } = await requestDeviceCode(zoho);

    expect(status).toBe(200);
    expect(body).toEqual({
      user_code: expect.stringMatching(/^[A-Z2-9]{8}$/),
      device_code: expect.stringMatching(/^1004\./),
      interval: ZOHO_OAUTH.deviceIntervalSec,
      expires_in: ZOHO_OAUTH.deviceCodeLifetimeSec,
      verification_url: expect.stringMatching(/^https:\/\//),
    });
    expect(zoho.requestsFor('deviceCode')[0]?.form).toEqual({ client_id: CLIENT.client_id, scope: MAIL_SCOPE, grant_type: 'device_request', access_type: 'offline' });
  });

  it('answers authorization_pending until the member approves, then the tokens, once', async () => {
    const code = await requestDeviceCode(zoho);
    const deviceCode = String(code.body.device_code);

    const pending = await pollDeviceToken(zoho.accountsUrl, deviceCode);
    zoho.authorizeDevice(String(code.body.user_code));
    advance(ZOHO_OAUTH.deviceIntervalSec);
    const granted = await pollDeviceToken(zoho.accountsUrl, deviceCode);
    advance(ZOHO_OAUTH.deviceIntervalSec);
    const again = await pollDeviceToken(zoho.accountsUrl, deviceCode);

    expect(pending).toMatchObject({ status: 200, body: { error: 'authorization_pending' } });
    expect(granted.status).toBe(200);
    expect(granted.body).toEqual({
      access_token: expect.stringMatching(/^1000\./),
      refresh_token: expect.stringMatching(/^1000\./),
      scope: MAIL_SCOPE,
      api_domain: expect.stringMatching(/^https:\/\/www\.zohoapis\./),
      token_type: 'Bearer',
      expires_in: 3600,
    });
    expect((await accountsOk(String(granted.body.access_token))).status).toBe(200);
    expect(again.body).toEqual({ error: 'invalid_code' });
  });

  it('answers slow_down to a poll that comes sooner than the interval, and serves the next one on time', async () => {
    const code = await requestDeviceCode(zoho);
    const poll = () => pollDeviceToken(zoho.accountsUrl, String(code.body.device_code));

    const first = await poll();
    advance(ZOHO_OAUTH.deviceIntervalSec - 1);
    const tooSoon = await poll();
    advance(ZOHO_OAUTH.deviceIntervalSec);
    const onTime = await poll();

    expect(first.body).toEqual({ error: 'authorization_pending' });
    expect(tooSoon.body).toEqual({ error: 'slow_down' });
    expect(onTime.body).toEqual({ error: 'authorization_pending' });
  });

  it('answers access_denied when the member refuses', async () => {
    const code = await requestDeviceCode(zoho);
    zoho.denyDevice(String(code.body.user_code));

    expect((await pollDeviceToken(zoho.accountsUrl, String(code.body.device_code))).body).toEqual({ error: 'access_denied' });
  });

  it('answers expired once the device code has outlived expires_in, even if approved', async () => {
    const code = await requestDeviceCode(zoho);
    zoho.authorizeDevice(String(code.body.user_code));
    advance(ZOHO_OAUTH.deviceCodeLifetimeSec);

    expect((await pollDeviceToken(zoho.accountsUrl, String(code.body.device_code))).body).toEqual({ error: 'expired' });
  });

  it('answers other_dc with the user location, and the approved device is collected in that data centre', async () => {
    const india = await startZohoDouble({ now: () => clock, location: 'in' });
    try {
      zoho.setOtherDc('in', india.accountsUrl);
      const code = await requestDeviceCode(zoho);
      const deviceCode = String(code.body.device_code);
      zoho.authorizeDevice(String(code.body.user_code));

      const home = await pollDeviceToken(zoho.accountsUrl, deviceCode);
      const there = await pollDeviceToken(india.accountsUrl, deviceCode);

      expect(home.body).toEqual({ user_location: 'in', error: 'other_dc' });
      expect(there.body).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String), api_domain: 'https://www.zohoapis.in' });
      expect((await mailGet(india, String(there.body.access_token), '/api/accounts')).status).toBe(200);
      expect((await accountsOk(String(there.body.access_token))).status).toBe(401);
    } finally {
      await india.close();
    }
  });

  it('refuses a wrong client id or secret with HTTP 200 and Zoho\'s error', async () => {
    const code = await requestDeviceCode(zoho);

    const wrongId = await requestDeviceCode(zoho, { client_id: 'someone-else' });
    const wrongSecret = await pollDeviceToken(zoho.accountsUrl, String(code.body.device_code), { client_secret: 'nope' });

    expect(wrongId).toMatchObject({ status: 200, body: { error: 'invalid_client' } });
    expect(wrongSecret).toMatchObject({ status: 200, body: { error: 'invalid_client_secret' } });
  });
});

describe('refresh and expiry', () => {
  it('access tokens stop working after 3600 s on the double\'s clock; the refresh grant gives a new one', async () => {
    const { accessToken, refreshToken } = await connect(zoho);
    advance(3599);
    const stillValid = await accountsOk(accessToken);
    advance(1);
    const expired = await accountsOk(accessToken);
    const refreshed = await refreshGrant(zoho, refreshToken);

    expect(stillValid.status).toBe(200);
    expect(expired.status).toBe(401);
    expect(JSON.parse(await expired.text())).toEqual(INVALID_OAUTHTOKEN_BODY);
    expect(refreshed).toMatchObject({ status: 200, body: { access_token: expect.any(String), expires_in: 3600, token_type: 'Bearer', scope: MAIL_SCOPE } });
    expect(refreshed.body).not.toHaveProperty('refresh_token');
    expect((await accountsOk(String(refreshed.body.access_token))).status).toBe(200);
  });

  it('expireAccessTokens() makes every issued token answer 401 at once', async () => {
    const { accessToken } = await connect(zoho);

    zoho.expireAccessTokens();

    expect((await accountsOk(accessToken)).status).toBe(401);
  });

  it('answers a wrong client on the token endpoint with HTTP 200 invalid_client', async () => {
    const { refreshToken } = await connect(zoho);

    expect(await refreshGrant(zoho, refreshToken, { client_id: 'another-app' })).toMatchObject({ status: 200, body: { error: 'invalid_client' } });
  });

  it('allows 10 refreshes per refresh token in 10 minutes, then answers Access Denied until the window moves on', async () => {
    const { refreshToken } = await connect(zoho);
    const answers = [];
    for (let i = 0; i < ZOHO_OAUTH.refreshesPerWindow; i++) answers.push(await refreshGrant(zoho, refreshToken));

    const eleventh = await refreshGrant(zoho, refreshToken);
    advance(ZOHO_OAUTH.refreshWindowMs / 1000);
    const later = await refreshGrant(zoho, refreshToken);

    expect(answers.every((answer) => typeof answer.body.access_token === 'string')).toBe(true);
    expect(eleventh).toMatchObject({ status: 400, body: ACCESS_DENIED_BODY });
    expect(later.body.access_token).toEqual(expect.any(String));
  });

  it('keeps at most 10 live access tokens per refresh token: the oldest stops working', async () => {
    const { accessToken, refreshToken } = await connect(zoho);
    for (let i = 0; i < ZOHO_OAUTH.liveAccessTokensPerRefreshToken; i++) {
      advance(61);
      await refreshGrant(zoho, refreshToken);
    }

    expect((await accountsOk(accessToken)).status).toBe(401);
  });

  it('revokeRefreshTokens() makes the refresh grant answer invalid_code and its access tokens 401', async () => {
    const { accessToken, refreshToken } = await connect(zoho);

    zoho.revokeRefreshTokens();

    expect(await refreshGrant(zoho, refreshToken)).toMatchObject({ status: 200, body: { error: 'invalid_code' } });
    expect((await accountsOk(accessToken)).status).toBe(401);
  });

  it('revokes a refresh token on request (disconnect)', async () => {
    const { refreshToken } = await connect(zoho);

    const revoked = await formJson(`${zoho.accountsUrl}/oauth/v2/token/revoke?token=${encodeURIComponent(refreshToken)}`, {});

    expect(revoked.body).toEqual({ status: 'success' });
    expect((await refreshGrant(zoho, refreshToken)).body).toEqual({ error: 'invalid_code' });
  });
});

describe('loopback authorization (authorization_code grant)', () => {
  // Nothing listens on port 1: the browser's redirect finds no app.
  const redirectUri = 'http://127.0.0.1:1/callback';

  function authUrl(state: string, overrides: Record<string, string> = {}): string {
    const query = new URLSearchParams({ scope: MAIL_SCOPE, client_id: CLIENT.client_id, response_type: 'code', redirect_uri: redirectUri, access_type: 'offline', prompt: 'consent', state, ...overrides });
    return `${zoho.accountsUrl}/oauth/v2/auth?${query}`;
  }

  it('shows a consent page, redirects with code, state, location and accounts-server, and the code buys tokens once', async () => {
    const page = await fetch(authUrl('s-123'));
    const { url, status } = await zoho.approveAuthorization('s-123');
    const redirect = new URL(url);
    const code = redirect.searchParams.get('code') ?? '';
    const exchange = () => formJson(`${zoho.accountsUrl}/oauth/v2/token`, { ...CLIENT, grant_type: 'authorization_code', code, redirect_uri: redirectUri });

    const first = await exchange();
    const second = await exchange();

    expect(page.status).toBe(200);
    expect(await page.text()).toContain('ZohoMail.messages.READ');
    expect(`${redirect.origin}${redirect.pathname}`).toBe(redirectUri);
    expect(Object.fromEntries(redirect.searchParams)).toEqual({ code: expect.stringMatching(/^1000\./), state: 's-123', location: 'eu', 'accounts-server': zoho.accountsUrl });
    expect(status).toBeNull();
    expect(first.body).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String), expires_in: 3600 });
    expect(second.body).toEqual({ error: 'invalid_code' });
  });

  it('delivers the redirect to the app\'s loopback server like a browser', async () => {
    const { createServer } = await import('node:http');
    const seen: string[] = [];
    const app = createServer((req, res) => {
      seen.push(req.url ?? '');
      res.end('You can close this window.');
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', () => resolve()));
    const port = (app.address() as { port: number }).port;
    try {
      await fetch(authUrl('loop', { redirect_uri: `http://127.0.0.1:${port}/cb` }));
      const { status } = await zoho.approveAuthorization('loop');

      expect(status).toBe(200);
      expect(seen[0]).toMatch(/^\/cb\?code=1000\.[^&]+&state=loop&location=eu&accounts-server=/);
    } finally {
      await new Promise((resolve) => app.close(resolve));
    }
  });

  it('a code older than two minutes, or sent with another redirect_uri, is refused', async () => {
    const exchange = (code: string, redirect_uri: string) => formJson(`${zoho.accountsUrl}/oauth/v2/token`, { ...CLIENT, grant_type: 'authorization_code', code, redirect_uri });
    await fetch(authUrl('old'));
    await fetch(authUrl('moved'));
    const old = new URL((await zoho.approveAuthorization('old')).url).searchParams.get('code') ?? '';
    advance(121);
    const moved = new URL((await zoho.approveAuthorization('moved')).url).searchParams.get('code') ?? '';

    expect((await exchange(old, redirectUri)).body).toEqual({ error: 'invalid_code' });
    expect((await exchange(moved, 'http://127.0.0.1:2/other')).body).toEqual({ error: 'invalid_redirect_uri' });
  });

  it('a code asked for with a PKCE challenge buys tokens only with the verifier behind it (S256, or plain by default)', async () => {
    const verifier = 'a-verifier-of-forty-three-characters-or-more.~_';
    const s256 = createHash('sha256').update(verifier).digest('base64url');
    const exchange = (code: string, extra: Record<string, string>) =>
      formJson(`${zoho.accountsUrl}/oauth/v2/token`, { ...CLIENT, grant_type: 'authorization_code', code, redirect_uri: redirectUri, ...extra });
    const codeFor = async (state: string, challenge: Record<string, string>) => {
      await fetch(authUrl(state, challenge));
      return new URL((await zoho.approveAuthorization(state)).url).searchParams.get('code') ?? '';
    };

    const missing = await codeFor('missing', { code_challenge: s256, code_challenge_method: 'S256' });
    const wrong = await codeFor('wrong', { code_challenge: s256, code_challenge_method: 'S256' });
    const right = await codeFor('right', { code_challenge: s256, code_challenge_method: 'S256' });
    const plain = await codeFor('plain', { code_challenge: verifier });

    expect((await exchange(missing, {})).body).toEqual({ error: 'invalid_code' });
    expect((await exchange(wrong, { code_verifier: `${verifier}x` })).body).toEqual({ error: 'invalid_code' });
    expect((await exchange(right, { code_verifier: verifier })).body).toMatchObject({ access_token: expect.any(String) });
    expect((await exchange(plain, { code_verifier: verifier })).body).toMatchObject({ access_token: expect.any(String) });
  });

  it('an unknown code_challenge_method gets an error page', async () => {
    const page = await fetch(authUrl('x', { code_challenge: 'abc', code_challenge_method: 'S512' }));

    expect(page.status).toBe(400);
  });

  it('denial redirects with error=access_denied', async () => {
    await fetch(authUrl('no'));

    const { url } = await zoho.denyAuthorization('no');

    expect(new URL(url).searchParams.get('error')).toBe('access_denied');
  });

  it('an unknown client gets an error page instead of the consent page', async () => {
    const page = await fetch(authUrl('x', { client_id: 'unknown' }));

    expect(page.status).toBe(400);
    expect(await page.text()).toContain('Invalid Client');
  });
});
