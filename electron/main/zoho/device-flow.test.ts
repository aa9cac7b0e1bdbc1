import { afterEach, describe, expect, it } from 'vitest';
import { ZOHO } from '../../../shared/limits';
import type { ZohoProgress } from '../../../shared/zoho-connection';
import { startZohoDouble, status, ZOHO_OAUTH } from '../../../test/doubles/zoho-double';
import { approveAtOnce, fakeClock, startZohoWorld, ZOHO_CLIENT, type ZohoWorld } from '../../../test/support/zoho/zoho-kit';

const worlds: ZohoWorld[] = [];
afterEach(async () => {
  for (const world of worlds.splice(0)) await world.close();
});

async function world(options: Parameters<typeof startZohoWorld>[0] = {}) {
  const started = await startZohoWorld(options);
  worlds.push(started);
  return started;
}

function connectWith(w: ZohoWorld, onProgress: (progress: ZohoProgress, seen: ZohoProgress[]) => void = () => {}, signal = w.signal(), compose?: boolean) {
  const seen: ZohoProgress[] = [];
  const done = w.app.connection.connect({ method: 'device', ...(compose === undefined ? {} : { compose }) }, {
    signal,
    progress: (progress) => {
      seen.push(progress);
      onProgress(progress, seen);
    },
  });
  return { seen, done };
}

const INTERVAL_MS = ZOHO_OAUTH.deviceIntervalSec * 1000;

