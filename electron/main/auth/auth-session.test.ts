import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AccessConfig } from '../../../shared/access-config';
import type { AuthStatus } from '../../../shared/auth';
import { unary } from '../../../shared/ipc/define';
import type { Lang } from '../../../shared/lang';
import { AUTH } from '../../../shared/limits';
import { ok } from '../../../shared/result';
import { startCfAccessDouble, type CfAccessDouble } from '../../../test/doubles/cf-access-double';
import { fakeLoginPort, manualClock, type ManualClock } from '../../../test/support/auth-test-kit';
import { APP_ORIGIN, asMainWindowOnly, fakeSender } from '../../../test/support/fake-sender';
import { allowOrigins } from '../app/app-origin';
import { createRegistry } from '../ipc/registry';
import { createMemoryLogger } from '../log/logger';
import { createAuthSession } from './auth-session';
import type { Notify } from './login-port';

const APP_URL = 'https://desk.example.com/';
const HOUR_SEC = 3600;
const HOUR_MS = HOUR_SEC * 1000;
const UNTIL_RENEWAL_MS = HOUR_MS - AUTH.renewBeforeExpiryMs;

// The doubles sign with whichever manual clock the running test uses.
let clock: ManualClock = manualClock();
let double: CfAccessDouble;
let otherTeam: CfAccessDouble;
beforeAll(async () => {
  [double, otherTeam] = await Promise.all([
    startCfAccessDouble({ now: () => clock.now() }),
    startCfAccessDouble({ now: () => clock.now() }),
  ]);
});
afterAll(async () => {
  await Promise.all([double.close(), otherTeam.close()]);
});

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  double.setUnreachable(false);
});

function accessOf(team: CfAccessDouble): AccessConfig {
  return { teamUrl: team.teamUrl, appUrl: APP_URL, aud: team.aud };
}

const RENEWAL_FAILED_NOTICE = { title: 'Your sign-in is ending', body: 'Sign in again to keep using Staff Desk.' };

function setup(initialAccess: AccessConfig | null = accessOf(double), lang: Lang = 'en') {
  clock = manualClock();
  const login = fakeLoginPort();
  const published: AuthStatus[] = [];
  const notices: Array<Parameters<Notify>[0]> = [];
  const log = createMemoryLogger();
  let access = initialAccess;
  const session = createAuthSession({
    access: () => access,
    login: login.port,
    notify: (notice) => notices.push(notice),
    lang: () => lang,
    fetch: (url, init) => fetch(url, init),
    now: clock.now,
    timers: clock.timers,
    publish: (status) => published.push(status),
    log,
  });
  cleanups.push(() => session.close());
  return {
    session,
    login,
    published,
    notices,
    log,
    changeAccess(next: AccessConfig | null) {
      access = next;
      return session.accessChanged();
    },
  };
}

/** Signs in for an hour as Ana, through the sign-in window; returns the expiry and the token the window gave. */
async function signInAsAna(world: ReturnType<typeof setup>) {
  const token = await double.issue({ email: 'ana@example.com', name: 'Ana' }, { expiresInSec: HOUR_SEC });
  world.login.signInAnswer = token;
  const result = await world.session.login();
  expect(result).toMatchObject({ ok: true, value: { state: 'signed_in' } });
  world.login.signInAnswer = null;
  return { expiresAt: clock.now() + HOUR_MS, token };
}

/** A contract with one protected channel, served through the real registry over the session. */
function protectedDesk(session: ReturnType<typeof setup>['session']) {
  const contract = {
    'desk:whoami': unary({ input: z.strictObject({}), output: z.object({ email: z.string() }), protected: true }),
  };
  return createRegistry({
    contract,
    handlers: { 'desk:whoami': (_input, ctx) => ok({ email: ctx.member.email }) },
    isTrustedSender: allowOrigins([APP_ORIGIN]),
    ...asMainWindowOnly(contract),
    currentMember: session.currentMember,
    onUnauthenticated: session.protectedCallRefused,
    log: createMemoryLogger(),
  });
}

