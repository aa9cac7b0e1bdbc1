import { describe, expect, it } from 'vitest';
import { SECRETARY } from '../../../shared/limits';
import { readMessageList } from './mail-summary';
import { parseZohoJson } from './zoho-json';

/** A search answer exactly as Zoho writes it: IDs as bare JSON numbers above 2^53. */
const RAW = `{"status":{"code":200,"description":"success"},"data":[
  {"messageId":1709876190693100009,"folderId":2848063000000008014,"threadId":1709876190693100001,
   "fromAddress":"noreply@hetzner.com","sender":"Hetzner Online","subject":"Scheduled maintenance",
   "summary":"Dear customer,   we will carry out maintenance work on the network in FSN1 on 14 March between 02:00 and 04:00 CET. Short interruptions of a few minutes may occur during this window. We apologise for any inconvenience.",
   "receivedTime":"1710000000000","hasAttachment":"0","status":"1"},
  {"messageId":17,"folderId":2848063000000008014,"fromAddress":"ana@example.com","subject":"Re: lunch","summary":"ok","receivedtime":1710000000000},
  {"folderId":2848063000000008014,"subject":"no id, not a message"}
]}`;

describe('Zoho list items', () => {
  it('keep every 64-bit ID exactly as written in the raw body, as strings', () => {
    // What a client using JSON.parse would have seen:
    expect(String(JSON.parse(RAW).data[0].messageId)).toBe('1709876190693100000');
    const { mail } = readMessageList((parseZohoJson(RAW) as { data: unknown }).data, SECRETARY.searchMaxResults);
    expect(mail[0]).toMatchObject({ messageId: '1709876190693100009', folderId: '2848063000000008014' });
    expect(mail[1]).toMatchObject({ messageId: '17', folderId: '2848063000000008014' });
  });

  it('become MailSummary: sender and address, ISO date from receivedTime or receivedtime, summary cut to the limit', () => {
    const { mail, skipped } = readMessageList((parseZohoJson(RAW) as { data: unknown }).data, SECRETARY.searchMaxResults);
    expect(skipped).toBe(1);
    expect(mail[0]).toEqual({
      messageId: '1709876190693100009',
      folderId: '2848063000000008014',
      from: 'Hetzner Online <noreply@hetzner.com>',
      subject: 'Scheduled maintenance',
      date: '2024-03-09T16:00:00.000Z',
      summary: expect.stringMatching(/^Dear customer, we will carry out maintenance/),
    });
    expect(Array.from(mail[0]!.summary)).toHaveLength(SECRETARY.searchSummaryMaxChars);
    expect(mail[1]).toMatchObject({ from: 'ana@example.com', date: '2024-03-09T16:00:00.000Z', summary: 'ok' });
  });

  it('are at most the number asked for', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ messageId: i + 1, folderId: 1, receivedTime: '1' }));
    expect(readMessageList(many, SECRETARY.searchMaxResults).mail).toHaveLength(SECRETARY.searchMaxResults);
  });
});

describe('parseZohoJson', () => {
  it('keeps safe numbers as numbers and reads a body that is not JSON as null', () => {
    expect(parseZohoJson('{"code":200,"ratio":0.5,"big":-9007199254740993}')).toEqual({ code: 200, ratio: 0.5, big: '-9007199254740993' });
    expect(parseZohoJson('<html>Service Unavailable</html>')).toBeNull();
    expect(parseZohoJson('')).toBeNull();
  });
});
