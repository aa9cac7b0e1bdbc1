import { describe, expect, it } from 'vitest';
import { numberText, dayText, relativeTimeText, relevanceText } from './knowledge-format';

const NOW = new Date(2030, 0, 14, 12, 0).getTime();
const before = (ms: number) => new Date(NOW - ms).toISOString();
const MINUTE = 60_000;

describe('knowledge figures in the member language', () => {
  it('groups counts and writes relevance to two decimals', () => {
    expect(numberText(1234, 'en')).toBe('1,234');
    expect(relevanceText(0.7166, 'en')).toBe('0.72');
    expect(relevanceText(0.7, 'es')).toBe('0,70');
  });

  it.each([
    [90 * 1000, '1 minute ago', 'en'],
    [2 * MINUTE, '2 minutes ago', 'en'],
    [3 * 60 * MINUTE, '3 hours ago', 'en'],
    [24 * 60 * MINUTE, 'yesterday', 'en'],
    [2 * MINUTE, 'hace 2 minutos', 'es'],
  ])('says %i ms ago as "%s" in %s', (ms, text, lang) => {
    expect(relativeTimeText(before(ms), NOW, lang)).toBe(text);
  });

  it('leaves the last minute (and a clock running behind) to "just now"', () => {
    expect(relativeTimeText(before(59 * 1000), NOW, 'en')).toBeNull();
    expect(relativeTimeText(before(-5 * MINUTE), NOW, 'en')).toBeNull();
  });

  it('writes a day as the calendar shows it, and keeps what it cannot read', () => {
    expect(dayText('2030-01-14', 'en')).toBe('Jan 14');
    expect(dayText('last week', 'en')).toBe('last week');
  });
});
