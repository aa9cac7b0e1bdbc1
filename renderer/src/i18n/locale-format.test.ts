import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGS, type Lang } from '../../../shared/lang';
import { agoText, dateText, hoursText, numberText } from './locale-format';
import type { DateShape } from './locale-shapes';

/** Tuesday 1 December 2026, 19:10, on this computer's clock. */
const WHEN = new Date(2026, 11, 1, 19, 10);

/**
 * Node's Intl has every language; Chromium's (and so Electron's) has no Mongolian and answers a request for it in
 * the default locale, as these stand-ins do.
 */
function withoutMongolian<T extends object>(service: T): T {
  const known = (locales: unknown): string[] => [locales ?? []].flat().map(String).filter((tag) => !/^mn\b/i.test(tag));
  return new Proxy(service, {
    construct: (target, [locales, ...rest]) => Reflect.construct(target as new (...args: unknown[]) => object, [known(locales), ...rest]),
    get: (target, key) =>
      key === 'supportedLocalesOf'
        ? (locales: unknown, options?: unknown) => (target as typeof Intl.DateTimeFormat).supportedLocalesOf(known(locales), options as undefined)
        : Reflect.get(target, key),
  });
}

function asInChromium() {
  vi.stubGlobal('Intl', {
    ...Intl,
    DateTimeFormat: withoutMongolian(Intl.DateTimeFormat),
    NumberFormat: withoutMongolian(Intl.NumberFormat),
    RelativeTimeFormat: withoutMongolian(Intl.RelativeTimeFormat),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** ICU spaces ("7:10 PM", "1 234") and bidi marks (Arabic dates) vary between versions, unseen: read them as plain spaces. */
const plain = (text: string) => text.replace(/[\u200e\u200f\u061c]/g, '').replace(/\s/g, ' ');

interface Expected {
  readonly dates: Record<DateShape, string>;
  readonly number: string;
  readonly relevance: string;
  readonly twoMinutesAgo: string;
  readonly yesterday: string;
  readonly hours: string;
}

/** What a speaker of each language expects to read for 1 December 2026, 19:10 (a Tuesday), 1234.5 and 0.7. */
const EXPECTED: Record<Lang, Expected> = {
  en: {
    dates: { dateTime: 'Dec 1, 2026, 7:10 PM', monthDay: 'Dec 1', time: '7:10 PM', weekdayTime: 'Tue 7:10 PM' },
    number: '1,234.5',
    relevance: '0.70',
    twoMinutesAgo: '2 minutes ago',
    yesterday: 'yesterday',
    hours: '12 hours',
  },
  es: {
    dates: { dateTime: '1 dic 2026, 19:10', monthDay: '1 dic', time: '19:10', weekdayTime: 'mar, 19:10' },
    number: '1234,5',
    relevance: '0,70',
    twoMinutesAgo: 'hace 2 minutos',
    yesterday: 'ayer',
    hours: '12 horas',
  },
  fr: {
    dates: { dateTime: '1 déc. 2026, 19:10', monthDay: '1 déc.', time: '19:10', weekdayTime: 'mar. 19:10' },
    number: '1 234,5',
    relevance: '0,70',
    twoMinutesAgo: 'il y a 2 minutes',
    yesterday: 'hier',
    hours: '12 heures',
  },
  ru: {
    dates: { dateTime: '1 дек. 2026 г., 19:10', monthDay: '1 дек.', time: '19:10', weekdayTime: 'вт 19:10' },
    number: '1 234,5',
    relevance: '0,70',
    twoMinutesAgo: '2 минуты назад',
    yesterday: 'вчера',
    hours: '12 часов',
  },
  // The app's own table: the 12th month, a 24-hour clock, Mongolian weekdays and ages.
  mn: {
    dates: { dateTime: '2026 оны 12-р сарын 1 19:10', monthDay: '12-р сарын 1', time: '19:10', weekdayTime: 'Мя. 19:10' },
    number: '1,234.5',
    relevance: '0.70',
    twoMinutesAgo: '2 минутын өмнө',
    yesterday: 'өчигдөр',
    hours: '12 цаг',
  },
  zh: {
    dates: { dateTime: '2026年12月1日 19:10', monthDay: '12月1日', time: '19:10', weekdayTime: '周二19:10' },
    number: '1,234.5',
    relevance: '0.70',
    twoMinutesAgo: '2分钟前',
    yesterday: '昨天',
    hours: '12小时',
  },
  // Arabic month and weekday names; the full date in figures, day first, and م (evening) after the time.
  ar: {
    dates: { dateTime: '01/12/2026، 7:10 م', monthDay: '1 ديسمبر', time: '7:10 م', weekdayTime: 'الثلاثاء 7:10 م' },
    number: '1,234.5',
    relevance: '0.70',
    twoMinutesAgo: 'قبل دقيقتين',
    yesterday: 'أمس',
    hours: '12 ساعة',
  },
};

describe('dates and numbers in every language, in a browser without Mongolian data', () => {
  it.each(LANGS)('%s: dates, ages and numbers as its speakers write them', (lang) => {
    asInChromium();
    const expected = EXPECTED[lang];
    for (const shape of Object.keys(expected.dates) as DateShape[]) {
      expect(plain(dateText(WHEN, shape, lang)), shape).toBe(expected.dates[shape]);
    }
    expect(plain(agoText(2, 'minute', lang))).toBe(expected.twoMinutesAgo);
    expect(plain(agoText(1, 'day', lang))).toBe(expected.yesterday);
    expect(plain(numberText(1234.5, lang))).toBe(expected.number);
    expect(plain(numberText(0.7, lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }))).toBe(expected.relevance);
    expect(plain(hoursText(12, lang))).toBe(expected.hours);
  });

  it('writes every Mongolian month by its number and every weekday by its own name, never in English', () => {
    asInChromium();
    const months = Array.from({ length: 12 }, (_, month) => dateText(new Date(2027, month, 9, 8, 5), 'monthDay', 'mn'));
    expect(months).toEqual(Array.from({ length: 12 }, (_, month) => `${month + 1}-р сарын 9`));
    // Sunday 7 to Saturday 13 March 2027, five past midnight.
    const weekdays = Array.from({ length: 7 }, (_, day) => dateText(new Date(2027, 2, 7 + day, 0, 5), 'weekdayTime', 'mn'));
    expect(weekdays).toEqual(['Ня. 00:05', 'Да. 00:05', 'Мя. 00:05', 'Лх. 00:05', 'Пү. 00:05', 'Ба. 00:05', 'Бя. 00:05']);
  });

  it('says Mongolian ages with CLDR words where it has them', () => {
    asInChromium();
    expect([agoText(2, 'day', 'mn'), agoText(5, 'day', 'mn'), agoText(3, 'hour', 'mn')]).toEqual(['уржигдар', '5 өдрийн өмнө', '3 цагийн өмнө']);
    expect([agoText(1, 'month', 'mn'), agoText(4, 'month', 'mn'), agoText(1, 'year', 'mn'), agoText(2, 'year', 'mn')]).toEqual([
      'өнгөрсөн сар',
      '4 сарын өмнө',
      'өнгөрсөн жил',
      '2 жилийн өмнө',
    ]);
  });
});
