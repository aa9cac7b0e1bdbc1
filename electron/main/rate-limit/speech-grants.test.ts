import { describe, expect, it } from 'vitest';
import { ASSISTANT, VOICE } from '../../../shared/limits';
import { createSpeechGrants } from './speech-grants';

const ANA = 'ana@crearack.com';
const BEN = 'ben@crearack.com';

function grantsAt(start = 1_000_000) {
  const clock = { at: start };
  return { clock, grants: createSpeechGrants({ now: () => clock.at }) };
}

describe('G9: speech grants for voice questions', () => {
  it('cover the member and the question they were granted for, and nothing else', () => {
    const { grants } = grantsAt();
    grants.grant(ANA, 'question-1');
    expect(grants.covers(ANA, 'question-1')).toBe(true);
    expect(grants.covers(BEN, 'question-1')).toBe(false);
    expect(grants.covers(ANA, 'question-2')).toBe(false);
  });

  it('last VOICE.speechGrantMs, then lapse', () => {
    const { clock, grants } = grantsAt();
    grants.grant(ANA, 'question-1');
    clock.at += VOICE.speechGrantMs - 1;
    expect(grants.covers(ANA, 'question-1')).toBe(true);
    clock.at += 1;
    expect(grants.covers(ANA, 'question-1')).toBe(false);
  });

  it('can be taken back', () => {
    const { grants } = grantsAt();
    grants.grant(ANA, 'question-1');
    grants.revoke(ANA, 'question-1');
    expect(grants.covers(ANA, 'question-1')).toBe(false);
  });

  it('keep no more than the questions the limiter can admit while one lasts, dropping the oldest', () => {
    const { clock, grants } = grantsAt();
    const admissible = ASSISTANT.rateLimitPerMinute * Math.ceil(VOICE.speechGrantMs / ASSISTANT.rateLimitWindowMs);
    for (let index = 0; index <= admissible; index++) {
      grants.grant(ANA, `question-${index}`);
      clock.at += 1;
    }
    expect(grants.covers(ANA, 'question-0')).toBe(false);
    expect(grants.covers(ANA, 'question-1')).toBe(true);
    expect(grants.covers(ANA, `question-${admissible}`)).toBe(true);
  });
});
