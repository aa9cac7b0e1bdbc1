import { describe, expect, it } from 'vitest';
import type { MailSummary } from '../mail/mailbox-port';
import { stillOpenIn } from './open-items';

const message = (messageId: string, date: string): MailSummary => ({ messageId, folderId: '1', from: 'a@b.c', subject: 's', date, summary: '' });

describe('which open items are still unread', () => {
  it('trusts a listing shorter than its limit: what it lacks was read, answered or moved', () => {
    const stillOpen = stillOpenIn([message('1', '2026-08-12T05:00:00.000Z')], 3);
    expect(stillOpen({ messageId: '1' })).toBe(true);
    expect(stillOpen({ messageId: '2', date: '2026-08-01T05:00:00.000Z' })).toBe(false);
    expect(stillOpen({ messageId: '3' })).toBe(false);
  });

  it('keeps what a full listing cannot vouch for: mail older than its oldest message, or of unknown age', () => {
    const listed = [message('10', '2026-08-12T05:00:00.000Z'), message('11', '2026-08-12T04:00:00.000Z')];
    const stillOpen = stillOpenIn(listed, 2);
    expect(stillOpen({ messageId: '11' })).toBe(true);
    // Newer than the oldest listed and not listed: it is no longer unread.
    expect(stillOpen({ messageId: '12', date: '2026-08-12T04:30:00.000Z' })).toBe(false);
    expect(stillOpen({ messageId: '13', date: '2026-08-12T03:00:00.000Z' })).toBe(true);
    expect(stillOpen({ messageId: '14' })).toBe(true);
    expect(stillOpen({ messageId: '15', date: null })).toBe(true);
  });

  it('keeps everything unlisted when a full listing has no date it can read', () => {
    const stillOpen = stillOpenIn([message('20', ''), message('21', 'yesterday')], 2);
    expect(stillOpen({ messageId: '22', date: '2026-08-12T04:30:00.000Z' })).toBe(true);
  });
});
