import { describe, expect, it } from 'vitest';
import type { Lang } from './lang';
import { VOICE } from './limits';
import { createSentenceStream } from './speech-sentences';

function sentencesOf(lang: Lang, text: string): string[] {
  const stream = createSentenceStream(lang);
  return [...stream.push(text), ...stream.flush()];
}

/** A small seeded generator, so a failing chunking can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function streamedInChunks(lang: Lang, text: string, seed: number): string[] {
  const next = random(seed);
  const stream = createSentenceStream(lang);
  const out: string[] = [];
  for (let at = 0; at < text.length; ) {
    const size = 1 + Math.floor(next() * 12);
    out.push(...stream.push(text.slice(at, at + size)));
    at += size;
  }
  return [...out, ...stream.flush()];
}

describe('V2 sentences in each language', () => {
  it.each<[Lang, string, string[]]>([
    [
      'en',
      'Dr. Smith arrived. It costs 3.5 dollars, e.g. For apples. Mr. Brown paid 1,000.50! Did he? Yes.',
      ['Dr. Smith arrived.', 'It costs 3.5 dollars, e.g. For apples.', 'Mr. Brown paid 1,000.50!', 'Did he?', 'Yes.'],
    ],
    [
      'es',
      'El Sr. García llegó. Cuesta 3,5 euros, p. ej. El pan. ¿Vienes? ¡Sí!',
      ['El Sr. García llegó.', 'Cuesta 3,5 euros, p. ej. El pan.', '¿Vienes?', '¡Sí!'],
    ],
    [
      'fr',
      '« Bonjour. » M. Dupont arrive. Mme Martin paie 1 000,50 euros. Vraiment ? Oui !',
      ['« Bonjour. »', 'M. Dupont arrive.', 'Mme Martin paie 1 000,50 euros.', 'Vraiment?', 'Oui!'],
    ],
    [
      'ru',
      'А. С. Пушкин — поэт. Стоит 3,5 руб. Это проф. Иванов, т. е. Наш декан. Привет! Как дела?',
      ['А. С. Пушкин — поэт.', 'Стоит 3,5 руб.', 'Это проф. Иванов, т. е. Наш декан.', 'Привет!', 'Как дела?'],
    ],
    ['zh', '他说：“你好。”价格是3.5元！你去吗？好的。', ['他说：“你好。”', '价格是3.5元！', '你去吗？', '好的。']],
    ['ar', 'قال د. أحمد مرحبا. كيف حالك؟ السعر 3.5 دولار۔ شكرا.', ['قال د. أحمد مرحبا.', 'كيف حالك؟', 'السعر 3.5 دولار۔', 'شكرا.']],
    [
      'mn',
      'Б. Бат ирсэн. Үнэ нь 3.5 төгрөг. Проф. Дорж хэлсэн. Сайн байна уу?',
      ['Б. Бат ирсэн.', 'Үнэ нь 3.5 төгрөг.', 'Проф. Дорж хэлсэн.', 'Сайн байна уу?'],
    ],
  ])('%s: abbreviations, initials, numbers and its own punctuation', (lang, text, expected) => {
    expect(sentencesOf(lang, text)).toEqual(expected);
  });
});

describe('V2 a sentence goes as soon as it is known to have ended', () => {
  it('speaks the first sentence while the answer is still streaming', () => {
    const stream = createSentenceStream('en');
    expect(stream.push('The office opens at nine. It clo')).toEqual(['The office opens at nine.']);
    expect(stream.push('ses at five.')).toEqual([]);
    expect(stream.flush()).toEqual(['It closes at five.']);
  });

  it('holds "3." back, since it may go on as 3.5', () => {
    const stream = createSentenceStream('en');
    expect(stream.push('It costs 3.')).toEqual([]);
    expect(stream.push('5 dollars. Then')).toEqual(['It costs 3.5 dollars.']);
    expect(stream.flush()).toEqual(['Then']);
  });

  it('waits for a letter after the full stop: ". (see" goes on in lower case', () => {
    const stream = createSentenceStream('en');
    expect(stream.push('Leave is granted. (')).toEqual([]);
    expect(stream.push('see the policy) for details. Next')).toEqual(['Leave is granted. (see the policy) for details.']);
  });

  it('holds "Dr." back until the name that follows it', () => {
    const stream = createSentenceStream('en');
    expect(stream.push('Ask Dr. ')).toEqual([]);
    expect(stream.push('Smith today. Or')).toEqual(['Ask Dr. Smith today.']);
  });

  it('ends a Chinese sentence at 。 once the next one starts (a closing quote may still follow it)', () => {
    const stream = createSentenceStream('zh');
    expect(stream.push('你好。')).toEqual([]);
    expect(stream.push('今天')).toEqual(['你好。']);
  });

  it('does not wait for the next piece after a full stop and a space, unless an abbreviation or initial ends it', () => {
    const stream = createSentenceStream('en');
    expect(stream.push('The office opens at nine. ')).toEqual(['The office opens at nine.']);
    expect(stream.push('Ask J. ')).toEqual([]);
    expect(stream.push('Smith. ')).toEqual(['Ask J. Smith.']);
    expect(stream.push('Items: 1. ')).toEqual([]);
  });

  it('ends an Arabic question at ؟ and the space after it', () => {
    const stream = createSentenceStream('ar');
    expect(stream.push('كيف حالك؟')).toEqual([]);
    expect(stream.push(' ')).toEqual(['كيف حالك؟']);
    expect(stream.push('أنا')).toEqual([]);
  });

  it('ends a sentence at a line break, with or without a full stop', () => {
    const stream = createSentenceStream('en');
    expect(stream.push('## Opening hours\n')).toEqual(['Opening hours']);
    expect(stream.push('- Monday to Friday\n- Saturday morning\n\nClosed on Sunday')).toEqual([
      'Monday to Friday',
      'Saturday morning',
    ]);
    expect(stream.flush()).toEqual(['Closed on Sunday']);
  });
});

describe('V2 Markdown and links are not read aloud', () => {
  it.each<[string, string[]]>([
    ['**Bold** and _emphasis_ and ~~struck~~ and `npm test`.', ['Bold and emphasis and struck and npm test.']],
    ['See [the leave policy](https://intranet.example.com/leave "Leave") today.', ['See the leave policy today.']],
    ['Details at https://example.com/a_b?c=1. Or mail hr@example.com now.', ['Details at.', 'Or mail now.']],
    ['Ask [HR](https://hr.example.com/leave?id=4&lang=en) first. Then wait.', ['Ask HR first.', 'Then wait.']],
    ['Open <https://example.com> here.', ['Open here.']],
    ['### Summary ###', ['Summary']],
    ['> A quoted line', ['A quoted line']],
    ['- [x] A done task', ['A done task']],
    ['* A bullet', ['A bullet']],
    ['| Tea | 3.5 |', ['Tea, 3.5']],
    ['|---|:---:|', []],
    ['![A chart](chart.png)', []],
    ['snake_case and 5 * 3 stay', ['snake_case and 5 * 3 stay']],
    ['Intro\n```ts\nconst a = 1;\n```\nAfter', ['Intro', 'After']],
    ['Intro\n~~~\nunclosed code', ['Intro']],
  ])('%j is said as %j', (markdown, spoken) => {
    expect(sentencesOf('en', markdown)).toEqual(spoken);
    expect(streamedInChunks('en', markdown, 3)).toEqual(spoken);
  });

  it('skips what is left empty and drops code blocks that arrive in pieces', () => {
    const answer = 'Run this:\n```sh\nnpm install. Then\nnpm test\n```\n|---|---|\nhttps://example.com\nDone. Really.';
    expect(sentencesOf('en', answer)).toEqual(['Run this:', 'Done.', 'Really.']);
    expect(streamedInChunks('en', answer, 7)).toEqual(['Run this:', 'Done.', 'Really.']);
  });

  it('drops a code block still open when the answer ends', () => {
    expect(sentencesOf('en', 'Here it is.\n```\nprint("Not this. Nor this.")')).toEqual(['Here it is.']);
  });

  it('keeps bold that closes after the full stop with its sentence', () => {
    expect(sentencesOf('en', '**Note.** The office is closed.')).toEqual(['Note.', 'The office is closed.']);
  });
});

describe('V2 one TTS call says at most VOICE.ttsTextMaxChars', () => {
  it.each<[Lang, string]>([
    ['en', 'word '],
    ['zh', '我们明天开会'],
  ])('%s: a longer sentence is cut at word boundaries', (lang, word) => {
    const sentence = word.repeat(Math.ceil((VOICE.ttsTextMaxChars * 2.5) / word.length)).trim();
    const pieces = sentencesOf(lang, sentence);
    expect(pieces.length).toBe(3);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(VOICE.ttsTextMaxChars);
    expect(pieces.join(lang === 'zh' ? '' : ' ')).toBe(sentence);
    if (lang === 'en') expect(pieces.every((piece) => /^(?:word ?)+$/.test(piece) && piece.endsWith('word'))).toBe(true);
  });
});

describe('V2 streaming in any chunk sizes gives the sentences of the whole answer', () => {
  const answers: [Lang, string][] = [
    ['en', '# Leave\nDr. Smith approves leave. It takes 3.5 days, e.g. For 1,000.50 claims.\n- **Ask** [HR](https://hr.example.com).\n```\ncode. Here\n```\nThanks! Done?'],
    ['es', 'El Sr. García aprueba. Tarda 3,5 días. ¿Vale? ¡Sí!\n1. Primero\n2. Segundo'],
    ['fr', '« Bonjour. » M. Dupont répond. Vraiment ? Oui ! Écrivez à rh@example.com.'],
    ['ru', 'А. С. Пушкин — поэт. Стоит 3,5 руб. Привет! Как дела?\n> Цитата здесь'],
    ['zh', '他说：“你好。”价格是3.5元！你去吗？\n- 第一项\n- 第二项'],
    ['ar', 'قال د. أحمد مرحبا. كيف حالك؟ السعر 3.5 دولار۔ شكرا.'],
    ['mn', 'Б. Бат ирсэн. Үнэ нь 3.5 төгрөг. Сайн байна уу?\n| Нэр | Үнэ |\n|---|---|'],
  ];

  it.each(answers)('%s', (lang, answer) => {
    const whole = sentencesOf(lang, answer);
    expect(whole.length).toBeGreaterThan(3);
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) expect(streamedInChunks(lang, answer, seed)).toEqual(whole);
  });
});