describe('auth session: signing in', () => {
  it('signs the member in with the verified email, name and expiry, and announces it', async () => {
    const world = setup();
    expect(world.session.status()).toEqual({ state: 'signed_out' });
    const { expiresAt } = await signInAsAna(world);

    const signedIn = { state: 'signed_in', email: 'ana@example.com', name: 'Ana', expiresAt };
    expect(world.session.status()).toEqual(signedIn);
    expect(world.published).toEqual([signedIn]);
    expect(world.session.currentMember()).toEqual({ email: 'ana@example.com', name: 'Ana' });
    expect(world.login.windows.map((window) => window.appUrl)).toEqual([APP_URL]);
  });

  it('has the log mask the Access token it signed in with', async () => {
    const world = setup();
    const { token } = await signInAsAna(world);
    world.log.warn('sign-in window answered', { cookie: `CF_Authorization=${token}`, token });
    expect(world.log.lines.join('\n')).not.toContain(token);
  });

  it('stays signed out, without an error, when the member closes the window', async () => {
    const world = setup();
    world.login.signInAnswer = null;

    expect(await world.session.login()).toEqual({ ok: true, value: { state: 'signed_out' } });
    expect(world.published).toEqual([]);
    expect(world.session.currentMember()).toBeNull();
  });

  it.each<[string, () => Promise<string> | string, string]>([
    ['an expired token', () => double.issue({}, { expiresInSec: -HOUR_SEC }), 'expired'],
    ['a token for another application', () => double.issue({ aud: [randomBytes(32).toString('hex')] }), 'wrong_audience'],
    ['a token from another team', () => otherTeam.issue({ aud: [double.aud] }), 'unknown_key'],
    ['a token with another issuer', () => double.issue({ iss: 'https://other.cloudflareaccess.com' }), 'wrong_issuer'],
    ['an unsigned token', () => double.issueUnsigned(), 'unsupported_algorithm'],
    ['an HS256 token keyed with the public key', () => double.issueHs256WithPublicKey(), 'unsupported_algorithm'],
    ['a service token', () => double.issue({ email: undefined, common_name: 'client.access' }), 'service_token'],
  ])('refuses %s from the window, says why, and stays signed out', async (_, token, reason) => {
    const world = setup();
    world.login.signInAnswer = await token();

    const result = await world.session.login();

    expect(result).toEqual({ ok: false, error: { code: 'UNAUTHENTICATED', reason, message: expect.any(String) } });
    expect(world.session.status()).toEqual({ state: 'signed_out' });
    expect(world.session.currentMember()).toBeNull();
    expect(world.published).toEqual([]);
  });

  it('opens one window for logins asked while it is open, and gives each the same answer', async () => {
    const world = setup();
    world.login.signInAnswer = 'hold';

    const first = world.session.login();
    const second = world.session.login();
    expect(world.login.windows).toHaveLength(1);
    world.login.windows[0]!.finish(await double.issue({ email: 'ana@example.com' }));

    const [a, b] = await Promise.all([first, second]);
    expect(a).toMatchObject({ ok: true, value: { state: 'signed_in', email: 'ana@example.com' } });
    expect(b).toEqual(a);
    expect(world.published).toHaveLength(1);
  });

  it('opens no window when the member is signed in already', async () => {
    const world = setup();
    await signInAsAna(world);

    expect(await world.session.login()).toMatchObject({ ok: true, value: { state: 'signed_in' } });
    expect(world.login.windows).toHaveLength(1);
  });

  it('says the sign-in service cannot be reached when the team keys cannot be fetched, and signs in once they can', async () => {
    const world = setup();
    world.login.signInAnswer = () => double.issue({ email: 'ana@example.com' });
    double.setUnreachable(true);

    expect(await world.session.login()).toEqual({
      ok: false,
      error: {
        code: 'UPSTREAM',
        reason: 'jwks_unreachable',
        message: expect.stringMatching(/cannot be reached/),
        retryAfterMs: AUTH.jwksRefetchMinIntervalMs,
      },
    });
    expect(world.session.status()).toEqual({ state: 'signed_out' });

    double.setUnreachable(false);
    clock.advance(AUTH.jwksRefetchMinIntervalMs);
    expect(await world.session.login()).toMatchObject({ ok: true, value: { state: 'signed_in', email: 'ana@example.com' } });
  });

  it('adopts a token handed over directly (the harness) only once it verifies', async () => {
    const world = setup();

    expect(await world.session.acceptToken(await double.issue({}, { expiresInSec: -60 - AUTH.clockSkewMs / 1000 }))).toMatchObject({
      ok: false,
      error: { reason: 'expired' },
    });
    expect(world.session.status()).toEqual({ state: 'signed_out' });

    const accepted = await world.session.acceptToken(await double.issue({ email: 'bo@example.com' }));
    expect(accepted).toMatchObject({ ok: true, value: { state: 'signed_in', email: 'bo@example.com' } });
    expect(world.login.windows).toEqual([]);
  });
});

