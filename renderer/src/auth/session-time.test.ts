import { describe, expect, it } from 'vitest';
import { sessionTimeText } from './session-time';

// Local times, so that the test reads the same in any time zone.
const MORNING = new Date(2030, 0, 15, 9, 5).getTime();
const AFTERNOON = new Date(2030, 0, 15, 14, 30).getTime();
const NEXT_DAY = new Date(2030, 0, 16, 8, 0).getTime();

describe('sessionTimeText', () => {
  it("says only the time when the session ends today, in the language's own clock", () => {
    expect(sessionTimeText(AFTERNOON, MORNING, 'en')).toBe('2:30 PM');
    expect(sessionTimeText(AFTERNOON, MORNING, 'es')).toBe('14:30');
    expect(sessionTimeText(AFTERNOON, MORNING, 'fr')).toBe('14:30');
  });

  it('adds the weekday when the session ends on another day', () => {
    expect(sessionTimeText(NEXT_DAY, AFTERNOON, 'en')).toBe('Wed 8:00 AM');
    expect(sessionTimeText(NEXT_DAY, AFTERNOON, 'es')).toBe('mié, 8:00');
  });
});
