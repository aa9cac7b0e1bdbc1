import { afterEach, describe, expect, it } from 'vitest';
import type { DigestItem } from '../../../shared/digest';
import { jsonReply } from '../../../test/doubles/gemini-double';
import { hang, status, type SeededMessage } from '../../../test/doubles/zoho-double';
import { createDigestKit, EDU } from '../../../test/support/digest/digest-kit';
import { deliver, markRead, MORNING_ARRIVALS } from '../../../test/support/digest/mailbox-changes';
import { useGeminiDouble } from '../../../test/support/gateway-test-kit';
import { startZohoWorld, type ZohoWorld } from '../../../test/support/zoho/zoho-kit';
import { createMemoryLogger } from '../log/logger';
import { readLatestDigest } from '../mail/latest-digest';
import { createDigestStore } from './digest-store';

/*
 * "What needs you" from one pass to the next (issue 11, defects 1 and 13), over the real Zoho client against the
 * Zoho double: an item stays while its mail is unread, a pass adds what is new and drops what was handled, a
 * dismissed item never comes back, and a failed pass is remembered until one succeeds.
 */

const gemini = useGeminiDouble();
const worlds: ZohoWorld[] = [];
afterEach(async () => {
  for (const world of worlds.splice(0)) await world.close();
});

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

async function connectedKit() {
  const w = await startZohoWorld();
  worlds.push(w);
  await w.connect();
  const kit = createDigestKit(gemini.double, { mail: w.app.mailbox, clock: w.clock });
  return { w, kit };
}

/** The model's reply naming `messages` as what matters. */
function needs(resumen: string, messages: readonly SeededMessage[]) {
  return jsonReply({ resumen, ruido_count: 0, items: messages.map((message) => ({ messageId: message.messageId, why: `Answer ${message.sender}.` })) });
}

const ids = (items: readonly DigestItem[] | undefined) => items?.map((item) => item.messageId);