describe('auth session: not configured', () => {
  it('says so, and points login to Settings, while the access settings are incomplete', async () => {
    const world = setup(null);

    expect(world.session.status()).toEqual({ state: 'not_configured' });
    const result = await world.session.login();
    expect(result).toEqual({
      ok: false,
      error: { code: 'NOT_CONFIGURED', reason: 'access_not_configured', message: expect.stringMatching(/in Settings\.$/) },
    });
    expect(world.login.windows).toEqual([]);
    expect(await world.session.acceptToken(await double.issue())).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED' } });
  });
});

describe('auth session: signing out', () => {
  it('drops the session at once, clears the sign-in partition, and announces it', async () => {
    const world = setup();
    await signInAsAna(world);

    expect(await world.session.logout()).toEqual({ ok: true, value: { state: 'signed_out' } });
    expect(world.session.currentMember()).toBeNull();
    expect(world.login.clears).toBe(1);
    expect(world.published.map((status) => status.state)).toEqual(['signed_in', 'signed_out']);
  });

  it('closes a sign-in window still open, which then signs no one in', async () => {
    const world = setup();
    world.login.signInAnswer = 'hold';
    const pending = world.session.login();

    await world.session.logout();

    expect(world.login.windows[0]!.signal.aborted).toBe(true);
    expect(await pending).toEqual({ ok: true, value: { state: 'signed_out' } });
    expect(world.session.currentMember()).toBeNull();
  });

  it('ignores a token a slow window hands back after the sign-out', async () => {
    const world = setup();
    world.login.signInAnswer = 'hold';
    world.login.honoursAbort = false;
    const pending = world.session.login();
    await world.session.logout();

    world.login.windows[0]!.finish(await double.issue());

    expect(await pending).toEqual({ ok: true, value: { state: 'signed_out' } });
    expect(world.session.currentMember()).toBeNull();
  });

  it('stops its renewal: a signed-out member is not told their sign-in is ending', async () => {
    const world = setup();
    await signInAsAna(world);
    await world.session.logout();

    clock.advance(2 * HOUR_MS);
    expect(world.login.renewals).toEqual([]);
    expect(world.notices).toEqual([]);
    expect(clock.pendingCount()).toBe(0);
  });
});

describe('auth session: silent renewal', () => {
  it('renews a few minutes before exp without a word to the member, and moves the expiry on', async () => {
    const world = setup();
    const { expiresAt: firstExpiry } = await signInAsAna(world);
    world.login.renewAnswer = () => double.issue({ email: 'ana@example.com', name: 'Ana' }, { expiresInSec: HOUR_SEC });

    clock.advance(UNTIL_RENEWAL_MS - 1);
    expect(world.login.renewals).toEqual([]);
    clock.advance(1);
    expect(world.login.renewals).toEqual([APP_URL]);
    await expect.poll(() => world.published.length).toBe(2);

    const renewedExpiry = clock.now() + HOUR_MS;
    expect(world.published[1]).toEqual({ state: 'signed_in', email: 'ana@example.com', name: 'Ana', expiresAt: renewedExpiry });
    clock.advance(firstExpiry - clock.now() + 1);
    expect(world.session.currentMember()).toEqual({ email: 'ana@example.com', name: 'Ana' });
    expect(world.notices).toEqual([]);
  });

  it.each<[string, (signInToken: string) => Promise<string | null>]>([
    ['the identity provider wants the member again', async () => null],
    ['the token comes back for another application', () => double.issue({ aud: [randomBytes(32).toString('hex')] }, { expiresInSec: HOUR_SEC })],
    ['the token comes back for another member', () => double.issue({ email: 'eve@example.com' }, { expiresInSec: HOUR_SEC })],
    // Its cookie was still valid: nothing was renewed.
    ['the same token comes back', async (signInToken) => signInToken],
    [
      'the team keys cannot be fetched',
      async () => {
        // A new key the session has not seen yet forces a key fetch, which fails.
        await double.rotate();
        double.setUnreachable(true);
        return double.issue({ email: 'ana@example.com' }, { expiresInSec: HOUR_SEC });
      },
    ],
  ])('when %s: tells the member once, expires at exp, and the next protected action opens the window once', async (_, renewal) => {
    const world = setup();
    const { expiresAt, token } = await signInAsAna(world);
    world.login.renewAnswer = () => renewal(token);
    const desk = protectedDesk(world.session);
    const { sender } = fakeSender();

    clock.advance(UNTIL_RENEWAL_MS);
    await expect.poll(() => world.notices).toEqual([RENEWAL_FAILED_NOTICE]);
    expect(world.session.status()).toMatchObject({ state: 'signed_in', expiresAt });
    expect(await desk.call('desk:whoami', {}, sender)).toEqual({ ok: true, value: { email: 'ana@example.com' } });

    clock.advance(AUTH.renewBeforeExpiryMs);
    const expired = { state: 'expired', email: 'ana@example.com', name: 'Ana', expiredAt: expiresAt };
    expect(world.published.at(-1)).toEqual(expired);
    expect(world.session.currentMember()).toBeNull();

    world.login.signInAnswer = 'hold';
    for (let i = 0; i < 3; i++) {
      expect(await desk.call('desk:whoami', {}, sender)).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    }
    expect(world.login.windows).toHaveLength(2);
    double.setUnreachable(false);
    clock.advance(AUTH.jwksRefetchMinIntervalMs);
    world.login.windows[1]!.finish(await double.issue({ email: 'ana@example.com' }));
    await expect.poll(() => world.session.status().state).toBe('signed_in');
    expect(await desk.call('desk:whoami', {}, sender)).toEqual({ ok: true, value: { email: 'ana@example.com' } });
    expect(world.notices).toHaveLength(1);
  });

  it('tells the member in their language that their sign-in is ending', async () => {
    const world = setup(accessOf(double), 'es');
    await signInAsAna(world);
    world.login.renewAnswer = async () => null;

    clock.advance(UNTIL_RENEWAL_MS);
    await expect.poll(() => world.notices).toEqual([
      { title: 'Tu sesión está a punto de terminar', body: 'Vuelve a iniciar sesión para seguir usando Staff Desk.' },
    ]);
  });

  it('opens no window on a refused protected call when the member simply never signed in', async () => {
    const world = setup();
    const desk = protectedDesk(world.session);

    expect(await desk.call('desk:whoami', {}, fakeSender().sender)).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    expect(world.login.windows).toEqual([]);
  });
});

