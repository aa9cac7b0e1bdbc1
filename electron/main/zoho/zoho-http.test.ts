import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hang, startZohoDouble, type ZohoDouble } from '../../../test/doubles/zoho-double';
import { createZohoHttp } from './zoho-http';

let zoho: ZohoDouble;
beforeAll(async () => {
  zoho = await startZohoDouble();
});
afterAll(() => zoho.close());

const http = createZohoHttp({ fetch: (url, init) => fetch(url, init), timeoutMs: 100 });
const get = (url: string, signal = new AbortController().signal) => http.send({ method: 'GET', url }, signal);

describe('one request to Zoho', () => {
  it('gives up at its timeout, and Zoho sees the request end', async () => {
    zoho.script('accounts', hang());
    expect(await get(`${zoho.mailUrl}/api/accounts`)).toEqual({ ok: false, failure: { kind: 'timeout' } });
    await expect.poll(() => zoho.requestsFor('accounts')[0]?.aborted).toBe(true);
  });

  it('is a network failure when nothing answers, and cancelled when the caller aborts first', async () => {
    expect(await get('http://127.0.0.1:9/api/accounts')).toEqual({ ok: false, failure: { kind: 'network' } });
    const controller = new AbortController();
    controller.abort();
    expect(await get(`${zoho.mailUrl}/api/accounts`, controller.signal)).toEqual({ ok: false, failure: { kind: 'cancelled' } });
  });

  it('hands back Zoho’s status and its JSON body', async () => {
    const answer = await get(`${zoho.mailUrl}/api/accounts`);
    expect(answer).toMatchObject({ ok: true, answer: { status: 401, body: { data: { errorCode: 'INVALID_OAUTHTOKEN' } } } });
  });
});
