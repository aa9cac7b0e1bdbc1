import { afterEach, describe, expect, it } from 'vitest';
import { hang, status, type ZohoDouble } from '../../../test/doubles/zoho-double';
import { pollDeviceToken, requestDeviceCode } from '../../../test/doubles/zoho-test-client';
import { startZohoWorld, ZOHO_CLIENT, type ZohoWorld } from '../../../test/support/zoho/zoho-kit';

const worlds: ZohoWorld[] = [];
afterEach(async () => {
  for (const world of worlds.splice(0)) await world.close();
});

async function world(secrets: Record<string, string> = ZOHO_CLIENT) {
  const w = await startZohoWorld({ secrets });
  worlds.push(w);
  return w;
}

describe('the connection status', () => {
  it('is not_configured without the OAuth client, disconnected before connecting, connected with the address after', async () => {
    const w = await world({});
    expect(await w.app.connection.status(w.signal())).toEqual({ ok: true, value: { state: 'not_configured', dataCentre: 'com', canDraft: false } });
    await w.secrets.set('zoho.clientId', ZOHO_CLIENT['zoho.clientId']);
    await w.secrets.set('zoho.clientSecret', ZOHO_CLIENT['zoho.clientSecret']);
    expect(await w.app.connection.status(w.signal())).toEqual({ ok: true, value: { state: 'disconnected', dataCentre: 'com', canDraft: false } });
    await w.connect();
    expect(await w.app.connection.status(w.signal())).toEqual({
      ok: true,
      value: { state: 'connected', email: w.zoho.mailbox.primaryEmailAddress, dataCentre: 'com', canDraft: false },
    });
  });

  it('still says connected, without the address, when Zoho cannot be asked right now', async () => {
    // After a restart the app has the refresh token but not yet the address, and Zoho is down.
    const w = await world({ ...ZOHO_CLIENT, 'zoho.refreshToken': 'stored-refresh-token' });
    w.zoho.script('token', status(503));
    expect(await w.app.connection.status(w.signal())).toEqual({ ok: true, value: { state: 'connected', dataCentre: 'com', canDraft: false } });
  });

  it('says the mailbox needs connecting again once Zoho has refused the stored grant, and asks Zoho only once', async () => {
    // After a restart: the token from before is still stored, and Zoho refuses it.
    const w = await world({ ...ZOHO_CLIENT, 'zoho.refreshToken': 'a-grant-zoho-revoked' });
    expect(await w.app.connection.status(w.signal())).toEqual({ ok: true, value: { state: 'reconnect_needed', dataCentre: 'com', canDraft: false } });
    expect(await w.app.connection.status(w.signal())).toEqual({ ok: true, value: { state: 'reconnect_needed', dataCentre: 'com', canDraft: false } });
    expect(w.zoho.requestsFor('token')).toHaveLength(1);
  });

  it('says the mailbox needs connecting again when Zoho revokes the grant while the app runs, though it knew the address', async () => {
    const w = await world();
    await w.connect();
    expect(await w.app.connection.status(w.signal())).toMatchObject({ ok: true, value: { state: 'connected', email: expect.any(String) } });
    w.zoho.revokeRefreshTokens();
    w.zoho.expireAccessTokens();
    expect(await w.app.mailbox.search({ query: 'Hetzner' }, w.signal())).toMatchObject({ ok: false, error: { reason: 'zoho_reconnect_needed' } });

    expect(await w.app.connection.status(w.signal())).toEqual({ ok: true, value: { state: 'reconnect_needed', dataCentre: 'com', canDraft: false } });
  });

  it('UQ9: tells of a revoked grant as soon as reading mail meets it, before anyone asks for the status', async () => {
    const w = await world();
    await w.connect();
    const refusals: string[] = [];
    w.app.onRefused(() => refusals.push('refused'));
    w.zoho.revokeRefreshTokens();
    w.zoho.expireAccessTokens();
    await w.app.mailbox.search({ query: 'Hetzner' }, w.signal());
    expect(refusals).toEqual(['refused']);
  });

  it('is connected again once the member connects anew after a refusal', async () => {
    const w = await world({ ...ZOHO_CLIENT, 'zoho.refreshToken': 'a-grant-zoho-revoked' });
    expect(await w.app.connection.status(w.signal())).toMatchObject({ ok: true, value: { state: 'reconnect_needed' } });
    await w.connect();
    expect(await w.app.connection.status(w.signal())).toMatchObject({ ok: true, value: { state: 'connected', email: expect.any(String) } });
  });
});

