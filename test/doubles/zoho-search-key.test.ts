import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededMessage, type ZohoDouble, LATEST_HETZNER_NOTICE_SUBJECT, startZohoDouble } from './zoho-double';
import { parseSearchKey } from './zoho-search-key';
import { connect, items, mailJson } from './zoho-test-client';

let zoho: ZohoDouble;
let token: string;
let report: SeededMessage;
let reply: SeededMessage;
let truck: SeededMessage;

beforeAll(async () => {
  zoho = await startZohoDouble();
  token = (await connect(zoho)).accessToken;
  // Words no seeded message holds, so each search below has an exact expected answer.
  report = zoho.addMessage({
    subject: 'Zebrafrost quarterly report',
    text: 'The quarterly zebrafrost report is attached. Numbers look good.',
    fromAddress: 'olga.quill@norden-analytics.example',
    sender: 'Olga Quill',
    toAddress: 'Edu Martín <edu@crearack.es>',
    ccAddress: 'Pavel Wren <pavel.wren@norden-analytics.example>',
  });
  reply = zoho.addMessage({
    subject: 'Re: Zebrafrost quarterly report',
    text: 'Report on zebrafrost, quarterly figures reviewed by Olga.',
    fromAddress: 'edu@crearack.es',
    sender: 'Edu Martín',
    toAddress: 'Olga Quill <olga.quill@norden-analytics.example>',
    folder: 'Sent',
    receivedTime: String(Number(report.receivedTime) + 60_000),
  });
  truck = zoho.addMessage({ subject: 'Entrega del CAMIÓN frigorífico', html: '<p>El camión llega el jueves a Requena.</p>', fromAddress: 'logistica@transportes-ebro.example', sender: 'Transportes Ebro' });
});

afterAll(async () => {
  await zoho.close();
});

async function search(searchKey: string): Promise<string[]> {
  const answer = await mailJson(zoho, token, `/api/accounts/${zoho.mailbox.accountId}/messages/search`, { searchKey, limit: '200' });
  expect(answer.status).toBe(200);
  return items(answer).map((hit) => String(hit.messageId));
}

describe('parameters', () => {
  it('entire: subject, body or sender', async () => {
    expect(await search('entire:numbers')).toEqual([report.messageId]);
    expect(await search('entire:quill')).toEqual([report.messageId]);
    expect(await search('entire:olga')).toEqual([reply.messageId, report.messageId]);
    expect(await search('entire:zebrafrost')).toEqual([reply.messageId, report.messageId]);
  });

  it('content: the body only, not the subject', async () => {
    expect(await search('content:attached::content:zebrafrost')).toEqual([report.messageId]);
    expect(await search('content:"Zebrafrost quarterly report"')).toEqual([]);
  });

  it('sender: the from address or the display name, not the body', async () => {
    expect(await search('sender:olga.quill@norden-analytics.example')).toEqual([report.messageId]);
    expect(await search('sender:"Olga Quill"')).toEqual([report.messageId]);
    expect(await search('sender:numbers')).toEqual([]);
  });

  it('subject: the subject only', async () => {
    expect(await search('subject:zebrafrost')).toEqual([reply.messageId, report.messageId]);
    expect(await search('subject:attached')).toEqual([]);
  });

  it('to and cc: the recipients', async () => {
    expect(await search('to:norden-analytics::entire:zebrafrost')).toEqual([reply.messageId]);
    expect(await search('cc:"Pavel Wren"')).toEqual([report.messageId]);
  });
});

describe('terms and values', () => {
  it('`::` joins terms that must all match', async () => {
    expect(await search('subject:zebrafrost::sender:edu@crearack.es')).toEqual([reply.messageId]);
    expect(await search('subject:zebrafrost::sender:nobody@nowhere.example')).toEqual([]);
  });

  it('a quoted value is an exact phrase; unquoted, its words may appear anywhere in any order', async () => {
    expect(await search('entire:"quarterly zebrafrost report"')).toEqual([report.messageId]);
    expect(await search('entire:report quarterly zebrafrost')).toEqual([reply.messageId, report.messageId]);
    expect(await search('entire:"report quarterly zebrafrost"')).toEqual([]);
  });

  it('matches whole words, ignoring case and accents either way', async () => {
    expect(await search('entire:camion')).toEqual([truck.messageId]);
    expect(await search('subject:"CAMIÓN FRIGORÍFICO"')).toEqual([truck.messageId]);
    expect(await search('content:REQUENA::content:Jueves')).toEqual([truck.messageId]);
    expect(await search('entire:zebra')).toEqual([]);
  });

  it('finds the seeded notices: the newest Hetzner mail first', async () => {
    const hits = await search('sender:hetzner');
    const first = zoho.mailbox.messages.find((message) => message.messageId === hits[0]);

    expect(first?.subject).toBe(LATEST_HETZNER_NOTICE_SUBJECT);
    expect(hits.length).toBeGreaterThan(5);
  });
});

describe('refused keys', () => {
  it.each([
    ['from:hetzner', "'from' is not a search parameter"],
    ['entire:a:or:entire:b::in:inbox', "'in' is not a search parameter"],
    ['hetzner', 'not param:value'],
    ['entire:', 'has no value'],
    ['entire:say "hi"', 'quotes'],
    ['entire:"a::b"', 'quotes'],
  ])('%s answers 400 with Zoho\'s error body', async (searchKey, problem) => {
    const answer = await mailJson(zoho, token, `/api/accounts/${zoho.mailbox.accountId}/messages/search`, { searchKey });

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: { code: 400, description: 'Invalid Input' }, data: { errorCode: 'PATTERN_NOT_MATCHED', moreInfo: expect.stringContaining(problem) } });
  });

  it('a missing searchKey answers 400', async () => {
    const answer = await mailJson(zoho, token, `/api/accounts/${zoho.mailbox.accountId}/messages/search`);

    expect(answer.status).toBe(400);
  });
});

describe('parseSearchKey', () => {
  it('reads each term\'s parameter, kind and normalised words', () => {
    expect(parseSearchKey('entire:"Próxima Ventana"::sender:info@hetzner.com')).toEqual({
      ok: true,
      terms: [
        { param: 'entire', match: 'phrase', words: ['proxima', 'ventana'] },
        { param: 'sender', match: 'words', words: ['info', 'hetzner', 'com'] },
      ],
    });
  });
});
