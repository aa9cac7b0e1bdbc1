import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ZohoDouble, INVALID_OAUTHTOKEN_BODY, LATEST_HETZNER_NOTICE_SUBJECT, folderNamed, startZohoDouble } from './zoho-double';
import { words } from './zoho-search-key';
import { type Json, connect, items, mailGet, mailJson } from './zoho-test-client';

let zoho: ZohoDouble;
let token: string;
let accountId: string;
const inbox = folderNamed('Inbox').folderId;

beforeAll(async () => {
  zoho = await startZohoDouble();
  token = (await connect(zoho)).accessToken;
  accountId = zoho.mailbox.accountId;
});

afterAll(async () => {
  await zoho.close();
});

beforeEach(() => {
  zoho.reset();
});

const api = (path: string, query: Record<string, string> = {}) => mailJson(zoho, token, `/api/accounts/${accountId}${path}`, query);
const contentPath = (folderId: string, messageId: string) => `/folders/${folderId}/messages/${messageId}/content`;

describe('64-bit IDs', () => {
  it('are raw JSON numbers above 2^53: JSON.parse corrupts them, the raw body holds every digit', async () => {
    const response = await mailGet(zoho, token, '/api/accounts');
    const raw = await response.text();
    const corrupted = (JSON.parse(raw) as { data: Array<{ accountId: number }> }).data[0]?.accountId;

    expect(raw).toContain(`"accountId":${accountId}`);
    expect(BigInt(accountId)).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER));
    expect(String(corrupted)).not.toBe(accountId);
  });

  it('every ID in a list answer is written unquoted and is not exactly representable as a double', async () => {
    const { raw } = await api('/messages/view', { folderId: inbox, limit: '200' });
    const ids = [...raw.matchAll(/"(messageId|folderId|threadId)":(\d+)/g)].map((match) => match[2] ?? '');

    expect(ids.length).toBeGreaterThan(150);
    expect(ids.filter((id) => String(Number(id)) === id)).toEqual([]);
  });
});

describe('authorization', () => {
  it('answers 401 INVALID_OAUTHTOKEN without a token, with a Bearer token, or with an unknown token', async () => {
    const answers = await Promise.all([
      fetch(`${zoho.mailUrl}/api/accounts`),
      fetch(`${zoho.mailUrl}/api/accounts`, { headers: { authorization: `Bearer ${token}` } }),
      mailGet(zoho, '1000.unknown.token', '/api/accounts'),
    ]);

    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(JSON.parse(await answer.text())).toEqual(INVALID_OAUTHTOKEN_BODY);
    }
    expect(zoho.requestsFor('accounts').map((request) => request.accessToken)).toEqual([null, null, '1000.unknown.token']);
  });
});

describe('accounts and folders', () => {
  it('lists the one account with its primary address', async () => {
    const answer = await mailJson(zoho, token, '/api/accounts');

    expect(answer.body.status).toEqual({ code: 200, description: 'success' });
    expect(items(answer)).toEqual([expect.objectContaining({ accountId, primaryEmailAddress: 'edu@crearack.es', mailboxAddress: 'edu@crearack.es' })]);
  });

  it('lists the folders with their IDs, names, types and paths', async () => {
    const folders = items(await api('/folders'));

    expect(folders.map((folder) => folder.folderName)).toEqual(['Inbox', 'Drafts', 'Sent', 'Spam', 'Trash', 'Archive', 'Newsletters']);
    expect(folders[0]).toMatchObject({ folderId: inbox, folderType: 'Inbox', path: '/Inbox' });
  });

  it('answers 404 for another account and 400 PATTERN_NOT_MATCHED for an ID that is not a number', async () => {
    const other = await mailJson(zoho, token, '/api/accounts/1709876190693100011/folders');
    const notANumber = await mailJson(zoho, token, '/api/accounts/1.7098761906931e+18/folders');

    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ status: { code: 404 }, data: { errorCode: expect.any(String) } });
    expect(notANumber.status).toBe(400);
    expect(notANumber.body).toMatchObject({ status: { code: 400, description: 'Invalid Input' }, data: { errorCode: 'PATTERN_NOT_MATCHED' } });
  });
});

