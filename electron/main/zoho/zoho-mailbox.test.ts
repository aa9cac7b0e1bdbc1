import { afterEach, describe, expect, it } from 'vitest';
import { SECRETARY } from '../../../shared/limits';
import { expiredToken, LATEST_HETZNER_NOTICE_SUBJECT, rateLimited, status } from '../../../test/doubles/zoho-double';
import { refreshRequests, startZohoWorld, type ZohoWorld } from '../../../test/support/zoho/zoho-kit';

const worlds: ZohoWorld[] = [];
afterEach(async () => {
  for (const world of worlds.splice(0)) await world.close();
});

async function connected() {
  const w = await startZohoWorld();
  worlds.push(w);
  await w.connect();
  w.zoho.reset();
  return w;
}

const searchKeys = (w: ZohoWorld) => w.zoho.requestsFor('search').map((request) => request.query.searchKey);

describe('search', () => {
  it('sends the exact searchKey and returns up to 10 summaries, newest first, with the 64-bit IDs intact', async () => {
    const w = await connected();
    const result = await w.app.mailbox.search({ from: 'hetzner' }, w.signal());

    expect(searchKeys(w)).toEqual(['sender:"hetzner"']);
    expect(w.zoho.requestsFor('search')[0]?.query).toMatchObject({ start: '1', limit: String(SECRETARY.searchMaxResults) });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value).toHaveLength(SECRETARY.searchMaxResults);
    const latest = result.value[0]!;
    const seeded = w.zoho.mailbox.messages.find((message) => message.subject === LATEST_HETZNER_NOTICE_SUBJECT)!;
    expect(latest).toMatchObject({ messageId: seeded.messageId, folderId: seeded.folderId, subject: LATEST_HETZNER_NOTICE_SUBJECT });
    // The raw body wrote these IDs as JSON numbers no double can hold: they survive as the same digits.
    expect(Number.isSafeInteger(Number(latest.messageId))).toBe(false);
    expect(String(Number(latest.messageId))).not.toBe(latest.messageId);
    expect(latest.date).toBe(new Date(Number(seeded.receivedTime)).toISOString());
    expect(Array.from(latest.summary).length).toBeLessThanOrEqual(SECRETARY.searchSummaryMaxChars);
    expect(latest.from).toContain('hetzner.com');
    const times = result.value.map((mail) => Date.parse(mail.date));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('on zero hits retries once with fewer terms (the free text dropped beside a sender), and says which', async () => {
    const w = await connected();
    const result = await w.app.mailbox.search({ query: 'unicornio galáctico', from: 'hetzner' }, w.signal());
    expect(searchKeys(w)).toEqual(['entire:"unicornio"::entire:"galáctico"::sender:"hetzner"', 'sender:"hetzner"']);
    expect(result.ok && result.value.length).toBeGreaterThan(0);
  });

  it('does not retry when the first search found something, and retries only once when the second finds nothing', async () => {
    const w = await connected();
    await w.app.mailbox.search({ query: 'Hetzner' }, w.signal());
    expect(searchKeys(w)).toHaveLength(1);
    w.zoho.reset();
    expect(await w.app.mailbox.search({ query: 'zzyzx quuxbar florp' }, w.signal())).toEqual({ ok: true, value: [] });
    // The two longest words; of the two five-letter ones, the first.
    expect(searchKeys(w)).toEqual(['entire:"zzyzx"::entire:"quuxbar"::entire:"florp"', 'entire:"zzyzx"::entire:"quuxbar"']);
  });

  it('refuses a search with nothing to look for before asking Zoho', async () => {
    const w = await connected();
    expect(await w.app.mailbox.search({ query: ' :: "" ' }, w.signal())).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(w.zoho.requests).toEqual([]);
  });
});

describe('read', () => {
  it('returns the body as capped plain text, never the HTML', async () => {
    const w = await connected();
    const marker = 'MARKER-7f3a-readable-body';
    const added = w.zoho.addMessage({ subject: 'Styled', html: `<html><head><style>p{color:red}</style><script>alert(1)</script></head><body><p>Hello</p><ul><li>${marker}</li></ul></body></html>` });
    const read = await w.app.mailbox.read({ messageId: added.messageId, folderId: added.folderId }, w.signal());
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value.text).toContain(marker);
    expect(read.value.text).not.toMatch(/<|color:red|alert/);
    expect(read.value.text.length).toBeLessThanOrEqual(SECRETARY.readBodyMaxChars);
    expect(w.zoho.requestsFor('content')[0]?.path).toBe(`/api/accounts/${w.zoho.mailbox.accountId}/folders/${added.folderId}/messages/${added.messageId}/content`);
  });

  it('refuses IDs that are not Zoho IDs without a request, and reports a message Zoho no longer has', async () => {
    const w = await connected();
    expect(await w.app.mailbox.read({ messageId: '../../accounts', folderId: '1' }, w.signal())).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(w.zoho.requests).toEqual([]);
    expect(await w.app.mailbox.read({ messageId: '1709876190693199999', folderId: w.zoho.mailbox.folders[0]!.folderId }, w.signal())).toMatchObject({
      ok: false,
      error: { code: 'UPSTREAM', reason: 'zoho_error' },
    });
  });
});

