import { afterEach, describe, expect, it } from 'vitest';
import { ZOHO } from '../../../shared/limits';
import { delay, rateLimited } from '../../../test/doubles/zoho-double';
import { refreshRequests, startZohoWorld, type ZohoWorld } from '../../../test/support/zoho/zoho-kit';

const worlds: ZohoWorld[] = [];
afterEach(async () => {
  for (const world of worlds.splice(0)) await world.close();
});

async function connected() {
  const w = await startZohoWorld();
  worlds.push(w);
  await w.connect();
  w.zoho.reset();
  return w;
}

/** Makes the next Mail API call need a new access token. */
async function searchWithExpiredToken(w: ZohoWorld) {
  w.zoho.expireAccessTokens();
  // Spread the calls out so the Mail API throttle is never what stops them.
  w.clock.advance(10_000);
  return w.app.mailbox.search({ query: 'Hetzner' }, w.signal());
}

describe('the token manager', () => {
  it('keeps the refresh token in the keychain and the access token only in memory', async () => {
    const w = await connected();
    const stored = await w.secrets.status();
    // The client id and secret the member entered, and the refresh token: nothing else.
    expect(stored).toEqual({ ok: true, value: { 'gemini.apiKey': false, 'zoho.clientId': true, 'zoho.clientSecret': true, 'zoho.refreshToken': true } });
  });

  it('says the member must connect again when Zoho refuses the refresh token (invalid_code), and keeps saying so without asking again', async () => {
    const w = await connected();
    const grant = await w.secrets.get('zoho.refreshToken');
    w.zoho.revokeRefreshTokens();
    const refused = await searchWithExpiredToken(w);
    expect(refused).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED', reason: 'zoho_reconnect_needed' } });

    // One state, said the same way every time (issue 11): not "not connected" the second time.
    expect(await searchWithExpiredToken(w)).toMatchObject({ ok: false, error: { reason: 'zoho_reconnect_needed' } });
    expect(refreshRequests(w.zoho)).toHaveLength(1);
    // The dead grant stays in the keychain until Connect replaces it: it is what says "connect again" after a restart.
    expect(await w.secrets.get('zoho.refreshToken')).toEqual(grant);
  });

  it('points at the data centre when Zoho does not know the client (invalid_client)', async () => {
    const w = await connected();
    await w.secrets.set('zoho.clientSecret', 'a-secret-for-another-client');
    const refused = await searchWithExpiredToken(w);
    expect(refused).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED', reason: 'zoho_invalid_client' } });
    expect(!refused.ok && refused.error.message).toMatch(/com data centre/);
  });

  it(`never sends more than ${ZOHO.refreshesPerWindow} refreshes in ${ZOHO.refreshWindowMs / 60_000} minutes, and says when to try again`, async () => {
    const w = await connected();
    for (let i = 0; i < ZOHO.refreshesPerWindow; i++) expect((await searchWithExpiredToken(w)).ok).toBe(true);
    const over = await searchWithExpiredToken(w);
    expect(over).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason: 'zoho_rate_limited', retryAfterMs: expect.any(Number) } });
    expect(refreshRequests(w.zoho)).toHaveLength(ZOHO.refreshesPerWindow);

    w.clock.advance(ZOHO.refreshWindowMs);
    expect((await searchWithExpiredToken(w)).ok).toBe(true);
  });

  it('backs off after Zoho’s "too many requests" refusal instead of asking again', async () => {
    const w = await connected();
    w.zoho.script('token', rateLimited());
    expect(await searchWithExpiredToken(w)).toMatchObject({ ok: false, error: { reason: 'zoho_rate_limited', retryAfterMs: ZOHO.refreshWindowMs } });
    expect(await searchWithExpiredToken(w)).toMatchObject({ ok: false, error: { reason: 'zoho_rate_limited' } });
    expect(refreshRequests(w.zoho)).toHaveLength(1);
  });

  it('has the log mask every access token it holds: the one the connect flow brought and each refreshed one', async () => {
    const w = await connected();
    expect((await w.app.mailbox.search({ query: 'Hetzner' }, w.signal())).ok).toBe(true);
    expect((await searchWithExpiredToken(w)).ok).toBe(true);
    const tokens = [...new Set(w.zoho.requests.flatMap((request) => (request.accessToken ? [request.accessToken] : [])))];
    expect(tokens).toHaveLength(2);

    for (const token of tokens) w.log.warn('mail api answered', { authorization: `Zoho-oauthtoken ${token}`, body: `token ${token} refused` });
    const written = w.log.lines.join('\n');
    for (const token of tokens) expect(written).not.toContain(token);
  });

  it('lets one caller give up without failing the refresh the others are waiting for', async () => {
    const w = await connected();
    w.zoho.expireAccessTokens();
    // Zoho is slow to answer the refresh.
    w.zoho.script('token', delay(300));
    const quitter = new AbortController();
    const leaving = w.app.mailbox.search({ query: 'Hetzner' }, quitter.signal);
    const staying = w.app.mailbox.search({ query: 'Hetzner' }, w.signal());
    await expect.poll(() => refreshRequests(w.zoho).length).toBe(1);
    quitter.abort();
    expect(await leaving).toMatchObject({ ok: false, error: { reason: 'cancelled' } });
    expect((await staying).ok).toBe(true);
    expect(refreshRequests(w.zoho)).toHaveLength(1);
  });
});
