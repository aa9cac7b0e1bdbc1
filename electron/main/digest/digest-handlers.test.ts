import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../../shared/ipc/contract';
import { startCfAccessDouble, type CfAccessDouble } from '../../../test/doubles/cf-access-double';
import { hang, jsonReply } from '../../../test/doubles/gemini-double';
import { fakeLoginPort } from '../../../test/support/auth-test-kit';
import { createDigestKit, EDU, SARAA } from '../../../test/support/digest/digest-kit';
import { IDS } from '../../../test/support/digest/fake-digest-mail';
import { saveDigest } from '../../../test/support/digest/saved-digest';
import { APP_ORIGIN, asMainWindowOnly, fakeSender } from '../../../test/support/fake-sender';
import { useGeminiDouble } from '../../../test/support/gateway-test-kit';
import { createTestCore, type TestCore } from '../../../test/support/test-core';
import { allowOrigins } from '../app/app-origin';
import { createRegistry } from '../ipc/registry';
import { digestHandlers } from './digest-handlers';

/*
 * The digest's channels over the registry, with a real staff session from the test core. The core does not
 * serve them yet, so the test puts them on a registry of their own over the core's session and database.
 */

const gemini = useGeminiDouble();
let access: CfAccessDouble;
beforeAll(async () => {
  access = await startCfAccessDouble();
});
afterAll(() => access.close());

let test: TestCore | null = null;
afterEach(() => {
  test?.dispose();
  test = null;
});

const digestContract = {
  'digest:run': contract['digest:run'],
  'digest:cancel': contract['digest:cancel'],
  'digest:state': contract['digest:state'],
  'digest:dismiss': contract['digest:dismiss'],
};

const SORTED = {
  resumen: 'Hetzner maintenance on the 20th; the rest is noise.',
  ruido_count: 7,
  items: [{ messageId: IDS.hetznerMaintenance, why: 'Network maintenance on 20 August, 02:00-06:00.' }],
};

async function start(options: { signedInAs?: string } = {}) {
  test = createTestCore({
    auth: {
      login: fakeLoginPort().port,
      notify: () => {},
      accessOverride: { teamUrl: access.teamUrl, appUrl: 'https://desk.example.com/', aud: access.aud },
    },
  });
  if (options.signedInAs) {
    const accepted = await test.core.auth.acceptToken(await access.issue({ email: options.signedInAs }));
    expect(accepted).toMatchObject({ ok: true, value: { state: 'signed_in', email: options.signedInAs } });
  }
  const kit = createDigestKit(gemini.double, { db: test.db });
  const registry = createRegistry({
    contract: digestContract,
    handlers: digestHandlers({ digest: kit.digest }),
    isTrustedSender: allowOrigins([APP_ORIGIN]),
    ...asMainWindowOnly(digestContract),
    currentMember: test.core.auth.currentMember,
    log: test.log,
  });
  const window = fakeSender();
  const call = (channel: string, input: unknown = {}) => registry.call(channel, input, window.sender);
  return { kit, call, events: window.events };
}

describe('digest channels', () => {
  it('refuse a caller who is not signed in, before reading the mailbox', async () => {
    const { kit, call } = await start();

    expect(await call('digest:run')).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    expect(await call('digest:state')).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    expect(await call('digest:dismiss', { messageId: IDS.lucia })).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    expect(kit.mail.queries).toEqual([]);
    expect(gemini.double.requests).toEqual([]);
  });

  it('run a pass for the signed-in member with its progress, then show it as their latest, and only theirs', async () => {
    const { kit, call, events } = await start({ signedInAs: EDU.email });
    // Another member's pass in the same database must never show.
    saveDigest(kit.db, SARAA.email, { resumen: 'Saraa’s own mail.', ruido_count: 2, created_at: '2026-08-12T07:00:00.000Z' });
    expect(await call('digest:state')).toEqual({ ok: true, value: { latest: null, failure: null } });

    gemini.double.script('generateContent', jsonReply(SORTED));
    const started = await call('digest:run');
    expect(started).toEqual({ ok: true, value: { requestId: expect.any(String) } });
    const requestId = (started as { value: { requestId: string } }).value.requestId;
    await expect.poll(() => events.at(-1)?.event).toBe('digest:done');

    const digest = {
      generated_at: '2026-08-12T06:00:00.000Z',
      resumen: SORTED.resumen,
      ruido_count: 7,
      items: [expect.objectContaining({ messageId: IDS.hetznerMaintenance, why: SORTED.items[0]!.why })],
      created_at: '2026-08-12T06:00:00.000Z',
    };
    expect(events).toEqual([
      { event: 'digest:progress', payload: { requestId, data: { stage: 'fetching' } } },
      { event: 'digest:progress', payload: { requestId, data: { stage: 'reading', total: 8 } } },
      { event: 'digest:progress', payload: { requestId, data: { stage: 'summarising', total: 8 } } },
      { event: 'digest:progress', payload: { requestId, data: { stage: 'saved', total: 8 } } },
      { event: 'digest:done', payload: { requestId, value: digest } },
    ]);
    expect(await call('digest:state')).toEqual({ ok: true, value: { latest: digest, failure: null } });
    expect(kit.rows().map((row) => row.owner).sort()).toEqual([EDU.email, SARAA.email]);
  });

  it('digest:dismiss takes an item off the member’s own pass only, and digest:state says so', async () => {
    const { kit, call } = await start({ signedInAs: EDU.email });
    const item = { messageId: IDS.lucia, folderId: '1', from: 'Lucía <lucia@example.es>', subject: 'Presupuesto', why: 'She waits.', webUrl: 'https://mail.zoho.eu/' };
    saveDigest(kit.db, EDU.email, { items: [item] });
    saveDigest(kit.db, SARAA.email, { items: [item] });

    expect(await call('digest:dismiss', { messageId: IDS.lucia })).toEqual({ ok: true, value: { latest: expect.objectContaining({ items: [] }), failure: null } });
    expect(await call('digest:state')).toEqual({ ok: true, value: { latest: expect.objectContaining({ items: [] }), failure: null } });
    expect(kit.digest.latest(SARAA.email)?.items).toEqual([item]);
    expect(await call('digest:dismiss', { messageId: '' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });

  it('digest:cancel stops a running pass: the model request is aborted and nothing is stored', async () => {
    const { kit, call, events } = await start({ signedInAs: EDU.email });
    gemini.double.script('generateContent', hang());

    const started = await call('digest:run');
    const requestId = (started as { value: { requestId: string } }).value.requestId;
    await expect.poll(() => gemini.double.requestsFor('generateContent').length).toBe(1);

    expect(await call('digest:cancel', { requestId })).toEqual({ ok: true, value: { cancelled: true } });
    await expect.poll(() => gemini.double.requestsFor('generateContent')[0]?.aborted).toBe(true);
    await expect.poll(() => kit.log.lines.some((line) => line.includes('digest pass failed'))).toBe(true);
    expect(kit.rows()).toEqual([]);
    expect(events.some(({ event }) => event === 'digest:done' || event === 'digest:error')).toBe(false);
    expect(await call('digest:state')).toEqual({ ok: true, value: { latest: null, failure: null } });
  });
});
