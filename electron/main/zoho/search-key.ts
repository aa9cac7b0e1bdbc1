import { ZOHO } from '../../../shared/limits';
import type { MailSearch } from '../mail/mailbox-port';

/** Zoho's searchKey parameters for the model's three fields (seeds 000: query -> entire, from -> sender, subject). */
export type SearchParam = 'entire' | 'sender' | 'subject';
export interface SearchTerm {
  param: SearchParam;
  value: string;
}

const FIELD_PARAMS = [
  ['query', 'entire'],
  ['from', 'sender'],
  ['subject', 'subject'],
] as const satisfies ReadonlyArray<readonly [keyof MailSearch, SearchParam]>;

/**
 * Splits text into words that can never be searchKey syntax. A word keeps only letters, combining marks, digits
 * and `@ . _ + ' & -` (enough for addresses, domains, invoice numbers and names): no quote, colon, backslash or
 * space survives, so `::`, `:or:`, `param:` and a closing quote cannot be written, whatever the text says.
 * Punctuation at a word's edges is dropped ("notice." is "notice"), since an exact value must match as written.
 */
export function searchWords(text: string | undefined): string[] {
  if (!text) return [];
  return text
    .normalize('NFC')
    .split(/[^\p{L}\p{M}\p{N}@._+'&-]+/u)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{M}\p{N}]+$/gu, ''))
    .filter((word) => word !== '');
}

/** Every word of every field becomes one term, ANDed: each field keeps its first ZOHO.searchQueryMaxWords words. */
export function searchTerms(search: MailSearch): SearchTerm[] {
  return FIELD_PARAMS.flatMap(([field, param]) =>
    searchWords(search[field])
      .slice(0, ZOHO.searchQueryMaxWords)
      .map((value) => ({ param, value })),
  );
}

/** `entire:"hetzner"::sender:"billing@hetzner.com"`: each value quoted, terms joined by `::` (AND). */
export function searchKey(terms: readonly SearchTerm[]): string {
  return terms.map(({ param, value }) => `${param}:"${value}"`).join('::');
}

/**
 * The one retry after zero hits, with fewer terms; null when there is nothing left to drop. Models AND too many
 * words, and the free text is where they over-reach, so the rule, in order, is:
 * 1. a query beside a sender or subject: drop the query (the sender and subject are the precise filters);
 * 2. a sender and a subject: keep the sender;
 * 3. one field of several words: keep its longest words (at most ZOHO.relaxedQueryMaxWords, always at least one
 *    fewer than before), since long words (names, products, numbers) are the telling ones and short ones the
 *    common words that over-constrain.
 */
export function relaxedSearch(search: MailSearch): MailSearch | null {
  const words = { query: searchWords(search.query), from: searchWords(search.from), subject: searchWords(search.subject) };
  const used = FIELD_PARAMS.map(([field]) => field).filter((field) => words[field].length > 0);
  if (used.length > 1) {
    return words.query.length > 0 ? pick(search, ['from', 'subject']) : pick(search, ['from']);
  }
  const [only] = used;
  if (only === undefined || words[only].length < 2) return null;
  const keep = Math.min(ZOHO.relaxedQueryMaxWords, words[only].length - 1);
  return { [only]: longestWords(words[only], keep).join(' ') };
}

function pick(search: MailSearch, fields: ReadonlyArray<keyof MailSearch>): MailSearch {
  return Object.fromEntries(fields.filter((field) => searchWords(search[field]).length > 0).map((field) => [field, search[field]]));
}

/** The `count` longest words, in their original order; the earlier word wins a tie. */
function longestWords(words: readonly string[], count: number): string[] {
  const chosen = words
    .map((word, index) => ({ word, index }))
    .sort((a, b) => b.word.length - a.word.length || a.index - b.index)
    .slice(0, count)
    .sort((a, b) => a.index - b.index);
  return chosen.map(({ word }) => word);
}
