import { describe, expect, it } from 'vitest';
import { createTranscriptReader } from './voice-transcript';

/** Feeds rounds of pieces to a reader and records what it passed on, in order. */
function readRounds(rounds: string[][]) {
  const events: string[] = [];
  const reader = createTranscriptReader({
    onTranscript: (text) => events.push(`transcript:${text}`),
    onText: (text) => events.push(`text:${text}`),
  });
  for (const pieces of rounds) {
    for (const piece of pieces) reader.read(piece);
    reader.endRound();
  }
  const texts = events.filter((event) => event.startsWith('text:')).map((event) => event.slice('text:'.length));
  return { events, transcript: reader.transcript, answer: texts.join('') };
}

/** Every way to cut `text` in two, and in three pieces. */
function cuts(text: string): string[][] {
  const all: string[][] = [];
  for (let i = 0; i <= text.length; i += 1) {
    all.push([text.slice(0, i), text.slice(i)]);
    for (let j = i; j <= text.length; j += 1) all.push([text.slice(0, i), text.slice(i, j), text.slice(j)]);
  }
  return all;
}

const REPLY = '  <transcript> ¿Qué hora es en Ulán Bator? </transcript>\nIt is noon in Ulaanbaatar.';

describe('V1 the transcript at the head of a voice reply', () => {
  it('takes the transcript out, trimmed, and passes the answer on without the tags or the newline after them', () => {
    expect(readRounds([[REPLY]])).toEqual({
      events: ['transcript:¿Qué hora es en Ulán Bator?', 'text:It is noon in Ulaanbaatar.'],
      transcript: '¿Qué hora es en Ulán Bator?',
      answer: 'It is noon in Ulaanbaatar.',
    });
  });

  it('reads the same whatever the pieces are cut at: tags split at every position', () => {
    for (const pieces of cuts(REPLY)) {
      const { events, transcript, answer } = readRounds([pieces]);
      expect({ pieces, transcript, answer }).toEqual({ pieces, transcript: '¿Qué hora es en Ulán Bator?', answer: 'It is noon in Ulaanbaatar.' });
      expect(events.filter((event) => event.startsWith('transcript:'))).toHaveLength(1);
      expect(events[0]).toBe('transcript:¿Qué hora es en Ulán Bator?');
    }
  });

  it('reads one character at a time', () => {
    expect(readRounds([[...REPLY]])).toMatchObject({ transcript: '¿Qué hora es en Ulán Bator?', answer: 'It is noon in Ulaanbaatar.' });
  });

  it('passes the answer on as it streams, not at the end of the round', () => {
    const texts: string[] = [];
    const reader = createTranscriptReader({ onTranscript: () => {}, onText: (text) => texts.push(text) });
    reader.read('<transcript>Hi</transcript>Hel');
    reader.read('lo');
    expect(texts).toEqual(['Hel', 'lo']);
  });

  it('looks for the transcript in the round where the words begin, after a round of calls with none', () => {
    expect(readRounds([[], ['\n'], ['<transcript>What time is it?</transcript>', 'Noon.']])).toMatchObject({
      transcript: 'What time is it?',
      answer: 'Noon.',
    });
  });

  it('drops a transcript a later round repeats, and keeps its answer', () => {
    const { events } = readRounds([['<transcript>Time?</transcript>Let me check.'], ['<transcript>Time?</transcript>\n', 'Noon.']]);
    expect(events).toEqual(['transcript:Time?', 'text:Let me check.', 'text:Noon.']);
  });

  it('takes what was held as the transcript when the round ends before the closing tag', () => {
    expect(readRounds([['<transcript>What time'], ['It is noon.']])).toMatchObject({ transcript: 'What time', answer: 'It is noon.' });
  });
});

describe('V1 a recording with no speech', () => {
  it.each([['<transcript></transcript>'], ['<transcript>  \n </transcript>'], ['<transcript>', '</transcript>']])(
    'an empty transcript %j is no speech, and nothing after it is passed on, in this round or the next',
    (...pieces) => {
      expect(readRounds([[...pieces, 'I heard nothing.'], ['Still nothing.']])).toEqual({ events: ['transcript:'], transcript: '', answer: '' });
    },
  );
});

describe('V1 a reply that does not open with the transcript', () => {
  it('is all answer, with no transcript, wherever the pieces are cut', () => {
    const reply = 'It is noon. <transcript>x</transcript>';
    for (const pieces of cuts(reply)) {
      const { transcript, answer } = readRounds([pieces]);
      expect({ pieces, transcript, answer }).toEqual({ pieces, transcript: undefined, answer: reply });
    }
  });

  it('keeps the start of a tag that turned out to be words', () => {
    expect(readRounds([['<trans'], ['Noon.']])).toEqual({ events: ['text:<trans', 'text:Noon.'], transcript: undefined, answer: '<transNoon.' });
    expect(readRounds([['<transport> is a tag']])).toMatchObject({ transcript: undefined, answer: '<transport> is a tag' });
  });

  it('does not look for a transcript in a later round once the answer has begun without one', () => {
    expect(readRounds([['Checking.'], ['<transcript>x</transcript>']])).toMatchObject({
      transcript: undefined,
      answer: 'Checking.<transcript>x</transcript>',
    });
  });
});