describe('"What needs you" across passes', () => {
  it('keeps the open items on a second pass, adds the new mail, and drops what the member has read', async () => {
    const { w, kit } = await connectedKit();
    const [lucia, hetzner] = deliver(w.zoho, MORNING_ARRIVALS.slice(0, 2), w.clock.now() - HOUR_MS) as [SeededMessage, SeededMessage];
    gemini.double.script('generateContent', needs('Lucía and Hetzner.', [lucia, hetzner]));
    expect(await kit.run()).toMatchObject({ ok: true, value: { items: [{ messageId: lucia.messageId }, { messageId: hetzner.messageId }] } });

    // Nothing new, nothing read: the second pass keeps both, without asking the model again.
    w.clock.advance(10 * MINUTE_MS);
    const second = await kit.run();
    expect(second).toMatchObject({ ok: true, value: { resumen: 'No new unread mail.', ruido_count: 0 } });
    expect(ids(second.ok ? second.value.items : undefined)).toEqual([lucia.messageId, hetzner.messageId]);
    expect(gemini.double.requestsFor('generateContent')).toHaveLength(1);

    // Lucía's mail is read in Zoho; Jordi's arrives: the new one first, what still waits after it.
    markRead(w.zoho, lucia.messageId);
    const [jordi] = deliver(w.zoho, MORNING_ARRIVALS.slice(2), w.clock.now() + MINUTE_MS) as [SeededMessage];
    w.clock.advance(HOUR_MS);
    gemini.double.script('generateContent', needs('Jordi asks about Thursday.', [jordi]));
    const third = await kit.run();
    expect(ids(third.ok ? third.value.items : undefined)).toEqual([jordi.messageId, hetzner.messageId]);
    // The model judged the new mail only: what was already open is not sorted twice.
    const prompt = kit.prompts()[1]!;
    expect(prompt).toContain(jordi.messageId);
    expect(prompt).not.toContain(hetzner.messageId);
    // And the desktop notification spoke of the new item alone.
    expect(kit.notices.at(-1)?.body).toBe(`1 message needs you: ${jordi.subject}`);
    expect(ids(kit.digest.latest(EDU.email)?.items)).toEqual([jordi.messageId, hetzner.messageId]);
  });

  it('leaves a dismissed item out from then on, in the pane and in the Secretary’s context, and forgets it once the mail is read', async () => {
    const { w, kit } = await connectedKit();
    const [lucia, hetzner] = deliver(w.zoho, MORNING_ARRIVALS.slice(0, 2), w.clock.now() - HOUR_MS) as [SeededMessage, SeededMessage];
    gemini.double.script('generateContent', needs('Lucía and Hetzner.', [lucia, hetzner]));
    await kit.run();

    const dismissed = kit.digest.dismiss(EDU.email, lucia.messageId);
    expect(dismissed).toMatchObject({ ok: true, value: { failure: null } });
    expect(ids(dismissed.ok ? dismissed.value.latest?.items : undefined)).toEqual([hetzner.messageId]);
    // The pane (and the tab's count) hear of it at once.
    expect(ids(kit.published.at(-1)?.state.latest?.items)).toEqual([hetzner.messageId]);
    // S7: the Secretary reads the same open items.
    const context = readLatestDigest(createDigestStore(kit.db), EDU.email, createMemoryLogger());
    expect(context.kind === 'digest' ? ids(context.digest.items) : null).toEqual([hetzner.messageId]);

    // Still unread in Zoho, yet the next pass does not bring it back.
    w.clock.advance(HOUR_MS);
    const next = await kit.run();
    expect(ids(next.ok ? next.value.items : undefined)).toEqual([hetzner.messageId]);
    expect(dismissals(kit.db)).toEqual([lucia.messageId]);

    // Once read, the dismissal has nothing left to keep away: a pass forgets it.
    markRead(w.zoho, lucia.messageId);
    w.clock.advance(HOUR_MS);
    await kit.run();
    expect(dismissals(kit.db)).toEqual([]);
    expect(ids(kit.digest.latest(EDU.email)?.items)).toEqual([hetzner.messageId]);
  });

  it('UQ9: Dismiss of a "What needs you" item can be undone, and the item stays open in later passes', async () => {
    const { w, kit } = await connectedKit();
    const [lucia, hetzner] = deliver(w.zoho, MORNING_ARRIVALS.slice(0, 2), w.clock.now() - HOUR_MS) as [SeededMessage, SeededMessage];
    gemini.double.script('generateContent', needs('Lucía and Hetzner.', [lucia, hetzner]));
    await kit.run();
    kit.digest.dismiss(EDU.email, lucia.messageId);

    const undone = kit.digest.undismiss(EDU.email, lucia.messageId);
    expect(ids(undone.ok ? undone.value.latest?.items : undefined)).toEqual([lucia.messageId, hetzner.messageId]);
    expect(ids(kit.published.at(-1)?.state.latest?.items)).toEqual([lucia.messageId, hetzner.messageId]);
    expect(dismissals(kit.db)).toEqual([]);

    w.clock.advance(HOUR_MS);
    const next = await kit.run();
    expect(ids(next.ok ? next.value.items : undefined)).toContain(lucia.messageId);
  });

  it('changes nothing when asked to dismiss what is no open item', async () => {
    const { w, kit } = await connectedKit();
    const [lucia] = deliver(w.zoho, MORNING_ARRIVALS.slice(0, 1), w.clock.now() - HOUR_MS) as [SeededMessage];
    gemini.double.script('generateContent', needs('Lucía.', [lucia]));
    await kit.run();
    const published = kit.published.length;

    expect(kit.digest.dismiss(EDU.email, '4382917000051299999')).toMatchObject({ ok: true, value: { latest: { items: [{ messageId: lucia.messageId }] } } });
    expect(dismissals(kit.db)).toEqual([]);
    expect(kit.published).toHaveLength(published);
  });

  it('remembers a failed scheduled pass, when and why, keeps the last good pass, and forgets the failure once a pass succeeds', async () => {
    const { w, kit } = await connectedKit();
    const [lucia] = deliver(w.zoho, MORNING_ARRIVALS.slice(0, 1), w.clock.now() - HOUR_MS) as [SeededMessage];
    gemini.double.script('generateContent', needs('Lucía.', [lucia]));
    await kit.run();

    w.clock.advance(HOUR_MS);
    w.zoho.script('view', status(500));
    const failedAt = new Date(w.clock.now()).toISOString();
    const failed = await kit.digest.run({ member: EDU, signal: new AbortController().signal, trigger: 'scheduled' });
    expect(failed).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason: 'zoho_error' } });

    const state = kit.digest.state(EDU.email);
    expect(state.failure).toEqual({ at: failedAt, trigger: 'scheduled', error: failed.ok ? null : failed.error });
    expect(ids(state.latest?.items)).toEqual([lucia.messageId]);
    expect(kit.published.at(-1)?.state).toEqual(state);

    w.clock.advance(MINUTE_MS);
    await kit.run();
    expect(kit.digest.state(EDU.email).failure).toBeNull();
    expect(kit.published.at(-1)?.state.failure).toBeNull();
  });

  it('does not count a pass the member stopped as a failure', async () => {
    const { w, kit } = await connectedKit();
    w.zoho.script('view', hang());
    const stop = new AbortController();
    const pending = kit.run({ signal: stop.signal });
    await expect.poll(() => w.zoho.requestsFor('view').length).toBe(1);
    stop.abort();

    expect(await pending).toMatchObject({ ok: false, error: { reason: 'cancelled' } });
    expect(kit.digest.state(EDU.email)).toEqual({ latest: null, failure: null });
  });

  it('says "connect again" on every pass once Zoho revokes the grant, never "not connected", and keeps the stored pass', async () => {
    const { w, kit } = await connectedKit();
    const [lucia] = deliver(w.zoho, MORNING_ARRIVALS.slice(0, 1), w.clock.now() - HOUR_MS) as [SeededMessage];
    gemini.double.script('generateContent', needs('Lucía.', [lucia]));
    await kit.run();

    w.zoho.revokeRefreshTokens();
    w.clock.advance(2 * HOUR_MS);
    for (const _attempt of [1, 2]) {
      expect(await kit.run()).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED', reason: 'zoho_reconnect_needed' } });
    }
    expect(kit.digest.state(EDU.email)).toMatchObject({
      latest: { items: [{ messageId: lucia.messageId }] },
      failure: { trigger: 'manual', error: { reason: 'zoho_reconnect_needed' } },
    });
    expect(await w.app.connection.status(w.signal())).toMatchObject({ ok: true, value: { state: 'reconnect_needed' } });
  });
});

function dismissals(db: ZohoWorldDb): string[] {
  return db.prepare<[], string>('SELECT message_id FROM correo_digest_dismissed ORDER BY message_id').pluck().all();
}
type ZohoWorldDb = ReturnType<typeof createDigestKit>['db'];
