import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZOHO } from '../../../shared/limits';
import { parseSearchKey, words } from '../../../test/doubles/zoho-search-key';
import { relaxedSearch, searchKey, searchTerms, searchWords } from './search-key';

/** What Zoho would read: `::`-separated terms, each `param:"value"` with no syntax inside the quotes. */
const TERM = /^(entire|sender|subject):"[^":\\\s]+"$/u;

const hostile = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc
    .array(fc.constantFrom('::', ':or:', ':', '"', '\\', 'entire:', 'sender:x', 'has:attachment', '&limit=200', '=', ' ', 'in:Sent', 'hetzner', 'Año', '1709876190693100009'), { maxLength: 12 })
    .map((parts) => parts.join('')),
);

describe('searchKey', () => {
  it('turns each word into one quoted term, ANDed with ::, per the seeds (query -> entire, from -> sender)', () => {
    expect(searchKey(searchTerms({ query: 'Hetzner maintenance', from: 'billing@hetzner.com', subject: 'Rechnung' }))).toBe(
      'entire:"Hetzner"::entire:"maintenance"::sender:"billing@hetzner.com"::subject:"Rechnung"',
    );
  });

  it('keeps letters with accents, addresses, domains and numbers whole, and drops the punctuation around words', () => {
    expect(searchWords('¿Qué dijo «Hetzner» sobre la factura #2024-117, (info@hetzner.de)?')).toEqual([
      'Qué',
      'dijo',
      'Hetzner',
      'sobre',
      'la',
      'factura',
      '2024-117',
      'info@hetzner.de',
    ]);
  });

  it('cannot be steered into operators: quotes, colons, :: and :or: in the text become plain word breaks', () => {
    const key = searchKey(searchTerms({ query: 'invoice" :: sender:"boss@corp.com" :or: has:attachment' }));
    expect(key).toBe(
      'entire:"invoice"::entire:"sender"::entire:"boss@corp.com"::entire:"or"::entire:"has"::entire:"attachment"',
    );
  });

  it('property: arbitrary text never adds a term, a parameter or an operator beyond one term per word', () => {
    fc.assert(
      fc.property(fc.record({ query: hostile, from: hostile, subject: hostile }, { requiredKeys: [] }), (search) => {
        const terms = searchTerms(search);
        const key = searchKey(terms);
        const parts = key === '' ? [] : key.split('::');
        expect(parts).toHaveLength(terms.length);
        for (const part of parts) expect(part).toMatch(TERM);
        // And nothing escapes the query parameter once URL-encoded.
        const query = new URLSearchParams(new URLSearchParams({ searchKey: key, start: '1' }).toString());
        expect([...query.keys()]).toEqual(['searchKey', 'start']);
        expect(query.get('searchKey')).toBe(key);
      }),
      { numRuns: 500 },
    );
  });

  it('property: the Zoho double parses every key into exactly our terms, each an exact value of a known parameter', () => {
    fc.assert(
      fc.property(fc.record({ query: hostile, from: hostile, subject: hostile }, { requiredKeys: [] }), (search) => {
        const terms = searchTerms(search);
        fc.pre(terms.length > 0);
        const parsed = parseSearchKey(searchKey(terms));
        expect(parsed).toEqual({
          ok: true,
          terms: terms.map(({ param, value }) => ({ param, match: 'phrase', words: words(value) })),
        });
      }),
      { numRuns: 500 },
    );
  });

  it(`keeps at most ${ZOHO.searchQueryMaxWords} words of a field`, () => {
    const terms = searchTerms({ query: 'one two three four five six seven eight nine ten' });
    expect(terms.map((term) => term.value)).toEqual(['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'].slice(0, ZOHO.searchQueryMaxWords));
  });

  it('has nothing to search for when the text holds no word', () => {
    expect(searchTerms({ query: ' :: "" : ', from: '', subject: '-' })).toEqual([]);
  });
});

describe('relaxedSearch (one retry with fewer terms after zero hits)', () => {
  it('drops the free text when a sender or subject is there', () => {
    expect(relaxedSearch({ query: 'last maintenance notice', from: 'hetzner' })).toEqual({ from: 'hetzner' });
    expect(relaxedSearch({ query: 'invoice', subject: 'Rechnung', from: 'hetzner' })).toEqual({ from: 'hetzner', subject: 'Rechnung' });
  });

  it('keeps the sender when sender and subject found nothing together', () => {
    expect(relaxedSearch({ from: 'hetzner', subject: 'Scheduled maintenance' })).toEqual({ from: 'hetzner' });
  });

  it('keeps the longest words of a lone query, always fewer than before', () => {
    expect(relaxedSearch({ query: 'what did the last Hetzner maintenance notice say' })).toEqual({ query: 'Hetzner maintenance' });
    expect(relaxedSearch({ query: 'Hetzner invoice' })).toEqual({ query: 'Hetzner' });
    expect(relaxedSearch({ from: 'Hetzner Online GmbH' })).toEqual({ from: 'Hetzner Online' });
  });

  it('gives up when a single term is left', () => {
    expect(relaxedSearch({ query: 'Hetzner' })).toBeNull();
    expect(relaxedSearch({ subject: '"::"' })).toBeNull();
  });

  it('property: the retry always has fewer terms than the search it relaxes', () => {
    fc.assert(
      fc.property(fc.record({ query: hostile, from: hostile, subject: hostile }, { requiredKeys: [] }), (search) => {
        const relaxed = relaxedSearch(search);
        if (relaxed) {
          expect(searchTerms(relaxed).length).toBeGreaterThan(0);
          expect(searchTerms(relaxed).length).toBeLessThan(searchTerms(search).length);
        }
      }),
      { numRuns: 300 },
    );
  });
});