describe('webUrl', () => {
  it('opens the message in Zoho Mail’s web app of the member’s data centre', async () => {
    const w = await connected();
    expect(w.app.mailbox.webUrl({ messageId: '1709876190693100009', folderId: '1709876190693100021' })).toBe(
      'https://mail.zoho.com/zm/#mail/folder/1709876190693100021/p/1709876190693100009',
    );
    w.settings.update({ zoho: { dataCentre: 'uk' } });
    expect(w.app.mailbox.webUrl({ messageId: '1', folderId: '2' })).toBe('https://mail.zoho.uk/zm/#mail/folder/2/p/1');
  });
});

describe('listRecent (the digest)', () => {
  it('lists the inbox’s unread mail since a time, newest first', async () => {
    const w = await connected();
    const inbox = w.zoho.mailbox.folders.find((folder) => folder.folderType === 'Inbox')!;
    const unread = w.zoho.mailbox.messages.filter((message) => message.folderId === inbox.folderId && message.status === 'unread');
    const since = Number(unread.map((message) => message.receivedTime).sort()[Math.floor(unread.length / 2)]);

    const result = await w.app.mailbox.listRecent({ since, status: 'unread', limit: 50 }, w.signal());
    if (!result.ok) throw new Error(result.error.message);
    const expected = unread.filter((message) => Number(message.receivedTime) >= since).map((message) => message.messageId);
    expect(result.value.map((mail) => mail.messageId).sort()).toEqual(expected.sort());
    expect(w.zoho.requestsFor('view')[0]?.query).toMatchObject({ folderId: inbox.folderId, status: 'unread', sortBy: 'date', sortorder: 'false' });
  });
});

