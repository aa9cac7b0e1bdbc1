import { describe, expect, it } from 'vitest';
import { captionsToSrt, captionsToText, parseSrt } from './caption-export';
import type { CaptionLine } from './captions';

const HOUR_MS = 3_600_000;

function line(id: string, startMs: number, endMs: number, transcript: string, translation: string): CaptionLine {
  return { id, source: 'you', startMs, endMs, status: 'done', transcript, translation, streamed: false };
}

const MEETING: CaptionLine[] = [
  line('1', 1_200, 4_800, 'Сайн байна уу, бүгдээрээ.', 'Hello, everyone.'),
  line('2', 4_500, 9_000, 'مرحبا بكم في الاجتماع', 'Welcome to the meeting.'),
  { ...line('3', 9_500, 11_000, '', ''), status: 'failed', error: { code: 'UPSTREAM', message: 'Gemini did not answer.' } },
  { ...line('4', 11_500, 12_000, '', ''), status: 'translating' },
  line('5', 12_500, 15_250, '我们开始吧。\n第一个议题', "Let's begin.\nThe first item"),
];

describe('issue 13: keeping the transcript as SRT', () => {
  it('parses back to cues numbered from 1, with monotonic timestamps and both languages', () => {
    const cues = parseSrt(captionsToSrt(MEETING, { original: true, translation: true }));
    expect(cues.map((cue) => cue.index)).toEqual([1, 2, 3]);
    expect(cues.map((cue) => [cue.startMs, cue.endMs])).toEqual([
      [1_200, 4_500],
      [4_500, 9_000],
      [12_500, 15_250],
    ]);
    for (const [index, cue] of cues.entries()) {
      expect(cue.endMs).toBeGreaterThanOrEqual(cue.startMs);
      if (index > 0) expect(cue.startMs).toBeGreaterThanOrEqual(cues[index - 1]!.endMs);
    }
    expect(cues.map((cue) => cue.lines)).toEqual([
      ['Сайн байна уу, бүгдээрээ.', 'Hello, everyone.'],
      ['مرحبا بكم في الاجتماع', 'Welcome to the meeting.'],
      ['我们开始吧。 第一个议题', "Let's begin. The first item"],
    ]);
  });

  it('writes SubRip times from the session start, past the first hour', () => {
    const at = 2 * HOUR_MS + 3 * 60_000;
    const srt = captionsToSrt([line('late', at + 4_005, at + 7_890, 'Bye.', 'Баяртай.')]);
    expect(srt).toBe('1\n02:03:04,005 --> 02:03:07,890\nBye.\nБаяртай.\n');
  });

  it('exports one language alone when asked', () => {
    const translationOnly = parseSrt(captionsToSrt(MEETING, { original: false, translation: true }));
    expect(translationOnly.map((cue) => cue.lines)).toEqual([
      ['Hello, everyone.'],
      ['Welcome to the meeting.'],
      ["Let's begin. The first item"],
    ]);
    const originalOnly = parseSrt(captionsToSrt(MEETING, { original: true, translation: false }));
    expect(originalOnly.map((cue) => cue.lines)).toEqual([
      ['Сайн байна уу, бүгдээрээ.'],
      ['مرحبا بكم في الاجتماع'],
      ['我们开始吧。 第一个议题'],
    ]);
  });

  it('keeps a zero-length cue, and clips cues that start together', () => {
    const together = [line('a', 5_000, 5_000, 'Oh.', 'Ой.'), line('b', 6_000, 8_000, 'Yes.', 'Тийм.')];
    const cues = parseSrt(captionsToSrt([...together, line('c', 6_000, 7_000, 'No.', 'Үгүй.')]));
    expect(cues.map((cue) => [cue.index, cue.startMs, cue.endMs])).toEqual([
      [1, 5_000, 5_000],
      [2, 6_000, 6_000],
      [3, 6_000, 7_000],
    ]);
  });

  it('is empty when nothing was translated', () => {
    expect(captionsToSrt([MEETING[2]!, MEETING[3]!])).toBe('');
    expect(parseSrt('')).toEqual([]);
  });

  it('reads CRLF, a BOM, extra blank lines and timing settings', () => {
    const text = [
      '\uFEFF1\r\n00:00:01,000 --> 00:00:02,500 X1:10\r\n你好\r\nHello\r\n',
      '\r\n\r\n  \r\n',
      '2\r\n01:00:00,000 --> 01:00:01,000\r\nمرحبا\r\n',
    ].join('');
    expect(parseSrt(text)).toEqual([
      { index: 1, startMs: 1_000, endMs: 2_500, lines: ['你好', 'Hello'] },
      { index: 2, startMs: HOUR_MS, endMs: HOUR_MS + 1_000, lines: ['مرحبا'] },
    ]);
  });

  it('refuses text that is not SRT', () => {
    expect(() => parseSrt('Hello\nworld')).toThrow();
    expect(() => parseSrt('1\n00:00:01 --> 00:00:02\nHi')).toThrow();
  });
});

