import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCfAccessDouble, type CfAccessDouble } from '../../../test/doubles/cf-access-double';
import { fakeLoginPort } from '../../../test/support/auth-test-kit';
import { fakeSender } from '../../../test/support/fake-sender';
import { createTestCore, type TestCore } from '../../../test/support/test-core';

let double: CfAccessDouble;
beforeAll(async () => {
  double = await startCfAccessDouble();
});
afterAll(() => double.close());

let test: TestCore | null = null;
afterEach(() => {
  test?.dispose();
  test = null;
});

function start(options: { access: 'double' | 'settings' }) {
  const login = fakeLoginPort();
  test = createTestCore({
    auth: {
      login: login.port,
      notify: () => {},
      ...(options.access === 'double'
        ? { accessOverride: { teamUrl: double.teamUrl, appUrl: 'https://desk.example.com/', aud: double.aud } }
        : {}),
    },
  });
  const call = (channel: string, input: unknown = {}) => test!.core.registry.call(channel, input, fakeSender().sender);
  return { test, login, call };
}

/** Sign-in news only: the core also announces its knowledge base's indexing at start. */
const authBroadcasts = (test: TestCore) => test.broadcasts.filter(({ event }) => event === 'auth:changed');

describe('auth channels through the core', () => {
  it('sign in, status and sign out, with auth:changed sent to the window at each change', async () => {
    const { test, login, call } = start({ access: 'double' });
    expect(await call('auth:status')).toEqual({ ok: true, value: { state: 'signed_out' } });

    login.signInAnswer = await double.issue({ email: 'ana@example.com', name: 'Ana' });
    const signedIn = { state: 'signed_in', email: 'ana@example.com', name: 'Ana', expiresAt: expect.any(Number) };
    expect(await call('auth:login')).toEqual({ ok: true, value: signedIn });
    expect(await call('auth:status')).toEqual({ ok: true, value: signedIn });

    expect(await call('auth:logout')).toEqual({ ok: true, value: { state: 'signed_out' } });
    expect(login.clears).toBe(1);
    expect(authBroadcasts(test)).toEqual([
      { event: 'auth:changed', payload: signedIn },
      { event: 'auth:changed', payload: { state: 'signed_out' } },
    ]);
  });

  it('answers a refused token with its reason, and a closed window with the unchanged status', async () => {
    const { test, login, call } = start({ access: 'double' });
    login.signInAnswer = await double.issue({}, { expiresInSec: -3600 });
    expect(await call('auth:login')).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED', reason: 'expired' } });
    login.signInAnswer = null;
    expect(await call('auth:login')).toEqual({ ok: true, value: { state: 'signed_out' } });
    expect(authBroadcasts(test)).toEqual([]);
  });

  it('says sign-in is not configured until Settings have all three access fields, then that the member is signed out', async () => {
    const { test, login, call } = start({ access: 'settings' });
    expect(await call('auth:status')).toEqual({ ok: true, value: { state: 'not_configured' } });
    expect(await call('auth:login')).toEqual({
      ok: false,
      error: { code: 'NOT_CONFIGURED', reason: 'access_not_configured', message: expect.stringMatching(/Settings/) },
    });
    expect(login.windows).toEqual([]);

    await call('settings:update', { access: { teamUrl: 'myteam.cloudflareaccess.com', appUrl: 'desk.example.com' } });
    expect(await call('auth:status')).toEqual({ ok: true, value: { state: 'not_configured' } });
    await call('settings:update', { access: { aud: 'c0'.repeat(32) } });

    expect(await call('auth:status')).toEqual({ ok: true, value: { state: 'signed_out' } });
    expect(authBroadcasts(test)).toEqual([{ event: 'auth:changed', payload: { state: 'signed_out' } }]);
  });
});
