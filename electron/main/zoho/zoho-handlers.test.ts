import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCfAccessDouble, type CfAccessDouble } from '../../../test/doubles/cf-access-double';
import { startZohoDouble, type ZohoDouble } from '../../../test/doubles/zoho-double';
import { fakeLoginPort } from '../../../test/support/auth-test-kit';
import { fakeSender } from '../../../test/support/fake-sender';
import { createTestCore, type TestCore } from '../../../test/support/test-core';

/* The zoho channels through the real core and registry, against the Zoho double, as the Settings pane uses them. */

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
});

async function start(options: { signedIn: boolean }) {
  test = createTestCore({
    auth: { login: fakeLoginPort().port, notify: () => {}, accessOverride: { teamUrl: access.teamUrl, appUrl: 'https://desk.example.com/', aud: access.aud } },
    zoho: { accountsUrl: zoho.accountsUrl, mailUrl: zoho.mailUrl },
  });
  if (options.signedIn) {
    const accepted = await test.core.auth.acceptToken(await access.issue({ email: 'ana@example.com' }));
    if (!accepted.ok) throw new Error(accepted.error.message);
  }
  const window = fakeSender();
  const call = (channel: string, input: unknown = {}) => test!.core.registry.call(channel, input, window.sender);
  return { test, call, events: window.events };
}

describe('zoho channels', () => {
  it('are refused to a caller who is not signed in, and nothing reaches Zoho', async () => {
    const { call, test } = await start({ signedIn: false });
    for (const [channel, input] of [
      ['zoho:status', {}],
      ['zoho:connect', { method: 'device' }],
      ['zoho:disconnect', {}],
    ] as const) {
      expect(await call(channel, input), channel).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    }
    expect(zoho.requests).toEqual([]);
    expect(test.opens).toEqual([]);
  });

  it('connect a mailbox end to end: status, the loopback flow with its progress, status again, disconnect', async () => {
    const { call, events, test } = await start({ signedIn: true });
    expect(await call('zoho:status')).toEqual({ ok: true, value: { state: 'not_configured', dataCentre: 'com', canDraft: false } });
    await call('secrets:set', { name: 'zoho.clientId', value: 'zoho-client-id' });
    await call('secrets:set', { name: 'zoho.clientSecret', value: 'zoho-client-secret' });
    expect(await call('zoho:status')).toEqual({ ok: true, value: { state: 'disconnected', dataCentre: 'com', canDraft: false } });

    const started = await call('zoho:connect', { method: 'loopback' });
    if (!started.ok) throw new Error(started.error.message);
    const { requestId } = started.value as { requestId: string };
    await expect.poll(() => events.some((event) => event.event === 'zoho:progress' && JSON.stringify(event.payload).includes('waiting'))).toBe(true);
    // The member's browser: Zoho's page, then "Accept".
    const authUrl = new URL(test.opens[0]!);
    await fetch(authUrl);
    await zoho.approveAuthorization(authUrl.searchParams.get('state')!);
    await expect.poll(() => events.map((event) => event.event)).toContain('zoho:done');

    const email = zoho.mailbox.primaryEmailAddress;
    expect(events).toEqual([
      { event: 'zoho:progress', payload: { requestId, data: { stage: 'browser_opened' } } },
      { event: 'zoho:progress', payload: { requestId, data: { stage: 'waiting' } } },
      { event: 'zoho:done', payload: { requestId, value: { email, accountId: zoho.mailbox.accountId } } },
    ]);
    // The double plays Zoho's EU data centre: the redirect moved the setting there.
    expect(await call('zoho:status')).toEqual({ ok: true, value: { state: 'connected', email, dataCentre: 'eu', canDraft: false } });
    expect(await call('secrets:status')).toMatchObject({ ok: true, value: { configured: { 'zoho.refreshToken': true } } });

    expect(await call('zoho:disconnect')).toEqual({ ok: true, value: { state: 'disconnected', dataCentre: 'eu', canDraft: false } });
    expect(zoho.requestsFor('revoke')).toHaveLength(1);
    expect(await call('secrets:status')).toMatchObject({ ok: true, value: { configured: { 'zoho.refreshToken': false } } });
  });

  it('cancel a connect under way through zoho:cancel, and no outcome is sent for it', async () => {
    const { call, events } = await start({ signedIn: true });
    await call('secrets:set', { name: 'zoho.clientId', value: 'zoho-client-id' });
    await call('secrets:set', { name: 'zoho.clientSecret', value: 'zoho-client-secret' });
    const started = await call('zoho:connect', { method: 'device' });
    const { requestId } = (started as { ok: true; value: { requestId: string } }).value;
    await expect.poll(() => events.some((event) => JSON.stringify(event.payload).includes('"waiting"'))).toBe(true);

    expect(await call('zoho:cancel', { requestId })).toEqual({ ok: true, value: { cancelled: true } });
    const code = events.find((event) => JSON.stringify(event.payload).includes('userCode'))!.payload as { data: { userCode: string } };
    expect(code.data.userCode).toMatch(/\S/);
    expect(events.map((event) => event.event)).not.toContain('zoho:done');
    expect(events.map((event) => event.event)).not.toContain('zoho:error');
    // Zoho was never polled: the flow was still waiting out its first interval.
    expect(zoho.requestsFor('deviceToken')).toEqual([]);
  });

  it('refuse a connect method that does not exist', async () => {
    const { call } = await start({ signedIn: true });
    expect(await call('zoho:connect', { method: 'password' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });
});
