import type { AccessConfig } from '../../../shared/access-config';
import type { AuthStatus } from '../../../shared/auth';
import type { Lang } from '../../../shared/lang';
import { AUTH } from '../../../shared/limits';
import type { Member } from '../../../shared/member';
import { err, ok, type Err, type Result } from '../../../shared/result';
import type { Logger } from '../log/logger';
import { SESSION_TEXTS } from '../texts/session-texts';
import { createAlarm, type Timers } from '../timers/alarm';
import { createJwksCache, type JwksCache, type JwksFetch } from './jwks-cache';
import type { LoginPort, Notify } from './login-port';
import { verifyAccessToken, type VerifiedIdentity } from './verify-access-token';

export interface AuthSessionDeps {
  /**
   * The access settings sign-in works with (the harness's override, or Settings), null while incomplete. Read at
   * creation and again on accessChanged().
   */
  access: () => AccessConfig | null;
  login: LoginPort;
  notify: Notify;
  /** The member's language, for what notify tells them. */
  lang: () => Lang;
  /** For the team's key set (JWKS). */
  fetch: JwksFetch;
  /** Wall clock, epoch ms: token times are written in it. */
  now: () => number;
  timers: Timers;
  /** Sends `auth:changed`; called only when the status really changed. */
  publish: (status: AuthStatus) => void;
  log: Logger;
}

/** The one staff session of this app. No method throws for an expected failure: those come back as Results. */
export interface AuthSession {
  status(): AuthStatus;
  /**
   * Opens the sign-in window and resolves when it closes: signed in, or cancelled (the status unchanged, no
   * error). A call while the window is open waits for that same window.
   */
  login(): Promise<Result<AuthStatus>>;
  /** Adopts a CF_Authorization token obtained elsewhere (the harness's cfToken), verified like any other. */
  acceptToken(token: string): Promise<Result<AuthStatus>>;
  /** Drops the session at once, then forgets the sign-in partition. */
  logout(): Promise<Result<AuthStatus>>;
  /** The verified member while signed in and not past exp; the only identity a handler ever sees. */
  currentMember(): Member | null;
  /** A protected call was refused for want of a session: after an expiry, the sign-in window opens (not awaited). */
  protectedCallRefused(): void;
  /**
   * Settings were written: a session for another team or application (team URL, application URL, AUD tag) ends.
   * True when sign-in was set up and now names someone else (a first setup replaces nobody).
   */
  accessChanged(): boolean;
  /** Stops the timers and any sign-in in progress; nothing is published afterwards. */
  close(): void;
}

const NOT_CONFIGURED_MESSAGE =
  'Sign-in is not set up yet: enter the Cloudflare Access team domain, application URL and AUD tag in Settings.';

type Audience = Pick<AccessConfig, 'teamUrl' | 'appUrl' | 'aud'>;

type State =
  | { kind: 'signed_out' }
  | { kind: 'signed_in'; identity: VerifiedIdentity }
  | { kind: 'expired'; member: Member; expiredAt: number };

interface PendingLogin {
  readonly controller: AbortController;
  readonly result: Promise<Result<AuthStatus>>;
}

type Renewal = { ok: true; identity: VerifiedIdentity } | { ok: false; reason: string };

/** A token is valid for one team and one application: those decide whether a session still holds. */
function sameAudience(a: Audience | null, b: Audience | null): boolean {
  return a?.teamUrl === b?.teamUrl && a?.appUrl === b?.appUrl && a?.aud === b?.aud;
}

function memberOf(identity: Member): Member {
  return { email: identity.email, ...(identity.name === undefined ? {} : { name: identity.name }) };
}

