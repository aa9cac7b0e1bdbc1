import { afterEach, describe, expect, it } from 'vitest';
import { rateLimited, status } from '../../../test/doubles/zoho-double';
import { refreshRequests, startZohoWorld, type ZohoWorld } from '../../../test/support/zoho/zoho-kit';

const worlds: ZohoWorld[] = [];
afterEach(async () => {
  for (const world of worlds.splice(0)) await world.close();
});

async function connected(options: { compose: boolean }) {
  const w = await startZohoWorld();
  worlds.push(w);
  await w.connect(options);
  w.zoho.reset();
  return w;
}

const SUMMARY = {
  subject: 'Release planning, 9 December',
  text: '## Summary\nWe moved the release to Friday.\n\n## Decisions\n- Release on Friday 12 December.\n\n## Transcript\n[00:01] You: shall we move it?',
};

describe('a meeting summary as a Zoho Mail draft', () => {
  it('MN4: a draft is created with the summary and no recipient, and nothing is sent', async () => {
    const w = await connected({ compose: true });

    expect(await w.app.drafts.create({ ...SUMMARY, to: [] }, w.signal())).toEqual({ ok: true, value: { created: true } });

    expect(w.zoho.drafts).toEqual([
      {
        messageId: expect.stringMatching(/^\d+$/),
        fromAddress: w.zoho.mailbox.primaryEmailAddress,
        toAddress: '',
        subject: SUMMARY.subject,
        content: SUMMARY.text,
        mailFormat: 'plaintext',
      },
    ]);
    expect(w.zoho.sendAttempts).toEqual([]);
    // Addressed to nobody: no recipient field at all, and the one request Zoho got says "draft".
    expect(w.zoho.requestsFor('messages').map((request) => request.body)).toEqual([expect.not.objectContaining({ toAddress: expect.anything() })]);
    expect(w.zoho.requestsFor('messages')[0]?.body).toMatchObject({ mode: 'draft' });
  });

  it('addresses the draft to the addresses the member typed, and still sends nothing', async () => {
    const w = await connected({ compose: true });

    const created = await w.app.drafts.create({ ...SUMMARY, to: ['lucia@example.com', 'team@crearack.es'] }, w.signal());

    expect(created.ok).toBe(true);
    expect(w.zoho.drafts.map((draft) => draft.toAddress)).toEqual(['lucia@example.com,team@crearack.es']);
    expect(w.zoho.sendAttempts).toEqual([]);
  });

  it('without the compose scope says so (NOT_CONFIGURED zoho_compose_scope), and asks Zoho nothing', async () => {
    const w = await connected({ compose: false });

    const refused = await w.app.drafts.create({ ...SUMMARY, to: [] }, w.signal());

    expect(refused).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED', reason: 'zoho_compose_scope' } });
    expect(w.zoho.requests).toEqual([]);
  });

  it('believes Zoho over the stored record when Zoho refuses the scope, and Settings stops offering drafts', async () => {
    const w = await connected({ compose: false });
    // A record that claims more than Zoho granted (written by hand, or by an older grant).
    w.grantScopes.set([...(w.grantScopes.get() ?? []), 'ZohoMail.messages.CREATE']);
    expect(await w.app.connection.status(w.signal())).toMatchObject({ ok: true, value: { canDraft: true } });

    const refused = await w.app.drafts.create({ ...SUMMARY, to: [] }, w.signal());

    expect(refused).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED', reason: 'zoho_compose_scope' } });
    // Refreshing would not help (a new token has the same scopes): one request, no refresh, nothing saved.
    expect(w.zoho.requestsFor('messages')).toHaveLength(1);
    expect(refreshRequests(w.zoho)).toEqual([]);
    expect(w.zoho.drafts).toEqual([]);
    expect(await w.app.connection.status(w.signal())).toMatchObject({ ok: true, value: { state: 'connected', canDraft: false } });
  });

  it('reads the refusal in Zoho’s flat form too', async () => {
    const w = await connected({ compose: true });
    w.zoho.script('messages', status(401, { msg: 'Error while processing!', errorCode: 'INVALID_OAUTHSCOPE', authFail: 'true', status: '401' }));

    expect(await w.app.drafts.create({ ...SUMMARY, to: [] }, w.signal())).toMatchObject({ ok: false, error: { reason: 'zoho_compose_scope' } });
    expect(refreshRequests(w.zoho)).toEqual([]);
  });

  it('says to connect first when no mailbox is connected', async () => {
    const w = await startZohoWorld();
    worlds.push(w);

    expect(await w.app.drafts.create({ ...SUMMARY, to: [] }, w.signal())).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED', reason: 'zoho_not_connected' } });
    expect(w.zoho.requests).toEqual([]);
  });

  it('refreshes an expired access token once and saves the draft once', async () => {
    const w = await connected({ compose: true });
    w.zoho.expireAccessTokens();

    expect((await w.app.drafts.create({ ...SUMMARY, to: [] }, w.signal())).ok).toBe(true);
    expect(w.zoho.requestsFor('messages')).toHaveLength(2);
    expect(refreshRequests(w.zoho)).toHaveLength(1);
    expect(w.zoho.drafts).toHaveLength(1);
  });
});

describe('a draft Zoho cannot take', () => {
  it('is refused with when to try again under Zoho’s rate-limit lock', async () => {
    const w = await connected({ compose: true });
    w.zoho.script('messages', rateLimited({ lockForMs: 60_000 }));

    const locked = await w.app.drafts.create({ ...SUMMARY, to: [] }, w.signal());

    expect(locked).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason: 'zoho_rate_limited', retryAfterMs: 60_000 } });
    expect(w.zoho.drafts).toEqual([]);
  });

  it('is typed on server errors, a dropped connection and an unreadable answer, and never retried', async () => {
    const w = await connected({ compose: true });
    const create = () => w.app.drafts.create({ ...SUMMARY, to: [] }, w.signal());

    w.zoho.script('messages', status(500));
    expect(await create()).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason: 'zoho_error' } });
    w.zoho.script('messages', status(503));
    expect(await create()).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason: 'zoho_error' } });
    w.zoho.script('messages', { kind: 'reset' });
    expect(await create()).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason: 'zoho_unreachable' } });
    w.zoho.script('messages', { kind: 'malformed' });
    expect(await create()).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason: 'zoho_error' } });
    // One request per try: a draft that may have been saved is never saved twice by a retry.
    expect(w.zoho.requestsFor('messages')).toHaveLength(4);
    expect(w.zoho.sendAttempts).toEqual([]);
  });

  it('ends when the caller cancels, and the request is aborted at the double', async () => {
    const w = await connected({ compose: true });
    w.zoho.script('messages', { kind: 'hang' });
    const controller = new AbortController();

    const creating = w.app.drafts.create({ ...SUMMARY, to: [] }, controller.signal);
    await expect.poll(() => w.zoho.requestsFor('messages').length).toBe(1);
    controller.abort();

    expect(await creating).toMatchObject({ ok: false, error: { reason: 'cancelled' } });
    await expect.poll(() => w.zoho.requestsFor('messages')[0]?.aborted).toBe(true);
  });
});