describe('the device flow', () => {
  it('shows the code, opens Zoho’s https page, polls at Zoho’s interval, and connects the primary account', async () => {
    const w = await world();
    const { seen, done } = connectWith(w, approveAtOnce(w.zoho));
    const result = await done;

    expect(result).toEqual({ ok: true, value: { email: w.zoho.mailbox.primaryEmailAddress, accountId: w.zoho.mailbox.accountId } });
    expect(seen.map((progress) => progress.stage)).toEqual(['code', 'browser_opened', 'waiting']);
    const code = seen[0] as Extract<ZohoProgress, { stage: 'code' }>;
    expect(code.verificationUrl).toMatch(/^https:\/\//);
    expect(w.opened).toEqual([code.verificationUrl]);
    expect(Date.parse(code.expiresAt)).toBe(Date.UTC(2026, 11, 10, 8, 0, 0) + ZOHO_OAUTH.deviceCodeLifetimeSec * 1000);
    expect(w.clock.slept.every((ms) => ms === INTERVAL_MS)).toBe(true);
    expect(await w.secrets.get('zoho.refreshToken')).toMatchObject({ ok: true, value: expect.any(String) });
    expect(w.zoho.requestsFor('deviceToken')).toHaveLength(1);
    // The form asked for read-only, offline access: no drafts unless the member asks for them.
    expect(w.zoho.requestsFor('deviceCode')[0]?.form).toMatchObject({
      scope: 'ZohoMail.messages.READ,ZohoMail.accounts.READ,ZohoMail.folders.READ',
      access_type: 'offline',
      grant_type: 'device_request',
    });
  });

  it('asks for leave to create drafts only when told to, and then the status says drafts can be saved', async () => {
    const w = await world();
    expect((await connectWith(w, approveAtOnce(w.zoho), w.signal(), true).done).ok).toBe(true);

    expect(w.zoho.requestsFor('deviceCode')[0]?.form?.scope).toBe('ZohoMail.messages.READ,ZohoMail.accounts.READ,ZohoMail.folders.READ,ZohoMail.messages.CREATE');
    expect(await w.app.connection.status(w.signal())).toMatchObject({ ok: true, value: { state: 'connected', canDraft: true } });
  });

  it('keeps polling while authorization is pending', async () => {
    const w = await world();
    // The member approves only after the app has heard "pending" twice.
    w.zoho.script('deviceToken', status(200, { error: 'authorization_pending' }), status(200, { error: 'authorization_pending' }));
    const { done } = connectWith(w, approveAtOnce(w.zoho));
    expect((await done).ok).toBe(true);
    expect(w.zoho.requestsFor('deviceToken')).toHaveLength(3);
    expect(w.clock.slept).toEqual([INTERVAL_MS, INTERVAL_MS, INTERVAL_MS]);
  });

  it('waits longer after slow_down', async () => {
    const w = await world();
    w.zoho.script('deviceToken', status(200, { error: 'slow_down' }));
    const { done } = connectWith(w, approveAtOnce(w.zoho));
    expect((await done).ok).toBe(true);
    expect(w.clock.slept.slice(0, 2)).toEqual([INTERVAL_MS, INTERVAL_MS + ZOHO.deviceSlowDownStepMs]);
  });

  it('ends with a clear refusal when the member denies access, and stores nothing', async () => {
    const w = await world();
    const { done } = connectWith(w, (progress) => {
      if (progress.stage === 'code') w.zoho.denyDevice(progress.userCode);
    });
    expect(await done).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED', reason: 'zoho_access_denied' } });
    expect(await w.secrets.get('zoho.refreshToken')).toEqual({ ok: true, value: null });
  });

  it('ends when the code expires unapproved, without polling past its lifetime', async () => {
    const w = await world();
    const { done } = connectWith(w);
    expect(await done).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED', reason: 'zoho_connect_expired' } });
    expect(w.zoho.requestsFor('deviceToken').length).toBeLessThan(ZOHO_OAUTH.deviceCodeLifetimeSec / ZOHO_OAUTH.deviceIntervalSec);
  });

  it('treats Zoho’s own "expired" answer the same way', async () => {
    const w = await world();
    w.zoho.script('deviceToken', status(200, { error: 'expired' }));
    expect(await connectWith(w).done).toMatchObject({ ok: false, error: { reason: 'zoho_connect_expired' } });
  });

  it('stops as soon as it is cancelled, with no more polls', async () => {
    const w = await world();
    const controller = new AbortController();
    const { done } = connectWith(w, (progress) => {
      if (progress.stage === 'waiting') controller.abort();
    }, controller.signal);
    expect(await done).toMatchObject({ ok: false, error: { reason: 'cancelled' } });
    expect(w.zoho.requestsFor('deviceToken')).toEqual([]);
  });

  it('follows other_dc to the member’s data centre, collects the grant there, and moves Settings to it', async () => {
    const clock = fakeClock();
    const eu = await startZohoDouble({ now: clock.now, location: 'eu' });
    try {
      const w = await world({
        clock,
        double: { location: 'us' },
        overrides: (us) => ({ accountsUrl: us.accountsUrl, mailUrl: us.mailUrl, dataCentres: { eu: { accountsUrl: eu.accountsUrl, mailUrl: eu.mailUrl } } }),
      });
      w.zoho.setOtherDc('eu', eu.accountsUrl);
      const result = await connectWith(w, approveAtOnce(w.zoho)).done;

      expect(result).toMatchObject({ ok: true, value: { accountId: eu.mailbox.accountId } });
      expect(eu.requestsFor('deviceToken')).toHaveLength(1);
      expect(w.settings.get().zoho.dataCentre).toBe('eu');
      // From now on the mail and the tokens come from there.
      expect(eu.requestsFor('accounts')).toHaveLength(1);
      expect(w.zoho.requestsFor('accounts')).toHaveLength(0);
    } finally {
      await eu.close();
    }
  });

  it('says the data centre is probably wrong when Zoho does not know the client there', async () => {
    const w = await world({ secrets: { ...ZOHO_CLIENT, 'zoho.clientId': 'client-from-another-dc' } });
    const result = await connectWith(w).done;
    expect(result).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED', reason: 'zoho_invalid_client' } });
    expect(!result.ok && result.error.message).toMatch(/data centre/);
  });

  it('asks for the client id and secret before anything reaches Zoho', async () => {
    const w = await world({ secrets: {} });
    expect(await connectWith(w).done).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED', reason: 'zoho_client_missing' } });
    expect(w.zoho.requests).toEqual([]);
  });

  it('never opens a verification page that is not https', async () => {
    const w = await world();
    w.zoho.script('deviceCode', status(200, { user_code: 'ABCD', device_code: 'd', verification_url: 'http://evil.example/device', expires_in: 300, interval: 30 }));
    expect(await connectWith(w).done).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason: 'zoho_connect_failed' } });
    expect(w.opened).toEqual([]);
  });

  it('UQ9: Zoho connect errors speak of connecting, not of reading mail', async () => {
    const w = await world();
    w.zoho.script('deviceCode', status(500, { error: 'internal' }));
    const result = await connectWith(w).done;
    expect(result).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason: 'zoho_connect_failed' } });
    expect(!result.ok && result.error.message).toMatch(/while your mailbox was being connected/);
    expect(!result.ok && result.error.message).not.toMatch(/message|mail or folder/);
  });
});
