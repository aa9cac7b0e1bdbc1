import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type ZohoDouble,
  ACCESS_DENIED_BODY,
  INVALID_OAUTHTOKEN_BODY,
  delay,
  expiredToken,
  hang,
  malformed,
  rateLimited,
  reset,
  startZohoDouble,
  status,
  zohoError,
} from './zoho-double';
import { CLIENT, connect, mailGet, postForm, refreshGrant } from './zoho-test-client';

let clock: number;
let zoho: ZohoDouble;
let token: string;
let refreshToken: string;

beforeEach(async () => {
  clock = Date.parse('2026-11-30T09:00:00Z');
  zoho = await startZohoDouble({ now: () => clock });
  ({ accessToken: token, refreshToken } = await connect(zoho));
});

afterEach(async () => {
  await zoho.close();
});

const folders = (init: RequestInit = {}) => fetch(`${zoho.mailUrl}/api/accounts/${zoho.mailbox.accountId}/folders`, { ...init, headers: { authorization: `Zoho-oauthtoken ${token}` } });
const accounts = () => mailGet(zoho, token, '/api/accounts');

describe('status', () => {
  it('answers once with the code and Zoho\'s body for it, then serves normally again', async () => {
    zoho.script('folders', status(500));

    const failed = await folders();
    const next = await folders();

    expect(failed.status).toBe(500);
    expect(JSON.parse(await failed.text())).toEqual(zohoError(500));
    expect(next.status).toBe(200);
  });

  it('sends a body of the test\'s choosing, on the accounts server too', async () => {
    zoho.script('token', status(200, { error: 'invalid_client' }));

    const answer = await refreshGrant(zoho, refreshToken);

    expect(answer).toMatchObject({ status: 200, body: { error: 'invalid_client' } });
  });

  it('steps queue per endpoint, in order', async () => {
    zoho.script('folders', status(503), status(502));

    expect([(await folders()).status, (await accounts()).status, (await folders()).status, (await folders()).status]).toEqual([503, 200, 502, 200]);
  });
});

describe('delay', () => {
  it('answers normally after the delay, or with the step it wraps', async () => {
    zoho.script('folders', delay(20), delay(20, status(404)));

    expect((await folders()).status).toBe(200);
    expect((await folders()).status).toBe(404);
  });
});

describe('hang', () => {
  it('never answers; the request ends when the client gives up, and the record says so', async () => {
    zoho.script('folders', hang());
    const giveUp = new AbortController();

    const pending = folders({ signal: giveUp.signal });
    await waitFor(() => zoho.requestsFor('folders').length === 1);
    giveUp.abort();

    await expect(pending).rejects.toThrow();
    await waitFor(() => zoho.requestsFor('folders')[0]?.aborted === true);
  });

  it('hangs the accounts server through its form front, and close() still ends it', async () => {
    zoho.script('token', hang());

    const pending = refreshGrant(zoho, refreshToken).then(
      () => 'answered',
      () => 'failed',
    );
    await waitFor(() => zoho.requestsFor('token').length === 1);
    await zoho.close();

    expect(await pending).toBe('failed');
  });
});

describe('reset', () => {
  it('drops the connection without an answer, on either server', async () => {
    zoho.script('folders', reset());
    zoho.script('token', reset());

    await expect(folders()).rejects.toThrow();
    await expect(refreshGrant(zoho, refreshToken)).rejects.toThrow();
    expect(zoho.requestsFor('folders')[0]).toMatchObject({ aborted: false });
  });
});

describe('malformed', () => {
  it('answers 200 with a JSON body cut short', async () => {
    zoho.script('search', malformed());

    const answer = await mailGet(zoho, token, `/api/accounts/${zoho.mailbox.accountId}/messages/search`, { searchKey: 'entire:hetzner' });
    const raw = await answer.text();

    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(() => JSON.parse(raw)).toThrow();
  });
});

describe('rateLimited', () => {
  it('on the Mail API: 429 with Zoho\'s body; with a lock, every Mail request gets it until the lock ends', async () => {
    zoho.script('search', rateLimited({ lockForMs: 60_000 }));

    const locked = await mailGet(zoho, token, `/api/accounts/${zoho.mailbox.accountId}/messages/search`, { searchKey: 'entire:hetzner' });
    const alsoLocked = await folders();
    clock += 60_000;
    const free = await folders();

    expect(locked.status).toBe(429);
    expect(JSON.parse(await locked.text())).toMatchObject({ status: { code: 429 }, data: { errorCode: 'TOO_MANY_REQUESTS' } });
    expect(alsoLocked.status).toBe(429);
    expect(free.status).toBe(200);
  });

  it('on the token endpoint: HTTP 400 Access Denied, too many requests', async () => {
    zoho.script('token', rateLimited());

    expect(await refreshGrant(zoho, refreshToken)).toMatchObject({ status: 400, body: ACCESS_DENIED_BODY });
  });
});

describe('expiredToken', () => {
  it('answers 401 INVALID_OAUTHTOKEN to a valid token once', async () => {
    zoho.script('accounts', expiredToken());

    const refused = await accounts();
    const next = await accounts();

    expect(refused.status).toBe(401);
    expect(JSON.parse(await refused.text())).toEqual(INVALID_OAUTHTOKEN_BODY);
    expect(next.status).toBe(200);
  });

  it('cannot be scripted on the accounts server', () => {
    expect(() => zoho.script('token', expiredToken())).toThrow(/only serves Mail API endpoints/);
  });
});

describe('the record', () => {
  it('holds every request of both servers in order, with the server, endpoint, headers, form and token', async () => {
    zoho.reset();

    await refreshGrant(zoho, refreshToken);
    await accounts();
    await postForm(`${zoho.accountsUrl}/oauth/v2/token`, { ...CLIENT, grant_type: 'refresh_token', refresh_token: refreshToken });

    expect(zoho.requests.map((request) => [request.server, request.endpoint])).toEqual([
      ['accounts', 'token'],
      ['mail', 'accounts'],
      ['accounts', 'token'],
    ]);
    expect(zoho.requests[0]).toMatchObject({
      method: 'POST',
      path: '/oauth/v2/token',
      form: { ...CLIENT, grant_type: 'refresh_token', refresh_token: refreshToken },
      headers: expect.objectContaining({ 'content-type': 'application/x-www-form-urlencoded' }),
      accessToken: null,
    });
    expect(zoho.requests[1]).toMatchObject({ accessToken: token, form: null });
    expect(zoho.requests.every((request) => request.endedAt !== undefined && request.endedAt >= request.startedAt)).toBe(true);
  });

  it('reset() clears scripts and the record', async () => {
    zoho.script('accounts', status(500));
    zoho.reset();

    expect(zoho.requests).toEqual([]);
    expect((await accounts()).status).toBe(200);
  });
});

/** Polls until the double's record shows what the test waits for; the double answers on its own schedule. */
async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