describe('the access token', () => {
  it('is refreshed by ONE request however many callers need it at once', async () => {
    const w = await connected();
    w.zoho.expireAccessTokens();
    const results = await Promise.all(Array.from({ length: 10 }, () => w.app.mailbox.search({ query: 'Hetzner' }, w.signal())));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(refreshRequests(w.zoho)).toHaveLength(1);
  });

  it('is replaced a little before it expires, again by one request for all callers', async () => {
    const w = await connected();
    w.clock.advance(60 * 60_000 - 60_000);
    await Promise.all(Array.from({ length: 5 }, () => w.app.mailbox.search({ query: 'Hetzner' }, w.signal())));
    expect(refreshRequests(w.zoho)).toHaveLength(1);
    // Nothing was sent with a token about to expire.
    expect(w.zoho.requestsFor('search').every((request) => request.accessToken !== null)).toBe(true);
    expect(w.zoho.requestsFor('search')).toHaveLength(5);
  });

  it('after a 401, refreshes once and retries once', async () => {
    const w = await connected();
    w.zoho.script('search', expiredToken());
    const result = await w.app.mailbox.search({ query: 'Hetzner' }, w.signal());
    expect(result.ok).toBe(true);
    expect(w.zoho.requestsFor('search')).toHaveLength(2);
    expect(refreshRequests(w.zoho)).toHaveLength(1);
    const [first, second] = w.zoho.requestsFor('search');
    expect(second?.accessToken).not.toBe(first?.accessToken);
  });

  it('does not loop when the fresh token is refused too', async () => {
    const w = await connected();
    w.zoho.script('search', expiredToken(), expiredToken(), expiredToken());
    expect(await w.app.mailbox.search({ query: 'Hetzner' }, w.signal())).toMatchObject({ ok: false, error: { reason: 'zoho_reconnect_needed' } });
    expect(w.zoho.requestsFor('search')).toHaveLength(2);
    expect(refreshRequests(w.zoho)).toHaveLength(1);
  });

  it('never appears in the log or in an error', async () => {
    const w = await connected();
    w.zoho.expireAccessTokens();
    w.zoho.script('search', status(500));
    const failed = await w.app.mailbox.search({ query: 'Hetzner' }, w.signal());
    const tokens = w.zoho.requests.map((request) => request.accessToken).filter((token): token is string => token !== null);
    const refresh = await w.secrets.get('zoho.refreshToken');
    const visible = JSON.stringify([failed, w.log.lines]);
    for (const secret of [...tokens, refresh.ok ? refresh.value : null]) if (secret) expect(visible).not.toContain(secret);
  });
});

describe('Zoho’s rate limit', () => {
  it('backs off after the lock: nothing more is sent until it is over, and the member hears when to try again', async () => {
    const w = await connected();
    w.zoho.script('search', rateLimited({ lockForMs: 60_000 }));
    const locked = await w.app.mailbox.search({ query: 'Hetzner' }, w.signal());
    expect(locked).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason: 'zoho_rate_limited', retryAfterMs: 60_000 } });

    const meanwhile = await w.app.mailbox.search({ query: 'Hetzner' }, w.signal());
    expect(meanwhile).toMatchObject({ ok: false, error: { reason: 'zoho_rate_limited' } });
    expect(w.zoho.requestsFor('search')).toHaveLength(1);

    w.clock.advance(60_000);
    expect((await w.app.mailbox.search({ query: 'Hetzner' }, w.signal())).ok).toBe(true);
  });
});

describe('failures', () => {
  it('are typed: server errors, a dropped connection, an unreadable body', async () => {
    const w = await connected();
    w.zoho.script('search', status(503));
    expect(await w.app.mailbox.search({ query: 'Hetzner' }, w.signal())).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason: 'zoho_error' } });
    w.zoho.script('search', { kind: 'reset' });
    expect(await w.app.mailbox.search({ query: 'Hetzner' }, w.signal())).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason: 'zoho_unreachable' } });
    w.zoho.script('search', { kind: 'malformed' });
    expect(await w.app.mailbox.search({ query: 'Hetzner' }, w.signal())).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason: 'zoho_error' } });
  });

  it('end when the caller cancels, and the request is aborted at the double', async () => {
    const w = await connected();
    w.zoho.script('search', { kind: 'hang' });
    const controller = new AbortController();
    const searching = w.app.mailbox.search({ query: 'Hetzner' }, controller.signal);
    await expect.poll(() => w.zoho.requestsFor('search').length).toBe(1);
    controller.abort();
    expect(await searching).toMatchObject({ ok: false, error: { reason: 'cancelled' } });
    await expect.poll(() => w.zoho.requestsFor('search')[0]?.aborted).toBe(true);
  });

  it('say to connect first when no mailbox is connected', async () => {
    const w = await startZohoWorld();
    worlds.push(w);
    expect(await w.app.mailbox.search({ query: 'Hetzner' }, w.signal())).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED', reason: 'zoho_not_connected' } });
    expect(w.zoho.requests).toEqual([]);
  });
});