describe('disconnect', () => {
  it('deletes the refresh token, forgets the access token and revokes the grant at Zoho', async () => {
    const w = await world();
    await w.connect();
    const refreshToken = (await w.secrets.get('zoho.refreshToken')) as { ok: true; value: string };
    w.zoho.reset();

    expect(await w.app.connection.disconnect(w.signal())).toEqual({ ok: true, value: { state: 'disconnected', dataCentre: 'com', canDraft: false } });
    expect(await w.secrets.get('zoho.refreshToken')).toEqual({ ok: true, value: null });
    expect(w.zoho.requestsFor('revoke').map((request) => request.query.token)).toEqual([refreshToken.value]);
    // The access token in memory is gone too: nothing reaches the Mail API any more.
    expect(await w.app.mailbox.search({ query: 'Hetzner' }, w.signal())).toMatchObject({ ok: false, error: { reason: 'zoho_not_connected' } });
    expect(w.zoho.requestsFor('search')).toEqual([]);
    // And Zoho agrees: the grant no longer refreshes.
    expect(w.zoho.requestsFor('token')).toEqual([]);
  });

  it('disconnects here even when Zoho cannot be told', async () => {
    const w = await world();
    await w.connect();
    w.zoho.script('revoke', status(500));
    expect(await w.app.connection.disconnect(w.signal())).toMatchObject({ ok: true, value: { state: 'disconnected' } });
    expect(await w.secrets.get('zoho.refreshToken')).toEqual({ ok: true, value: null });
    expect(w.log.lines.join('\n')).toMatch(/refused to revoke/);
  });

  it('keeps the token out of the log even though the revoke URL carries it', async () => {
    const w = await world();
    await w.connect();
    const refreshToken = (await w.secrets.get('zoho.refreshToken')) as { ok: true; value: string };
    w.zoho.script('revoke', hang());
    await w.app.connection.disconnect(AbortSignal.timeout(200));
    expect(w.log.lines.join('\n')).not.toContain(refreshToken.value);
  });
});

const READ = 'ZohoMail.messages.READ,ZohoMail.accounts.READ,ZohoMail.folders.READ';
const COMPOSE = `${READ},ZohoMail.messages.CREATE`;
const askedScopes = (w: ZohoWorld) => w.zoho.requestsFor('deviceCode').map((request) => request.form?.scope);

/** A grant made outside the app, for Zoho's answer to the app's own flow: its tokens, with or without `scope`. */
async function grantFromZoho(zoho: ZohoDouble, scope: string, answerScope: boolean) {
  const code = await requestDeviceCode(zoho, { scope });
  zoho.authorizeDevice(String(code.body.user_code));
  const { body } = await pollDeviceToken(zoho.accountsUrl, String(code.body.device_code));
  const { scope: granted, ...rest } = body;
  zoho.reset();
  return answerScope ? { ...rest, scope: granted } : rest;
}

describe('leave to save drafts', () => {
  it('is kept by a later connection once granted, and forgotten with the mailbox on disconnect', async () => {
    const w = await world();
    await w.connect({ compose: true });
    await w.connect();
    expect(askedScopes(w)).toEqual([COMPOSE, COMPOSE]);
    expect(await w.app.connection.status(w.signal())).toMatchObject({ ok: true, value: { state: 'connected', canDraft: true } });

    expect(await w.app.connection.disconnect(w.signal())).toEqual({ ok: true, value: { state: 'disconnected', dataCentre: 'com', canDraft: false } });
    await w.connect();
    expect(askedScopes(w)).toEqual([COMPOSE, COMPOSE, READ]);
    expect(await w.app.connection.status(w.signal())).toMatchObject({ ok: true, value: { state: 'connected', canDraft: false } });
  });

  it('is asked for again when the member reconnects after Zoho refused the grant', async () => {
    const w = await world();
    await w.connect({ compose: true });
    w.zoho.revokeRefreshTokens();
    w.zoho.expireAccessTokens();
    await w.app.mailbox.search({ query: 'Hetzner' }, w.signal());
    expect(await w.app.connection.status(w.signal())).toMatchObject({ ok: true, value: { state: 'reconnect_needed', canDraft: false } });

    await w.connect();
    expect(askedScopes(w)).toEqual([COMPOSE, COMPOSE]);
    expect(await w.app.connection.status(w.signal())).toMatchObject({ ok: true, value: { state: 'connected', canDraft: true } });
  });

  it('is what Zoho says it granted, when that is less than the app asked for', async () => {
    const w = await world();
    w.zoho.script('deviceToken', status(200, await grantFromZoho(w.zoho, READ, true)));
    await w.connect({ compose: true });
    expect(askedScopes(w)).toEqual([COMPOSE]);
    expect(await w.app.connection.status(w.signal())).toMatchObject({ ok: true, value: { state: 'connected', canDraft: false } });
  });

  it('is read from Zoho’s answer whether it spaces the scopes (its documented samples) or separates them with commas', async () => {
    const w = await world();
    const grant = await grantFromZoho(w.zoho, COMPOSE, true);
    w.zoho.script('deviceToken', status(200, { ...grant, scope: COMPOSE.replaceAll(',', ' ') }));
    await w.connect({ compose: true });
    expect(w.grantScopes.get()).toEqual(COMPOSE.split(','));
    expect(await w.app.connection.status(w.signal())).toMatchObject({ ok: true, value: { canDraft: true } });
  });

  it('is what the app asked for when Zoho’s answer does not say', async () => {
    const w = await world();
    w.zoho.script('deviceToken', status(200, await grantFromZoho(w.zoho, COMPOSE, false)));
    await w.connect({ compose: true });
    expect(await w.app.connection.status(w.signal())).toMatchObject({ ok: true, value: { state: 'connected', canDraft: true } });
  });

  it('is not claimed for a grant stored before drafts existed, which was read-only', async () => {
    const w = await world();
    const { refresh_token: refreshToken } = await grantFromZoho(w.zoho, READ, true);
    await w.secrets.set('zoho.refreshToken', String(refreshToken));
    expect(await w.app.connection.status(w.signal())).toEqual({
      ok: true,
      value: { state: 'connected', email: w.zoho.mailbox.primaryEmailAddress, dataCentre: 'com', canDraft: false },
    });
    expect(await w.app.drafts.create({ subject: 'Notes', text: 'Summary', to: [] }, w.signal())).toMatchObject({ ok: false, error: { reason: 'zoho_compose_scope' } });
  });
});
