import { describe, expect, it } from 'vitest';
import type { AssistantStep } from '../../../shared/assistant';
import { createI18n } from '../i18n/create-i18n';
import { summarizeStep } from './step-summary';

const i18n = await createI18n('en');
const say = (step: Partial<AssistantStep> & Pick<AssistantStep, 'tool'>) =>
  summarizeStep({ args: {}, result: null, ok: true, ...step }, i18n.t);

describe('what the assistant did, one line per tool call', () => {
  it('names what each tool did and what came of it', () => {
    expect(say({ tool: 'search_mail', args: { from: 'Hetzner', subject: 'invoice' }, result: { found: 1, result: '…' } })).toEqual({
      action: 'Searched your mail: from Hetzner, subject “invoice”',
      outcome: '1 message',
      failed: false,
    });
    expect(say({ tool: 'read_mail', args: { messageId: '1', folderId: '2' }, result: { status: 'refused', result: '…' } }).outcome).toBe(
      'not opened: no search had found it',
    );
    expect(say({ tool: 'latest_digest', result: { status: 'none', result: '…' } })).toMatchObject({ action: 'Looked at your latest mailbox pass', outcome: 'no pass has run yet' });
    const time = { timeZone: 'x', time: '12:00' };
    expect(say({ tool: 'get_server_time', result: { server: time, member: { ...time, time: '05:00' } } }).outcome).toBe(
      '12:00 in Ulaanbaatar, 05:00 where you are',
    );
  });

  it('marks a call that did not work, and one to a tool that does not exist', () => {
    expect(say({ tool: 'search_knowledge', args: { query: 'vpn' }, result: { error: 'Timed out.' }, ok: false })).toEqual({
      action: 'Searched the notes for “vpn”',
      outcome: 'did not work',
      failed: true,
    });
    expect(say({ tool: 'send_money', args: { to: 'x' }, result: { error: 'There is no tool named "send_money".' }, ok: false })).toEqual({
      action: 'Asked for a tool that does not exist (send_money)',
      outcome: null,
      failed: true,
    });
  });

  it('still gives a line when a result does not have the shape this version knows', () => {
    expect(say({ tool: 'search_knowledge', args: { q: 1 }, result: 'odd' })).toEqual({ action: 'Searched the notes', outcome: null, failed: false });
  });
});