describe('issue 13: keeping the transcript as text', () => {
  it('reads as one block a line: the time, the original, then the translation', () => {
    expect(captionsToText(MEETING)).toBe(
      [
        '[00:01] Сайн байна уу, бүгдээрээ.\n→ Hello, everyone.\n',
        '[00:04] مرحبا بكم في الاجتماع\n→ Welcome to the meeting.\n',
        "[00:12] 我们开始吧。 第一个议题\n→ Let's begin. The first item\n",
      ].join('\n'),
    );
  });

  it('UQ3: a line said in the language it was captioned into is kept once, in the text and in the SRT', () => {
    const said = [line('1', 1_000, 3_000, 'the report is ready', 'The report is ready.'), line('2', 4_000, 5_000, 'Bonjour.', 'Hello.')];
    expect(captionsToText(said)).toBe(['[00:01] the report is ready\n', '[00:04] Bonjour.\n→ Hello.\n'].join('\n'));
    expect(parseSrt(captionsToSrt(said)).map((cue) => cue.lines)).toEqual([['the report is ready'], ['Bonjour.', 'Hello.']]);
  });

  it('shows hours from the first hour on, and one language when asked', () => {
    const lastMinute = line('a', HOUR_MS - 1, HOUR_MS + 1_000, 'Last word.', 'Сүүлийн үг.');
    const nextHour = line('b', HOUR_MS + 61_000, HOUR_MS + 62_000, 'Done.', 'Боллоо.');
    const text = captionsToText([lastMinute, nextHour], { original: false, translation: true });
    expect(text).toBe('[59:59] Сүүлийн үг.\n\n[1:01:01] Боллоо.\n');
  });
});

describe('issue 25: both sides of a meeting', () => {
  const others = (id: string, startMs: number, transcript: string, translation: string): CaptionLine => ({
    ...line(id, startMs, startMs + 1_500, transcript, translation),
    source: 'others',
  });
  const speaker = (source: 'you' | 'others') => (source === 'you' ? 'Vous' : 'Les autres');
  const both = [line('1', 1_000, 2_000, 'Can you hear me?', 'Vous m’entendez ?'), others('2', 2_500, 'Yes, go on.', 'Oui, allez-y.')];

  it('SRT keeps who spoke, in the member’s words, and reads back with the labels', () => {
    const cues = parseSrt(captionsToSrt(both, { original: true, translation: true, speaker }));
    expect(cues.map((cue) => cue.lines)).toEqual([
      ['Vous: Can you hear me?', 'Vous m’entendez ?'],
      ['Les autres: Yes, go on.', 'Oui, allez-y.'],
    ]);
  });

  it('the text keeps who spoke before the first words of each line, even with the translation alone', () => {
    expect(captionsToText(both, { original: false, translation: true, speaker })).toBe(
      '[00:01] Vous: Vous m’entendez ?\n\n[00:02] Les autres: Oui, allez-y.\n',
    );
  });
});
