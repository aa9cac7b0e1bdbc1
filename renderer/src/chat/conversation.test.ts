import { describe, expect, it } from 'vitest';
import type { LiveUplink } from '../audio/live-uplink';
import { canAskAgain, historyOf, type Exchange } from './conversation';

const LIMITS = { messageMaxChars: 10, maxMessages: 4 };
const text = (answer: string) => answer;

function answered(question: string, answer: string): Exchange<string> {
  return { id: question, question, outcome: { kind: 'answered', answer } };
}

describe('the history a follow-up carries', () => {
  it('pairs each answered question with its answer, oldest first', () => {
    expect(historyOf([answered('Q1', 'A1'), answered('Q2', 'A2')], text, LIMITS)).toEqual([
      { role: 'user', content: 'Q1' },
      { role: 'assistant', content: 'A1' },
      { role: 'user', content: 'Q2' },
      { role: 'assistant', content: 'A2' },
    ]);
  });

  it('leaves out questions without an answer, and answers main would refuse as empty', () => {
    const exchanges: Exchange<string>[] = [
      { id: '1', question: 'Cancelled', outcome: { kind: 'cancelled' } },
      { id: '2', question: 'Failed', outcome: { kind: 'failed', error: { code: 'UPSTREAM', message: 'x' }, at: 0 } },
      { id: '3', question: 'Pending', outcome: { kind: 'pending' } },
      answered('Blank', '   '),
      answered('Q', 'A'),
    ];
    expect(historyOf(exchanges, text, LIMITS)).toEqual([
      { role: 'user', content: 'Q' },
      { role: 'assistant', content: 'A' },
    ]);
  });

  it('lets a voice question stand in the history by its transcript, and leaves out one whose words never came back (V1)', () => {
    const spoken = (question: string): Exchange<string> => ({ ...answered(question, 'A'), id: `voice-${question}`, spoken: true });
    expect(historyOf([spoken(''), spoken('What time is it?')], text, { ...LIMITS, messageMaxChars: 100 })).toEqual([
      { role: 'user', content: 'What time is it?' },
      { role: 'assistant', content: 'A' },
    ]);
  });

  it('cuts each turn to what main accepts and keeps only the most recent turns', () => {
    const history = historyOf([answered('Q1', 'A1'), answered('Q2', 'A2'), answered('A long question', 'A long answer')], text, LIMITS);
    expect(history).toEqual([
      { role: 'user', content: 'Q2' },
      { role: 'assistant', content: 'A2' },
      { role: 'user', content: 'A long que' },
      { role: 'assistant', content: 'A long ans' },
    ]);
  });
});

describe('what Retry can ask again', () => {
  const failed = { kind: 'failed', error: { code: 'UPSTREAM', message: 'Gemini failed.' }, at: 0 } as const;
  /** A live question whose recording fits a V1 clip (or does not): only that is looked at here. */
  const live = (fits: boolean) => ({ live: { hasRecording: () => fits } as LiveUplink, speak: true });

  it('a failed question with its words, typed or heard, is asked again', () => {
    expect(canAskAgain({ id: 'a', question: 'What time is it?', outcome: failed })).toBe(true);
    expect(canAskAgain({ id: 'b', question: 'What time is it?', outcome: failed, spoken: true, voice: live(false) })).toBe(true);
  });

  it('a live question never heard is asked again as its recording, when it fits one; never as nothing', () => {
    expect(canAskAgain({ id: 'c', question: '', outcome: failed, spoken: true, voice: live(true) })).toBe(true);
    expect(canAskAgain({ id: 'd', question: '', outcome: failed, spoken: true, voice: live(false) })).toBe(false);
    expect(canAskAgain({ id: 'e', question: '', outcome: failed, spoken: true })).toBe(false);
  });

  it('an answered question is not asked again', () => {
    expect(canAskAgain(answered('Q', 'A'))).toBe(false);
  });
});
