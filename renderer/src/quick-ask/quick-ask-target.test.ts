import { describe, expect, it } from 'vitest';
import { cycleTarget, routedDraft } from './quick-ask-target';

describe('where a quick question goes', () => {
  it('Tab goes round the Assistant, the Secretary and the Oracle; Shift+Tab the other way', () => {
    expect(cycleTarget('assistant')).toBe('secretary');
    expect(cycleTarget('secretary')).toBe('oracle');
    expect(cycleTarget('oracle')).toBe('assistant');
    expect(cycleTarget('assistant', true)).toBe('oracle');
  });

  it('a prefix and a space route the question and leave the rest of it', () => {
    expect(routedDraft('/mail ')).toEqual({ target: 'secretary', rest: '' });
    expect(routedDraft('/MAIL invoices from Marta')).toEqual({ target: 'secretary', rest: 'invoices from Marta' });
    expect(routedDraft('/notes vpn')).toEqual({ target: 'oracle', rest: 'vpn' });
    expect(routedDraft('/ai what time is it')).toEqual({ target: 'assistant', rest: 'what time is it' });
  });

  it('leaves a question that only looks like one alone', () => {
    expect(routedDraft('/mail')).toBeNull();
    expect(routedDraft('/mailbox size?')).toBeNull();
    expect(routedDraft('send /mail to Ana')).toBeNull();
  });
});
