import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ZohoProgress } from '../../../shared/zoho-connection';
import { status } from '../../../test/doubles/zoho-double';
import { startZohoWorld, type ZohoWorld } from '../../../test/support/zoho/zoho-kit';

const worlds: ZohoWorld[] = [];
afterEach(async () => {
  for (const world of worlds.splice(0)) await world.close();
});

async function world() {
  const started = await startZohoWorld();
  // The flow's five-minute timeout must not fire at once: sleeps last until they are aborted.
  started.clock.holdSleeps = true;
  worlds.push(started);
  return started;
}

/** Starts the loopback flow and resolves once the sign-in page has been opened in the "browser". */
async function start(w: ZohoWorld, signal = w.signal(), compose?: boolean) {
  const seen: ZohoProgress[] = [];
  let waiting!: () => void;
  const opened = new Promise<void>((resolve) => {
    waiting = resolve;
  });
  const done = w.app.connection.connect({ method: 'loopback', ...(compose === undefined ? {} : { compose }) }, {
    signal,
    progress: (progress) => {
      seen.push(progress);
      if (progress.stage === 'waiting') waiting();
    },
  });
  await Promise.race([opened, done]);
  const authUrl = new URL(w.opened[0] ?? 'http://invalid');
  // The member's browser loads Zoho's page.
  await (await fetch(authUrl)).text();
  return { done, seen, authUrl, state: authUrl.searchParams.get('state') ?? '', redirectUri: authUrl.searchParams.get('redirect_uri') ?? '' };
}

describe('the loopback-redirect flow', () => {
  it('opens Zoho’s page with a random state and a 127.0.0.1 redirect, exchanges the code once, and connects', async () => {
    const w = await world();
    const flow = await start(w);
    expect(flow.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(flow.state).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(Object.fromEntries(flow.authUrl.searchParams)).toMatchObject({ response_type: 'code', access_type: 'offline', prompt: 'consent' });

    const redirect = await w.zoho.approveAuthorization(flow.state);
    expect(redirect.status).toBe(200);
    expect(await flow.done).toEqual({ ok: true, value: { email: w.zoho.mailbox.primaryEmailAddress, accountId: w.zoho.mailbox.accountId } });
    expect(flow.seen.map((progress) => progress.stage)).toEqual(['browser_opened', 'waiting']);
    expect(w.zoho.requestsFor('token').map((request) => request.form?.grant_type)).toEqual(['authorization_code']);
    expect(w.zoho.requestsFor('token')[0]?.form?.redirect_uri).toBe(flow.redirectUri);
    // The redirect named the double's data centre (eu): Settings follow it.
    expect(w.settings.get().zoho.dataCentre).toBe('eu');
    // The one-shot server is gone.
    await expect(fetch(flow.redirectUri)).rejects.toThrow();
  });

  it('asks Zoho’s page for read-only access, and for leave to create drafts only when told to', async () => {
    const w = await world();
    const readOnly = await start(w);
    expect(readOnly.authUrl.searchParams.get('scope')).toBe('ZohoMail.messages.READ,ZohoMail.accounts.READ,ZohoMail.folders.READ');
    await w.zoho.approveAuthorization(readOnly.state);
    expect((await readOnly.done).ok).toBe(true);
    expect(await w.app.connection.status(w.signal())).toMatchObject({ ok: true, value: { state: 'connected', canDraft: false } });

    w.opened.length = 0;
    const compose = await start(w, w.signal(), true);
    expect(compose.authUrl.searchParams.get('scope')).toBe('ZohoMail.messages.READ,ZohoMail.accounts.READ,ZohoMail.folders.READ,ZohoMail.messages.CREATE');
    await w.zoho.approveAuthorization(compose.state);
    expect((await compose.done).ok).toBe(true);
    expect(await w.app.connection.status(w.signal())).toMatchObject({ ok: true, value: { state: 'connected', canDraft: true } });
  });

  it('binds the code to this app with PKCE (S256): the exchange proves the verifier behind the page’s challenge', async () => {
    const w = await world();
    const flow = await start(w);
    const challenge = flow.authUrl.searchParams.get('code_challenge');
    expect(flow.authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect((await w.zoho.approveAuthorization(flow.state)).status).toBe(200);
    expect((await flow.done).ok).toBe(true);
    const verifier = w.zoho.requestsFor('token')[0]?.form?.code_verifier ?? '';
    // RFC 7636 section 4.1: 43 to 128 unreserved characters; section 4.2: the challenge is its SHA-256, base64url.
    expect(verifier).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(challenge);
  });

  it('draws a new verifier for every connection', async () => {
    const w = await world();
    const first = await start(w);
    await w.zoho.approveAuthorization(first.state);
    await first.done;
    w.opened.length = 0;
    const second = await start(w);
    expect(second.authUrl.searchParams.get('code_challenge')).not.toBe(first.authUrl.searchParams.get('code_challenge'));
  });

  it('refuses an answer with the wrong state and keeps waiting for the real one', async () => {
    const w = await world();
    const flow = await start(w);
    const forged = await fetch(`${flow.redirectUri}?code=stolen-code&state=forged`);
    expect(forged.status).toBe(400);
    expect(w.zoho.requestsFor('token')).toEqual([]);

    expect((await w.zoho.approveAuthorization(flow.state)).status).toBe(200);
    expect((await flow.done).ok).toBe(true);
  });

  it('ends with a clear refusal when the member declines in Zoho’s page', async () => {
    const w = await world();
    const flow = await start(w);
    await w.zoho.denyAuthorization(flow.state);
    expect(await flow.done).toMatchObject({ ok: false, error: { reason: 'zoho_access_denied' } });
    expect(w.zoho.requestsFor('token')).toEqual([]);
  });

  it('reports Zoho’s refusal of the code exchange', async () => {
    const w = await world();
    const flow = await start(w);
    w.zoho.script('token', status(200, { error: 'invalid_client' }));
    await w.zoho.approveAuthorization(flow.state);
    expect(await flow.done).toMatchObject({ ok: false, error: { reason: 'zoho_invalid_client' } });
    expect(await w.secrets.get('zoho.refreshToken')).toEqual({ ok: true, value: null });
  });

  it('gives up after its timeout and closes the server', async () => {
    const w = await world();
    w.clock.holdSleeps = false;
    const seen: ZohoProgress[] = [];
    const result = await w.app.connection.connect({ method: 'loopback' }, { signal: w.signal(), progress: (progress) => seen.push(progress) });
    expect(result).toMatchObject({ ok: false, error: { reason: 'zoho_connect_expired' } });
    const redirectUri = new URL(w.opened[0]!).searchParams.get('redirect_uri')!;
    await expect(fetch(redirectUri)).rejects.toThrow();
  });

  it('stops when cancelled and closes the server', async () => {
    const w = await world();
    const controller = new AbortController();
    const flow = await start(w, controller.signal);
    controller.abort();
    expect(await flow.done).toMatchObject({ ok: false, error: { reason: 'cancelled' } });
    await expect(fetch(flow.redirectUri)).rejects.toThrow();
  });
});