export function createAuthSession(deps: AuthSessionDeps): AuthSession {
  const { log } = deps;
  let config = deps.access();
  let state: State = { kind: 'signed_out' };
  let jwks: { teamUrl: string; cache: JwksCache } | null = null;
  let pending: PendingLogin | null = null;
  let renewal: AbortController | null = null;
  let closed = false;
  const renewAlarm = createAlarm(deps);
  const expiryAlarm = createAlarm(deps);

  function statusNow(): AuthStatus {
    if (!config) return { state: 'not_configured' };
    switch (state.kind) {
      case 'signed_out':
        return { state: 'signed_out' };
      case 'signed_in':
        return { state: 'signed_in', ...memberOf(state.identity), expiresAt: state.identity.expiresAt };
      case 'expired':
        return { state: 'expired', ...state.member, expiredAt: state.expiredAt };
    }
  }

  let announced = JSON.stringify(statusNow());

  /** Applies an expiry that is due (a timer may run late, or not yet), and publishes the status if it changed. */
  function refresh(): AuthStatus {
    if (state.kind === 'signed_in' && deps.now() >= state.identity.expiresAt) {
      const { identity } = state;
      setState({ kind: 'expired', member: memberOf(identity), expiredAt: identity.expiresAt });
    }
    const status = statusNow();
    const key = JSON.stringify(status);
    if (key !== announced && !closed) {
      announced = key;
      deps.publish(status);
    }
    return status;
  }

  function setState(next: State) {
    renewAlarm.clear();
    expiryAlarm.clear();
    renewal?.abort();
    renewal = null;
    state = next;
    if (next.kind === 'signed_in' && !closed) {
      const { identity } = next;
      renewAlarm.set(identity.expiresAt - AUTH.renewBeforeExpiryMs, () => {
        // Runs from a timer: whatever goes wrong must end in the log, not in an unhandled rejection.
        renew(identity).catch((error: unknown) => log.error('silent renewal failed', { error }));
      });
      expiryAlarm.set(identity.expiresAt, refresh);
    }
  }

  function jwksFor(teamUrl: string): JwksCache {
    // Keys belong to one team: a changed team URL starts from an empty cache.
    if (jwks?.teamUrl !== teamUrl) jwks = { teamUrl, cache: createJwksCache({ teamUrl, fetch: deps.fetch, now: deps.now, log }) };
    return jwks.cache;
  }

  function verify(token: string, access: AccessConfig) {
    // Every token passes here, from the window, a silent renewal or the harness: none may reach the log.
    log.concealToken(token);
    return verifyAccessToken(token, { teamUrl: access.teamUrl, aud: access.aud, jwks: jwksFor(access.teamUrl), now: deps.now });
  }

  function notConfigured(): Err {
    return err('NOT_CONFIGURED', NOT_CONFIGURED_MESSAGE, { reason: 'access_not_configured' });
  }

  async function adopt(token: string, access: AccessConfig): Promise<Result<AuthStatus>> {
    const verified = await verify(token, access);
    if (!verified.ok) {
      log.warn('sign-in refused', { code: verified.error.code, reason: verified.error.reason });
      return verified;
    }
    if (!sameAudience(access, config)) {
      return err('UNAUTHENTICATED', 'The sign-in settings changed while you were signing in. Sign in again.', {
        reason: 'access_changed',
      });
    }
    setState({ kind: 'signed_in', identity: verified.value });
    log.info('signed in', { expiresAt: new Date(verified.value.expiresAt).toISOString() });
    return ok(refresh());
  }

  async function signIn(access: AccessConfig, signal: AbortSignal): Promise<Result<AuthStatus>> {
    const token = await deps.login.signIn(access.appUrl, signal);
    // Closed by hand, or overtaken by a sign-out or a settings change: nothing to adopt, and nothing went wrong.
    if (token === null || signal.aborted) return ok(refresh());
    return adopt(token, access);
  }

  function login(): Promise<Result<AuthStatus>> {
    const status = refresh();
    if (!config) return Promise.resolve(notConfigured());
    if (status.state === 'signed_in') return Promise.resolve(ok(status));
    if (pending) return pending.result;
    const controller = new AbortController();
    const entry: PendingLogin = {
      controller,
      result: signIn(config, controller.signal).finally(() => {
        if (pending === entry) pending = null;
      }),
    };
    pending = entry;
    return entry.result;
  }

  async function renewedIdentity(access: AccessConfig, current: VerifiedIdentity, signal: AbortSignal): Promise<Renewal> {
    let token: string | null;
    try {
      token = await deps.login.renewSilently(access.appUrl, signal);
    } catch (error) {
      // A window that broke still leaves the member to be told, like one that came back empty.
      log.error('silent renewal window failed', { error });
      return { ok: false, reason: 'window_failed' };
    }
    if (token === null) return { ok: false, reason: 'sign_in_required' };
    const verified = await verify(token, access);
    if (!verified.ok) return { ok: false, reason: verified.error.reason ?? verified.error.code };
    // Someone else signed in on the partition: they must sign in in the open, not slip into this session.
    if (verified.value.email !== current.email) return { ok: false, reason: 'different_member' };
    // The same token again (its cookie was still valid) extends nothing, and would only schedule this renewal again.
    if (verified.value.expiresAt <= current.expiresAt) return { ok: false, reason: 'not_extended' };
    return { ok: true, identity: verified.value };
  }

  async function renew(current: VerifiedIdentity) {
    const access = config;
    if (!access || state.kind !== 'signed_in' || state.identity !== current) return;
    const controller = new AbortController();
    renewal = controller;
    const outcome = await renewedIdentity(access, current, controller.signal);
    // Signed out, expired or reconfigured meanwhile: this renewal no longer has a session to extend.
    if (controller.signal.aborted) return;
    renewal = null;
    if (outcome.ok) {
      setState({ kind: 'signed_in', identity: outcome.identity });
      log.info('sign-in renewed', { expiresAt: new Date(outcome.identity.expiresAt).toISOString() });
      refresh();
      return;
    }
    log.warn('silent renewal failed', { reason: outcome.reason });
    // The expiry alarm still stands: at exp the status turns to expired, and the next protected action signs in.
    deps.notify({ ...SESSION_TEXTS[deps.lang()].renewalFailed });
  }

  return {
    status: refresh,
    login,

    acceptToken(token) {
      refresh();
      return config ? adopt(token, config) : Promise.resolve(notConfigured());
    },

    async logout() {
      pending?.controller.abort();
      setState({ kind: 'signed_out' });
      const status = refresh();
      await deps.login.clear();
      log.info('signed out');
      return ok(status);
    },

    currentMember() {
      refresh();
      return state.kind === 'signed_in' ? memberOf(state.identity) : null;
    },

    protectedCallRefused() {
      if (refresh().state !== 'expired') return;
      login().catch((error: unknown) => log.error('the sign-in window failed', { error }));
    },

    accessChanged() {
      const next = deps.access();
      const changed = !sameAudience(config, next);
      // Set up for the first time: nobody could sign in before, so nothing was granted that must now end.
      const replaced = changed && config !== null;
      config = next;
      if (changed) {
        pending?.controller.abort();
        if (state.kind !== 'signed_out') log.info('signed out: the sign-in settings changed');
        setState({ kind: 'signed_out' });
        // The partition still holds the old application's cookie: the next sign-in would hand it straight back.
        deps.login.clear().catch((error: unknown) => log.error('could not clear the sign-in partition', { error }));
      }
      refresh();
      return replaced;
    },

    close() {
      closed = true;
      pending?.controller.abort();
      setState({ kind: 'signed_out' });
    },
  };
}