describe('auth session: settings changes', () => {
  it('signs the member out when the AUD tag changes, and clears the partition that holds the old cookie', async () => {
    const world = setup();
    await signInAsAna(world);

    world.changeAccess({ ...accessOf(double), aud: randomBytes(32).toString('hex') });

    expect(world.session.status()).toEqual({ state: 'signed_out' });
    expect(world.session.currentMember()).toBeNull();
    expect(world.published.at(-1)).toEqual({ state: 'signed_out' });
    expect(world.login.clears).toBe(1);
  });

  it('signs the member out when the team changes, and then checks tokens against the new team’s keys', async () => {
    const world = setup();
    await signInAsAna(world);

    world.changeAccess(accessOf(otherTeam));
    expect(world.session.status()).toEqual({ state: 'signed_out' });

    // The old team's key is not among the new team's: a cache kept from before would have found it.
    world.login.signInAnswer = await double.issue({ aud: [otherTeam.aud] });
    expect(await world.session.login()).toMatchObject({ ok: false, error: { reason: 'unknown_key' } });
    world.login.signInAnswer = await otherTeam.issue({ email: 'ana@example.com' });
    expect(await world.session.login()).toMatchObject({ ok: true, value: { state: 'signed_in', email: 'ana@example.com' } });
  });

  it('SEC-5: ends the session when only the application URL changes, and says who may sign in changed', async () => {
    const world = setup();
    await signInAsAna(world);

    expect(world.changeAccess({ ...accessOf(double), appUrl: 'https://desk2.example.com/' })).toBe(true);

    expect(world.session.currentMember()).toBeNull();
    expect(world.login.clears).toBe(1);
    // Saved again as it is: nobody new may sign in, nothing more ends.
    expect(world.changeAccess({ ...accessOf(double), appUrl: 'https://desk2.example.com/' })).toBe(false);
  });

  it('turns to not configured, signed out, when the settings are emptied', async () => {
    const world = setup();
    await signInAsAna(world);

    world.changeAccess(null);

    expect(world.session.status()).toEqual({ state: 'not_configured' });
    expect(world.session.currentMember()).toBeNull();
    expect(world.published.at(-1)).toEqual({ state: 'not_configured' });
  });

  it('closes a sign-in window opened for the old settings', async () => {
    const world = setup();
    world.login.signInAnswer = 'hold';
    const pending = world.session.login();

    world.changeAccess(accessOf(otherTeam));

    expect(await pending).toEqual({ ok: true, value: { state: 'signed_out' } });
    expect(world.login.windows[0]!.signal.aborted).toBe(true);
  });
});
