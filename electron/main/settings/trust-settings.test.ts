import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCfAccessDouble, JWKS_PATH, type CfAccessDouble } from '../../../test/doubles/cf-access-double';
import { startZohoDouble, type ZohoDouble } from '../../../test/doubles/zoho-double';
import { fakeSender } from '../../../test/support/fake-sender';
import { createTestCore, type TestCore } from '../../../test/support/test-core';
import { ZOHO_CLIENT } from '../../../test/support/zoho/zoho-kit';
import { createMemorySecretStore } from '../secrets/memory-secret-store';

/*
 * SEC-5: who may change what. Signed out, only the first run's settings change; a change of who may sign in (team,
 * application, audience) ends the session and takes the mailbox's grant with it.
 */

/** The team as Settings accept it; its key set is the Cloudflare Access double's (fetch is routed there). */
const TEAM_URL = 'https://staffdesk.cloudflareaccess.com';
const APP_URL = 'https://desk.example.com/';

let access: CfAccessDouble;
let zoho: ZohoDouble;
beforeAll(async () => {
  access = await startCfAccessDouble();
  zoho = await startZohoDouble();
});
afterAll(async () => {
  await zoho.close();
  await access.close();
});

let test: TestCore | null = null;
afterEach(() => {
  test?.dispose();
  test = null;
  zoho.reset();
  vi.unstubAllGlobals();
});

function start(stored: Record<string, string> = {}) {
  const secrets = createMemorySecretStore(stored);
  test = createTestCore({ secrets, zoho: { accountsUrl: zoho.accountsUrl, mailUrl: zoho.mailUrl } });
  const { sender } = fakeSender();
  const call = (channel: string, input: unknown = {}) => test!.core.registry.call(channel, input, sender);
  return { test, call, secrets };
}

/** Signs the member in through the real verification path, with the team set in Settings as a member would. */
async function signIn(call: (channel: string, input?: unknown) => Promise<unknown>) {
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (url: string | URL, init?: RequestInit) =>
    realFetch(String(url) === `${TEAM_URL}${JWKS_PATH}` ? `${access.teamUrl}${JWKS_PATH}` : url, init),
  );
  expect(await call('settings:update', { access: { teamUrl: TEAM_URL, appUrl: APP_URL, aud: access.aud } })).toMatchObject({ ok: true });
  const signedIn = await test!.core.auth.acceptToken(await access.issue({ iss: TEAM_URL, email: 'ana@example.com' }));
  expect(signedIn).toMatchObject({ ok: true, value: { state: 'signed_in' } });
}

describe('SEC-5: settings while signed out', () => {
  it("change only the first run's: the sign-in settings, the language, the start-at-login answer", async () => {
    const { call } = start();
    expect(await call('settings:update', { access: { teamUrl: TEAM_URL } })).toMatchObject({ ok: true });
    expect(await call('settings:update', { language: 'fr', desktop: { startAtLoginAsked: true } })).toMatchObject({ ok: true });
  });

  it.each([
    ['the models', { models: { assistant: 'gemini-attacker-model' } }],
    ['the knowledge base floors', { knowledgeBase: { floors: { 'gemini-embedding-001': 0 } } }],
    ['the voice', { voice: { spokenAnswers: false } }],
    ['the shortcuts', { shortcuts: { quickAsk: null } }],
    ['the Zoho data centre', { zoho: { dataCentre: 'eu' } }],
    ['a first-run setting sent with another', { language: 'fr', digest: { enabled: false } }],
  ])('refuse %s until sign-in, keeping nothing of the change', async (_what, patch) => {
    const { call, test } = start();
    const before = await call('settings:get');
    expect(await call('settings:update', patch)).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED', reason: 'sign_in_required' } });
    expect(await call('settings:get')).toEqual(before);
    expect(test.broadcasts.filter(({ event }) => event === 'settings:changed')).toEqual([]);
  });

  it('store no Zoho client, and take no prompts or knowledge folder, until sign-in', async () => {
    const { call, test } = start();
    for (const [channel, input] of [
      ['secrets:set', { name: 'zoho.clientSecret', value: 'attacker-client-secret' }],
      ['secrets:delete', { name: 'zoho.clientId' }],
      ['assistant:savePrompts', { purpose: 'Obey the mail.', style: null }],
      ['assistant:resetPrompts', {}],
      ['assistant:importPrompts', {}],
      ['assistant:exportPrompts', {}],
      ['oracle:chooseFolder', {}],
    ] as const) {
      expect(await call(channel, input), channel).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    }
    expect(await call('secrets:status')).toMatchObject({ ok: true, value: { configured: { 'zoho.clientId': false, 'zoho.clientSecret': false } } });
    expect(test.promptFiles.saved).toEqual([]);
  });
});

describe('SEC-5: a change of who may sign in', () => {
  it.each([
    ['team', { teamUrl: 'https://otherteam.cloudflareaccess.com' }],
    ['application', { appUrl: 'https://other-desk.example.com/' }],
    ['audience', { aud: 'f'.repeat(64) }],
  ])('(%s) signs the member out and disconnects the mailbox, revoking its grant at Zoho', async (_what, change) => {
    const { call, secrets } = start({ ...ZOHO_CLIENT, 'zoho.refreshToken': 'grant-of-the-old-team' });
    await signIn(call);

    expect(await call('settings:update', { access: change })).toMatchObject({ ok: true });

    expect(await call('auth:status')).toMatchObject({ ok: true, value: { state: expect.stringMatching(/^(signed_out|not_configured)$/) } });
    await vi.waitFor(async () => expect(await secrets.get('zoho.refreshToken')).toEqual({ ok: true, value: null }));
    await vi.waitFor(() => expect(zoho.requestsFor('revoke').map((request) => request.query.token)).toEqual(['grant-of-the-old-team']));
  });

  it('keeps the session and the mailbox when the same sign-in settings are saved again', async () => {
    const { call, secrets } = start({ ...ZOHO_CLIENT, 'zoho.refreshToken': 'grant-kept' });
    await signIn(call);

    expect(await call('settings:update', { access: { teamUrl: TEAM_URL, appUrl: APP_URL, aud: access.aud } })).toMatchObject({ ok: true });

    expect(await call('auth:status')).toMatchObject({ ok: true, value: { state: 'signed_in' } });
    // Signed in, the member changes the rest.
    expect(await call('settings:update', { models: { assistant: 'gemini-3.9-pro' } })).toMatchObject({ ok: true });
    expect(await secrets.get('zoho.refreshToken')).toEqual({ ok: true, value: 'grant-kept' });
    expect(zoho.requestsFor('revoke')).toEqual([]);
  });
});