describe('search', () => {
  it('returns Zoho\'s list items, newest first, ten by default', async () => {
    const hits = items(await api('/messages/search', { searchKey: 'entire:invoice' }));

    expect(hits).toHaveLength(10);
    const times = hits.map((hit) => Number(hit.receivedTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(hits[0]).toEqual(
      expect.objectContaining({
        messageId: expect.stringMatching(/^\d{19}$/),
        folderId: expect.stringMatching(/^\d{19}$/),
        threadId: expect.stringMatching(/^\d{19}$/),
        fromAddress: expect.any(String),
        sender: expect.any(String),
        subject: expect.any(String),
        summary: expect.any(String),
        receivedTime: expect.stringMatching(/^\d{13}$/),
        hasAttachment: expect.stringMatching(/^[01]$/),
        status: expect.stringMatching(/^[01]$/),
      }),
    );
  });

  it('pages with start (1-based) and limit, and refuses a limit over 200', async () => {
    const all = items(await api('/messages/search', { searchKey: 'entire:invoice', limit: '200' })).map((hit) => hit.messageId);
    const page = items(await api('/messages/search', { searchKey: 'entire:invoice', start: '3', limit: '2' })).map((hit) => hit.messageId);
    const tooMany = await api('/messages/search', { searchKey: 'entire:invoice', limit: '201' });

    expect(page).toEqual(all.slice(2, 4));
    expect(tooMany.status).toBe(400);
  });

  it('leaves Spam and Trash out', async () => {
    const spam = zoho.mailbox.messages.filter((message) => message.folderId === folderNamed('Spam').folderId);

    const hits = items(await api('/messages/search', { searchKey: `subject:"${words(spam[0]?.subject ?? '').join(' ')}"` }));

    expect(spam.length).toBeGreaterThan(0);
    expect(hits).toEqual([]);
  });
});

describe('content', () => {
  it('returns the HTML of a message found by search, its messageId a raw number', async () => {
    const hit = items(await api('/messages/search', { searchKey: 'sender:hetzner' }))[0] as Json;
    const answer = await api(contentPath(String(hit.folderId), String(hit.messageId)));

    expect(hit.subject).toBe(LATEST_HETZNER_NOTICE_SUBJECT);
    expect(answer.status).toBe(200);
    expect(answer.raw).toContain(`"messageId":${String(hit.messageId)}`);
    expect(answer.body.data).toEqual({ messageId: hit.messageId, content: expect.stringContaining('9 December 2026, 02:00 CET') });
  });

  it('answers 404 for an unknown message, a message asked for in the wrong folder, or an ID JSON.parse corrupted', async () => {
    const message = zoho.mailbox.messages.find((candidate) => candidate.folderId === inbox);
    const corrupted = BigInt(Number(message?.messageId)).toString();

    const unknown = await api(contentPath(inbox, '1795506060000999999'));
    const wrongFolder = await api(contentPath(folderNamed('Archive').folderId, message?.messageId ?? ''));
    const rounded = await api(contentPath(inbox, corrupted));

    expect(corrupted).not.toBe(message?.messageId);
    for (const answer of [unknown, wrongFolder, rounded]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ status: { code: 404 }, data: { errorCode: expect.any(String) } });
    }
  });
});

describe('view', () => {
  it('lists the Inbox by default, newest first', async () => {
    const listed = items(await api('/messages/view', { limit: '200' }));

    expect(listed.every((item) => item.folderId === inbox)).toBe(true);
    expect(listed).toHaveLength(zoho.mailbox.messages.filter((message) => message.folderId === inbox).length);
    expect(Number(listed[0]?.receivedTime)).toBeGreaterThan(Number(listed[1]?.receivedTime));
  });

  it('filters by status, as the digest asks for unread mail', async () => {
    const unread = items(await api('/messages/view', { folderId: inbox, status: 'unread', limit: '50', sortBy: 'date', sortorder: 'false' }));
    const read = items(await api('/messages/view', { folderId: inbox, status: 'read', limit: '200' }));

    expect(unread.length).toBeGreaterThan(0);
    expect(unread.every((item) => item.status === '0')).toBe(true);
    expect(read.every((item) => item.status === '1')).toBe(true);
    expect(unread.length + read.length).toBe(zoho.mailbox.messages.filter((message) => message.folderId === inbox).length);
  });

  it('sorts ascending with sortorder=true and pages with start and limit', async () => {
    const ascending = items(await api('/messages/view', { folderId: folderNamed('Newsletters').folderId, sortorder: 'true', limit: '200' }));
    const page = items(await api('/messages/view', { folderId: folderNamed('Newsletters').folderId, sortorder: 'true', start: '11', limit: '5' }));

    const times = ascending.map((item) => Number(item.receivedTime));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(page.map((item) => item.messageId)).toEqual(ascending.slice(10, 15).map((item) => item.messageId));
  });

  it('refuses an unknown status, sort or folder', async () => {
    expect((await api('/messages/view', { status: 'flagged' })).status).toBe(400);
    expect((await api('/messages/view', { sortBy: 'subject' })).status).toBe(400);
    expect((await api('/messages/view', { folderId: '1709876190693100099' })).status).toBe(404);
  });
});

describe('addMessage', () => {
  it('adds a message received now that view, search and content serve at once; reset() removes it', async () => {
    const added = zoho.addMessage({ subject: 'Marker ZX-4471', html: '<p>The vault code is <b>ZX-4471-MARKER</b>.</p>', fromAddress: 'ana@example.com', sender: 'Ana' });

    const newest = items(await api('/messages/view', { status: 'unread' }))[0];
    const found = items(await api('/messages/search', { searchKey: 'content:"ZX-4471-MARKER"' }));
    const content = await api(contentPath(added.folderId, added.messageId));
    zoho.reset();
    const afterReset = items(await api('/messages/search', { searchKey: 'content:"ZX-4471-MARKER"' }));

    expect(BigInt(added.messageId)).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER));
    expect(newest?.messageId).toBe(added.messageId);
    expect(found.map((hit) => hit.messageId)).toEqual([added.messageId]);
    expect(content.body.data).toMatchObject({ content: added.html });
    expect(afterReset).toEqual([]);
  });
});

describe('unknown paths', () => {
  it('answer 404 with Zoho\'s error body', async () => {
    const answer = await mailJson(zoho, token, '/api/accounts/1709876190693100009/messages/unknown');

    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ status: { code: 404 }, data: { errorCode: 'URL_NOT_FOUND' } });
  });
});
